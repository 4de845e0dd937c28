import { describe, expect, it } from 'vitest';
import {
  decideLink,
  evolveLink,
  foldLink,
  initialLinkState,
  LinkRuleError,
  type LinkEvent,
} from '../../../../api/src/domain/projectLink.js';

const projectId = '00000000-0000-4000-8000-000000000001';
const T0 = '2026-11-26T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const fold = (events: LinkEvent[]) => events.reduce(evolveLink, initialLinkState());

describe('link decider', () => {
  it('sets expiry and PIN, and refuses an expiry that is not in the future', () => {
    const events = decideLink(
      {
        type: 'ChangeLinkSettings',
        data: { projectId, expiresAt: at(60), pinHash: 'sealed-1', now: T0 },
      },
      initialLinkState(),
    );
    expect(events).toEqual([
      {
        type: 'LinkSettingsChanged',
        data: {
          projectId,
          expiresAt: at(60),
          pinHash: 'sealed-1',
          pin: 'set',
          downloadsAllowed: false,
          changedAt: T0,
        },
      },
    ]);
    expect(fold(events)).toMatchObject({ expiresAt: at(60), pinSet: true });
    for (const expiresAt of [T0, at(-1)]) {
      expect(() =>
        decideLink(
          {
            type: 'ChangeLinkSettings',
            data: { projectId, expiresAt, pinHash: undefined, now: T0 },
          },
          initialLinkState(),
        ),
      ).toThrow(LinkRuleError);
    }
  });

  it('keeps the PIN when it is omitted, clears it on null, and records nothing that changes nothing', () => {
    const withPin = fold(
      decideLink(
        {
          type: 'ChangeLinkSettings',
          data: { projectId, expiresAt: null, pinHash: 'sealed', now: T0 },
        },
        initialLinkState(),
      ),
    );
    const keep = decideLink(
      {
        type: 'ChangeLinkSettings',
        data: { projectId, expiresAt: at(90), pinHash: undefined, now: T0 },
      },
      withPin,
    );
    expect(keep[0]?.data).toMatchObject({ pin: 'unchanged', pinHash: null, expiresAt: at(90) });
    expect(fold([...(keep as LinkEvent[])]).pinSet).toBe(false);
    expect(keep.reduce(evolveLink, withPin).pinSet).toBe(true);
    const clear = decideLink(
      { type: 'ChangeLinkSettings', data: { projectId, expiresAt: null, pinHash: null, now: T0 } },
      withPin,
    );
    expect(clear[0]?.data).toMatchObject({ pin: 'cleared' });
    expect(clear.reduce(evolveLink, withPin).pinSet).toBe(false);
    expect(
      decideLink(
        {
          type: 'ChangeLinkSettings',
          data: { projectId, expiresAt: null, pinHash: null, now: T0 },
        },
        initialLinkState(),
      ),
    ).toEqual([]);
  });

  it('allows downloads only when the owner turns them on, keeps the setting when omitted, and records nothing that changes nothing', () => {
    const settings = (downloadsAllowed: boolean | undefined, expiresAt: string | null = null) =>
      ({
        type: 'ChangeLinkSettings',
        data: { projectId, expiresAt, pinHash: undefined, downloadsAllowed, now: T0 },
      }) as const;
    expect(initialLinkState().downloadsAllowed).toBe(false);
    expect(decideLink(settings(false), initialLinkState())).toEqual([]);
    const on = decideLink(settings(true), initialLinkState());
    expect(on[0]?.data).toMatchObject({ downloadsAllowed: true, pin: 'unchanged' });
    const allowed = fold(on);
    expect(allowed.downloadsAllowed).toBe(true);
    expect(decideLink(settings(true), allowed)).toEqual([]);
    // An expiry change that does not name downloads keeps them allowed.
    const later = decideLink(settings(undefined, at(60)), allowed);
    expect(later[0]?.data).toMatchObject({ downloadsAllowed: true, expiresAt: at(60) });
    expect(later.reduce(evolveLink, allowed).downloadsAllowed).toBe(true);
    // Settings recorded before the setting existed leave it as it was.
    const old: LinkEvent = {
      type: 'LinkSettingsChanged',
      data: { projectId, expiresAt: null, pinHash: null, pin: 'unchanged', changedAt: T0 },
    };
    expect(evolveLink(allowed, old).downloadsAllowed).toBe(true);
    expect(evolveLink(initialLinkState(), old).downloadsAllowed).toBe(false);
    const off = decideLink(settings(false), allowed);
    expect(off.reduce(evolveLink, allowed).downloadsAllowed).toBe(false);
  });

  it('records a download only while downloads are allowed and the link works', () => {
    const download = {
      type: 'RecordLinkDownload',
      data: { projectId, version: 2, modelId: null, now: T0 },
    } as const;
    const refused = (state: ReturnType<typeof initialLinkState>, code: string) => {
      try {
        decideLink(download, state);
      } catch (err) {
        expect(err).toBeInstanceOf(LinkRuleError);
        expect((err as LinkRuleError).code).toBe(code);
        return;
      }
      throw new Error('not refused');
    };
    refused(initialLinkState(), 'downloads_not_allowed');
    const allowed = { ...initialLinkState(), downloadsAllowed: true };
    expect(decideLink(download, allowed)).toEqual([
      {
        type: 'LinkFilesDownloaded',
        data: { projectId, version: 2, modelId: null, downloadedAt: T0 },
      },
    ]);
    refused({ ...allowed, revokedTokenHash: 'aa' }, 'link_revoked');
  });

  it('revokes once; a rotation makes the link work again and needs a new token', () => {
    const revoked = decideLink(
      { type: 'RevokeLink', data: { projectId, tokenHash: 'aa', now: T0 } },
      initialLinkState(),
    );
    const state = fold(revoked);
    expect(state.revokedTokenHash).toBe('aa');
    expect(
      decideLink({ type: 'RevokeLink', data: { projectId, tokenHash: 'aa', now: T0 } }, state),
    ).toEqual([]);
    expect(() =>
      decideLink(
        {
          type: 'RotateLink',
          data: { projectId, previousTokenHash: 'aa', tokenHash: 'aa', now: T0 },
        },
        state,
      ),
    ).toThrow(LinkRuleError);
    const rotated = decideLink(
      {
        type: 'RotateLink',
        data: { projectId, previousTokenHash: 'aa', tokenHash: 'bb', now: T0 },
      },
      state,
    );
    expect(rotated.reduce(evolveLink, state).revokedTokenHash).toBeNull();
  });

  it('logs an opening at most once per browser per 30 minutes, and none on a withdrawn link', () => {
    const open = (viewerKey: string, minutes: number) =>
      ({
        type: 'RecordLinkOpening',
        data: { projectId, viewerKey, device: 'phone', browser: 'Safari', now: at(minutes) },
      }) as const;
    let state = initialLinkState();
    const log: LinkEvent[] = [];
    for (const [key, minutes] of [
      ['a', 0],
      ['a', 29],
      ['b', 29],
      ['a', 30],
      ['a', 45],
    ] as const) {
      const events = decideLink(open(key, minutes), state);
      log.push(...events);
      state = events.reduce(evolveLink, state);
    }
    expect(
      log.map((e) => [
        (e.data as { viewerKey: string }).viewerKey,
        (e.data as { openedAt: string }).openedAt,
      ]),
    ).toEqual([
      ['a', at(0)],
      ['b', at(29)],
      ['a', at(30)],
    ]);
    const revoked = decideLink(
      { type: 'RevokeLink', data: { projectId, tokenHash: 'aa', now: T0 } },
      state,
    ).reduce(evolveLink, state);
    expect(() => decideLink(open('c', 60), revoked)).toThrow(LinkRuleError);
  });

  it('folds only link events out of a project stream', () => {
    const state = foldLink([
      { type: 'ProjectCreated', data: {} },
      { type: 'LinkRevoked', data: { projectId, tokenHash: 'aa', revokedAt: T0 } },
      { type: 'ProjectStatusChanged', data: {} },
    ]);
    expect(state.revokedTokenHash).toBe('aa');
  });
});
