import type { RebuildProgress } from './rebuild.js';

export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `[##########----------]  52%  52,000/100,000 events  14,210 events/s` */
export function progressLine(p: Omit<RebuildProgress, 'done'>, width = 30): string {
  const total = Math.max(p.total, p.events);
  const ratio = total > 0 ? p.events / total : 1;
  const filled = Math.round(ratio * width);
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return (
    `${p.projection} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ` +
    `${String(Math.floor(ratio * 100)).padStart(3)}%  ${n(p.events)}/${n(total)} events  ` +
    `${n(p.eventsPerSecond)} events/s`
  );
}

/** Where progress goes: a stream that may be a terminal (process.stderr). */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Rebuild progress for an operator: on a terminal one bar per projection, redrawn in place and
 * left standing when done; otherwise (a log file, a pipe) each projection's bar once, when done.
 */
export function progressPrinter(out: ProgressOutput): (p: RebuildProgress) => void {
  return (p) => {
    if (out.isTTY) out.write(`\r${progressLine(p)}${p.done ? '\n' : ''}`);
    else if (p.done) out.write(`${progressLine(p)}\n`);
  };
}
