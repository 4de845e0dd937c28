import { describe, expect, it } from 'vitest';
import { entryName, uniqueNames } from '../../../../api/src/downloads/zipNames.js';

describe('zip entry names', () => {
  it('keeps a file name as it is, folders, control characters and dot names made harmless', () => {
    expect(entryName('Upper jaw – Zähne 11–21.stl')).toBe('Upper jaw – Zähne 11–21.stl');
    expect(entryName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(entryName('C:\\scans\\upper.stl')).toBe('C:_scans_upper.stl');
    expect(entryName('a\u0000b\nc.stl')).toBe('a_b_c.stl');
    for (const name of ['', ' ', '.', '..']) expect(entryName(name)).toBe('model');
  });

  it('numbers repeats before the extension, ignoring case, and never takes a reserved name', () => {
    expect(
      uniqueNames(
        ['upper.stl', 'Upper.STL', 'upper.stl', 'upper (2).stl', 'scan', 'scan', 'sha256sums'],
        ['SHA256SUMS'],
      ),
    ).toEqual([
      'upper.stl',
      'Upper (2).STL',
      'upper (3).stl',
      'upper (2) (2).stl',
      'scan',
      'scan (2)',
      'sha256sums (2)',
    ]);
  });

  it('compares names in one Unicode form: é typed two ways is the same name', () => {
    expect(uniqueNames(['caf\u00e9.stl', 'cafe\u0301.stl'])).toEqual(['café.stl', 'café (2).stl']);
  });
});
