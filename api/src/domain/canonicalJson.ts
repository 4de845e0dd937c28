/**
 * Canonical JSON (RFC 8785, JCS) of plain JSON data: object keys sorted by UTF-16 code units, no
 * whitespace, strings and numbers as `JSON.stringify` writes them (which is what JCS specifies).
 * The approval record's digest is computed over it, so anyone can recompute it from the JSON.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError('canonical JSON has no representation of a non-finite number');
    }
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) throw new TypeError(`canonical JSON cannot hold ${typeof value}`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
