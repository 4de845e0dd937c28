import { describe, expect, it } from 'vitest';
import { snapshotFileName } from '../../../../../web/src/viewer/tools/snapshotName';

const at = new Date(2026, 10, 26, 9, 5);

describe('snapshot file name', () => {
  it('is the project name and the local date and time', () => {
    expect(snapshotFileName('Upper crowns review', at)).toBe(
      'cusp-upper-crowns-review-2026-11-26-0905.png',
    );
  });

  it('keeps only safe characters (accents folded, separators collapsed)', () => {
    expect(snapshotFileName('  Crône 16 / Zirkon: v2!! ', at)).toBe(
      'cusp-crone-16-zirkon-v2-2026-11-26-0905.png',
    );
    expect(snapshotFileName('../../etc/passwd', at)).toBe('cusp-etc-passwd-2026-11-26-0905.png');
  });

  it('falls back to "view" without a usable name and caps long names', () => {
    expect(snapshotFileName(undefined, at)).toBe('cusp-view-2026-11-26-0905.png');
    expect(snapshotFileName('日本語', at)).toBe('cusp-view-2026-11-26-0905.png');
    const long = snapshotFileName('a'.repeat(200), at);
    expect(long).toBe(`cusp-${'a'.repeat(60)}-2026-11-26-0905.png`);
  });
});
