import { describe, expect, it } from 'vitest';
import { attentionAnswer, type AttentionItem } from '../../../../../api/src/contract/dashboard';
import {
  attentionTarget,
  attentionText,
  readLastVisit,
  sortAttention,
  writeLastVisit,
} from '../../../../../web/src/pages/Dashboard/attention';

const PROJECT = '7a0d1e4c-8f7b-4f51-9d1e-6a4b0c2d3e4f';
const NOW = Date.parse('2026-11-27T10:00:00.000Z');

const item = (kind: AttentionItem['kind'], at: string, count = 1): AttentionItem =>
  attentionAnswer.parse({
    items: [{ kind, projectId: PROJECT, projectName: 'Crown 16', count, at }],
  }).items[0]!;

describe('needs attention: where an item leads', () => {
  it('new comments and changes requested open the owner viewer with the conversation', () => {
    for (const kind of ['new_comments', 'changes_requested'] as const) {
      expect(attentionTarget(item(kind, '2026-11-27T09:00:00.000Z'))).toEqual({
        kind: 'page',
        to: `/viewer/${PROJECT}?panel=thread`,
      });
    }
  });

  it('an approval opens the viewer, a closing link its settings', () => {
    expect(attentionTarget(item('approved', '2026-11-27T09:00:00.000Z'))).toEqual({
      kind: 'page',
      to: `/viewer/${PROJECT}`,
    });
    expect(attentionTarget(item('link_expiring', '2026-11-30T09:00:00.000Z'))).toEqual({
      kind: 'link-settings',
    });
  });
});

describe('needs attention: what an item says', () => {
  it('counts comments and says when a link closes', () => {
    expect(attentionText(item('new_comments', '2026-11-27T09:00:00.000Z', 3), NOW)).toBe(
      '3 new comments',
    );
    expect(attentionText(item('new_comments', '2026-11-27T09:00:00.000Z'), NOW)).toBe(
      '1 new comment',
    );
    expect(attentionText(item('link_expiring', '2026-11-27T18:00:00.000Z'), NOW)).toBe(
      'Link closes tomorrow',
    );
    expect(attentionText(item('link_expiring', '2026-11-27T09:59:00.000Z'), NOW)).toBe(
      'Link closes today',
    );
    expect(attentionText(item('link_expiring', '2026-12-02T09:00:00.000Z'), NOW)).toBe(
      'Link closes in 5 days',
    );
    expect(attentionText(item('changes_requested', '2026-11-27T09:00:00.000Z'), NOW)).toBe(
      'Changes requested',
    );
  });

  it('puts changes requested first, then comments (newest first), closing links (soonest first), approvals', () => {
    const sorted = sortAttention([
      item('approved', '2026-11-27T09:00:00.000Z'),
      item('link_expiring', '2026-12-03T09:00:00.000Z'),
      item('new_comments', '2026-11-26T09:00:00.000Z'),
      item('link_expiring', '2026-11-29T09:00:00.000Z'),
      item('new_comments', '2026-11-27T08:00:00.000Z'),
      item('changes_requested', '2026-11-20T09:00:00.000Z'),
    ]);
    expect(sorted.map((i) => `${i.kind} ${i.at.slice(5, 10)}`)).toEqual([
      'changes_requested 11-20',
      'new_comments 11-27',
      'new_comments 11-26',
      'link_expiring 11-29',
      'link_expiring 12-03',
      'approved 11-27',
    ]);
  });
});

describe('the last visit', () => {
  function memoryStorage(): Storage {
    const m = new Map<string, string>();
    return {
      get length() {
        return m.size;
      },
      clear: () => m.clear(),
      getItem: (k) => m.get(k) ?? null,
      key: (i) => [...m.keys()][i] ?? null,
      removeItem: (k) => void m.delete(k),
      setItem: (k, v) => void m.set(k, v),
    };
  }

  it('reads back the instant written, and nothing from a first visit or a garbled value', () => {
    const s = memoryStorage();
    expect(readLastVisit(s)).toBeNull();
    writeLastVisit('2026-11-27T10:00:00.000Z', s);
    expect(readLastVisit(s)).toBe('2026-11-27T10:00:00.000Z');
    s.setItem('cusp.dashboard.lastVisit', 'not a date');
    expect(readLastVisit(s)).toBeNull();
  });
});
