import { describe, expect, it } from 'vitest';
import {
  linkDraftOf,
  linkSettingsProblems,
  type LinkDraft,
} from '../../../../../web/src/components/link/linkDraft';

const now = new Date('2026-11-26T10:00:00.000Z');
const messages = { chooseDate: 'date?', inPast: 'past', pinFormat: 'pin' };
const draft = (d: Partial<LinkDraft>): LinkDraft => ({
  expiry: 'never',
  date: '',
  pinMode: 'none',
  pin: '',
  downloadsAllowed: false,
  ...d,
});

describe('link settings draft', () => {
  it('starts from the saved link: its expiry as a date, its PIN kept, downloads as they are', () => {
    expect(
      linkDraftOf({ expiresAt: '2026-12-03T22:59:59.000Z', pinSet: true, downloadsAllowed: true }),
    ).toEqual({
      expiry: 'date',
      date: '2026-12-03',
      pinMode: 'keep',
      pin: '',
      downloadsAllowed: true,
    });
    expect(linkDraftOf({ expiresAt: null, pinSet: false, downloadsAllowed: false })).toMatchObject({
      expiry: 'never',
      pinMode: 'none',
      downloadsAllowed: false,
    });
  });

  it('refuses every bad field at once, naming each', () => {
    expect(
      linkSettingsProblems(draft({ expiry: 'date', pinMode: 'set', pin: '123' }), now, messages),
    ).toEqual({ ok: false, problems: { date: 'date?', pin: 'pin' } });
    expect(
      linkSettingsProblems(draft({ expiry: 'date', date: '2026-11-01' }), now, messages),
    ).toEqual({ ok: false, problems: { date: 'past' } });
    // A bad PIN alone says nothing about the chosen expiry.
    expect(
      linkSettingsProblems(draft({ expiry: '30', pinMode: 'set', pin: '12345' }), now, messages),
    ).toEqual({ ok: false, problems: { pin: 'pin' } });
  });

  it('builds the body: days from now, the PIN set, cleared or left out to keep it, downloads as chosen', () => {
    expect(
      linkSettingsProblems(draft({ expiry: '7', pinMode: 'set', pin: '12345678' }), now, messages),
    ).toEqual({
      ok: true,
      body: { expiresAt: '2026-12-03T10:00:00.000Z', pin: '12345678', downloadsAllowed: false },
    });
    expect(
      linkSettingsProblems(draft({ pinMode: 'keep', downloadsAllowed: true }), now, messages),
    ).toEqual({ ok: true, body: { expiresAt: null, downloadsAllowed: true } });
    expect(linkSettingsProblems(draft({ pinMode: 'none' }), now, messages)).toEqual({
      ok: true,
      body: { expiresAt: null, pin: null, downloadsAllowed: false },
    });
  });
});
