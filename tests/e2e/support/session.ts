import type { Page } from '@playwright/test';

export interface SeedUser {
  id: string;
  name: string;
  email: string;
  companyName?: string;
  emailVerified?: boolean;
  role?: 'admin' | 'user';
}

export const TECHNICIAN: SeedUser = {
  id: 'u-technician',
  name: 'Ana Lopez',
  email: 'ana@lab.example',
  companyName: 'Lopez Dental Lab',
  emailVerified: true,
  role: 'user',
};

export const ADMIN: SeedUser = {
  id: 'u-admin',
  name: 'Sam Admin',
  email: 'sam@cusp.example',
  companyName: 'Cusp',
  emailVerified: true,
  role: 'admin',
};

/**
 * Simulates a signed-in browser: `token` and `userData` in localStorage, written before
 * the app starts. GET /api/me answers with the user so the app's background check keeps the
 * session; pass `me: 401` to simulate a revoked token instead.
 */
export async function seedSession(
  page: Page,
  user: SeedUser,
  options: { me?: 200 | 401; token?: string; withUserData?: boolean } = {},
): Promise<void> {
  const token = options.token ?? 'e2e-token';
  const userData = options.withUserData === false ? null : JSON.stringify(user);
  await page.addInitScript(
    ([t, u]) => {
      // Seed once per tab, so a logout inside the test is not undone by the next page load.
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('token', t as string);
      if (u) localStorage.setItem('userData', u);
    },
    [token, userData] as const,
  );
  await page.route('**/api/me', (route) =>
    options.me === 401
      ? route.fulfill({ status: 401, json: { error: 'Unauthorized', code: 'unauthorized' } })
      : route.fulfill({ status: 200, json: { user } }),
  );
}

/** Reads the session keys from the page's localStorage. */
export async function storedSession(
  page: Page,
): Promise<{ token: string | null; userData: string | null }> {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userData: localStorage.getItem('userData'),
  }));
}
