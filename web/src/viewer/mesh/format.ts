/** Display formatting used by the viewer panels (Layers and Project Info). */

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * File size as the viewer shows it: Bytes, KB, MB or GB, base 1024, rounded to two decimals
 * (trailing zeros dropped, so 1536 → '1.5 KB'). Sizes beyond GB stay in GB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  return `${parseFloat(value.toFixed(2))} ${SIZE_UNITS[unit]}`;
}

const CREATED_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The Project Info "Created" date, like 'Mar 5, 2025'; empty for a missing or invalid date. */
export function formatCreatedDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : CREATED_FORMAT.format(d);
}

/** Opacity 0–1 as the slider's percent readout ('35%'). */
export function formatOpacityPercent(opacity: number): string {
  return `${Math.round(clampOpacity(opacity) * 100)}%`;
}

/** Layer opacity range 0 to 1. Non-numbers become fully opaque. */
export function clampOpacity(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(1, Math.max(0, value));
}
