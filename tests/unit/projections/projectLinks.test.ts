import { describe, expect, it } from 'vitest';
import { evolveLinkRow } from '../../../projections/src/projectLinks/row.js';

const projectId = '00000000-0000-4000-8000-000000000002';
const T0 = '2026-11-26T10:00:00.000Z';

describe('link read model evolve', () => {
  it('creates the row on the first link event and keeps the PIN hash until it is cleared', () => {
    const set = evolveLinkRow(
      null,
      {
        type: 'LinkSettingsChanged',
        data: { projectId, expiresAt: T0, pinHash: 'sealed', pin: 'set', changedAt: T0 },
      },
      3,
    );
    expect(set).toMatchObject({
      projectId,
      expiresAt: T0,
      pinHash: 'sealed',
      pinSetAt: T0,
      revision: 3,
      openCount: 0,
    });
    const kept = evolveLinkRow(
      set,
      {
        type: 'LinkSettingsChanged',
        data: { projectId, expiresAt: null, pinHash: null, pin: 'unchanged', changedAt: T0 },
      },
      4,
    );
    expect(kept).toMatchObject({ expiresAt: null, pinHash: 'sealed' });
    const cleared = evolveLinkRow(
      kept,
      {
        type: 'LinkSettingsChanged',
        data: { projectId, expiresAt: null, pinHash: null, pin: 'cleared', changedAt: T0 },
      },
      5,
    );
    expect(cleared).toMatchObject({ pinHash: null, pinSetAt: null });
  });

  it('counts openings, tracks revocation and lock, and ignores replays of applied revisions', () => {
    const opened = {
      type: 'LinkOpened',
      data: { projectId, viewerKey: 'k', device: 'phone', browser: 'Safari', openedAt: T0 },
    } as const;
    const one = evolveLinkRow(null, opened, 1);
    expect(one).toMatchObject({ openCount: 1, lastOpenedAt: T0 });
    expect(evolveLinkRow(one, opened, 1)).toBe(one);
    const revoked = evolveLinkRow(
      one,
      { type: 'LinkRevoked', data: { projectId, tokenHash: 'aa', revokedAt: T0 } },
      2,
    );
    expect(revoked.revokedTokenHash).toBe('aa');
    const rotated = evolveLinkRow(
      revoked,
      {
        type: 'LinkRotated',
        data: { projectId, previousTokenHash: 'aa', tokenHash: 'bb', rotatedAt: T0 },
      },
      3,
    );
    expect(rotated.revokedTokenHash).toBeNull();
    const locked = evolveLinkRow(
      rotated,
      { type: 'LinkPinLocked', data: { projectId, lockedUntil: T0, lockedAt: T0 } },
      4,
    );
    expect(locked).toMatchObject({ lockedUntil: T0, openCount: 1, revision: 4 });
  });

  it('keeps whether downloads are allowed until a setting names it, and changes nothing on a download', () => {
    const settings = (downloadsAllowed: boolean | undefined) =>
      ({
        type: 'LinkSettingsChanged',
        data: {
          projectId,
          expiresAt: null,
          pinHash: null,
          pin: 'unchanged',
          ...(downloadsAllowed === undefined ? {} : { downloadsAllowed }),
          changedAt: T0,
        },
      }) as const;
    expect(evolveLinkRow(null, settings(undefined), 1).downloadsAllowed).toBe(false);
    const on = evolveLinkRow(null, settings(true), 1);
    expect(on.downloadsAllowed).toBe(true);
    expect(evolveLinkRow(on, settings(undefined), 2).downloadsAllowed).toBe(true);
    const downloaded = evolveLinkRow(
      on,
      {
        type: 'LinkFilesDownloaded',
        data: { projectId, version: 1, modelId: null, downloadedAt: T0 },
      },
      3,
    );
    expect(downloaded).toBe(on);
    expect(evolveLinkRow(on, settings(false), 4).downloadsAllowed).toBe(false);
  });
});
