/** Display formatting of the admin panel. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM dd, yyyy' in UTC, like 'Mar 05, 2025'; empty for a missing or invalid date. */
export function formatAdminDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${day}, ${d.getUTCFullYear()}`;
}

/** 'MMM dd, yyyy HH:mm' in UTC, for audit times. */
export function formatAdminDateTime(value: string | number | Date | null | undefined): string {
  const date = formatAdminDate(value);
  if (!date || value === null || value === undefined) return date;
  const d = value instanceof Date ? value : new Date(value);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${date} ${hh}:${mm} UTC`;
}

const STORAGE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes with one decimal in B, KB, MB or GB (base 1024); beyond GB stays in GB. */
export function formatStorage(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), STORAGE_UNITS.length - 1);
  return `${(bytes / 1024 ** unit).toFixed(1)} ${STORAGE_UNITS[unit]}`;
}

/** Status badges use the one shared reading of a status. */
export { statusLabel, statusTone, type StatusTone } from '../../../../api/src/domain/projectStatus';

/** The role column: Admin or User. */
export function roleLabel(role: string | undefined): string {
  return role === 'admin' ? 'Admin' : 'User';
}

/** `{origin}/viewer/{token}`: the full public link the Public Projects table copies. */
export function viewerUrl(origin: string, tokenOrId: string): string {
  return `${origin.replace(/\/+$/, '')}/viewer/${encodeURIComponent(tokenOrId)}`;
}

/** The actor kind of an audit actor string (`admin:<id>` → admin). */
export function actorKindOf(actor: string): string {
  const i = actor.indexOf(':');
  return i < 0 ? actor : actor.slice(0, i);
}

/** 'ProjectStatusChanged' → 'Project status changed'. */
/** Types whose split words would read oddly. */
const EVENT_LABELS: Record<string, string> = {
  LinkSettingsChanged: 'Link settings changed (expiry, PIN or downloads)',
  LinkRevoked: 'Link withdrawn',
  LinkRotated: 'New link created (old one withdrawn)',
  LinkOpened: 'Link opened',
  LinkPinLocked: 'Link locked after 5 wrong PINs',
  LinkFilesDownloaded: 'Files downloaded through the link',
};

export function humanizeEventType(type: string): string {
  const label = EVENT_LABELS[type];
  if (label) return label;
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Shortens `admin:7f3c…` style actors for display: kind plus the first 8 id characters. */
export function shortActor(actor: string): string {
  const i = actor.indexOf(':');
  if (i < 0) return actor;
  const id = actor.slice(i + 1);
  return `${actor.slice(0, i)}:${id.length > 8 ? `${id.slice(0, 8)}…` : id}`;
}
