/** Shapes of the spec's §3 entities as the web app uses them. */

export type Role = 'admin' | 'user';

export interface User {
  id: string;
  name: string;
  email: string;
  companyName?: string;
  emailVerified?: boolean;
  role?: Role;
}

export interface AuthResponse {
  token?: string;
  user?: User;
  requiresVerification?: boolean;
  message?: string;
}

export interface RegisterData {
  name: string;
  email: string;
  companyName: string;
  password: string;
  turnstileToken?: string;
}
