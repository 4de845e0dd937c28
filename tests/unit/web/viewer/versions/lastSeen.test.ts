import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  lastSeenKey,
  readLastSeen,
  rememberSeen,
  versionsSince,
} from '../../../../../web/src/viewer/versions/lastSeen';
import { memoryStorage } from '../../../../support/memoryStorage';

const TOKEN = 'pub_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('the last version seen through a link', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is keyed by the SHA-256 of the token, never the token', async () => {
    const key = await lastSeenKey(TOKEN);
    expect(key).toBe(`cusp:seen:${createHash('sha256').update(TOKEN).digest('hex')}`);
    rememberSeen(key!, 2);
    expect(JSON.stringify({ keys: storage.key(0), value: storage.getItem(key!) })).not.toContain(
      TOKEN,
    );
  });

  it('keeps the highest version seen: a look at an older one does not lower it', () => {
    expect(readLastSeen('k')).toBeNull();
    rememberSeen('k', 2);
    rememberSeen('k', 1);
    expect(readLastSeen('k')).toBe(2);
    rememberSeen('k', 3);
    expect(readLastSeen('k')).toBe(3);
  });

  it('reads a damaged entry as a first visit', () => {
    storage.setItem('k', 'seven');
    expect(readLastSeen('k')).toBeNull();
    storage.setItem('k', '-1');
    expect(readLastSeen('k')).toBeNull();
  });
});

describe('what is new since the last visit', () => {
  const versions = [{ n: 1 }, { n: 2 }, { n: 3 }];

  it('says nothing on a first visit or when the latest was seen', () => {
    expect(versionsSince(null, versions)).toBeNull();
    expect(versionsSince(3, versions)).toBeNull();
  });

  it('lists the versions after the one seen, oldest first', () => {
    expect(versionsSince(1, versions)).toEqual({ since: 1, newer: [{ n: 2 }, { n: 3 }] });
    expect(versionsSince(2, versions)).toEqual({ since: 2, newer: [{ n: 3 }] });
  });
});
