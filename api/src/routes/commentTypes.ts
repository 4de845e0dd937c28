/**
 * Answer types of the conversation routes, shared with the web app (import-free: types only).
 */
export type Vec3 = [number, number, number];
export type AuthorRole = 'doctor' | 'technician';

export interface AnchorDto {
  modelId: string;
  /** Model coordinates (the file's millimetres). */
  point: Vec3;
  /** Unit surface normal, model coordinates. */
  normal: Vec3;
  camera: { position: Vec3; target: Vec3; up: Vec3 };
}

/** One line of the conversation: personal fields opened, pins numbered. */
export interface ThreadEntryDto {
  id: string;
  kind: 'comment' | 'status' | 'approval';
  parentId: string | null;
  /** Null for status lines. `name` is null for feedback given before names were asked. */
  author: { role: AuthorRole; name: string | null; email?: string | null } | null;
  body: string | null;
  anchor: AnchorDto | null;
  /** 1, 2, … for pinned comments in the order they were made; null without a pin. */
  pin: number | null;
  /** The new status of a status line (`approved` for an approval). */
  status: string | null;
  changesRequested: boolean;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: AuthorRole | null;
}
