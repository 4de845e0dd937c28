import { describe, expect, it } from 'vitest';
import { compareSearch } from '../../../../../api/src/contract/viewerAddress';
import { comparedVersion } from '../../../../../web/src/viewer/compare/CompareFromAddress';

const project = { shownVersion: 3, versions: [{ n: 1 }, { n: 2 }, { n: 3 }] };

describe('?compare= in the viewer’s address', () => {
  it('names an older version of the project to open side by side', () => {
    expect(comparedVersion('2', project)).toBe(2);
    expect(comparedVersion('1', project)).toBe(1);
  });

  it('is ignored when it names the shown version, a later or missing one, or no number', () => {
    for (const raw of ['3', '4', '0', '-1', '1.5', 'two', '', '01', null]) {
      expect(comparedVersion(raw, project), String(raw)).toBeNull();
    }
  });

  it('is what the mail of a new version links to', () => {
    const params = new URLSearchParams(compareSearch(3, 2));
    expect(params.get('v')).toBe('3');
    expect(comparedVersion(params.get('compare'), project)).toBe(2);
  });
});
