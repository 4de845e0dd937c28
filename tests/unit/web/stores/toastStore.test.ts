import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_TOASTS, toast, useToastStore } from '../../../../web/src/stores/useToastStore';

beforeEach(() => useToastStore.getState().clear());

describe('toast store', () => {
  it('shows and dismisses toasts', () => {
    const id = toast.error('Failed to delete project');
    expect(useToastStore.getState().toasts).toMatchObject([
      { id, kind: 'error', message: 'Failed to delete project' },
    ]);
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('shows an identical message again as a fresh toast, never as a second copy', () => {
    const a = toast.error('Access denied. Admin privileges required.');
    const b = toast.error('Access denied. Admin privileges required.');
    // A new toast (new id: a new element, its timer restarted) replaces the one on screen.
    expect(b).not.toBe(a);
    expect(useToastStore.getState().toasts).toMatchObject([
      { id: b, message: 'Access denied. Admin privileges required.' },
    ]);
    toast.success('Access denied. Admin privileges required.');
    expect(useToastStore.getState().toasts).toHaveLength(2);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    for (let i = 0; i < MAX_TOASTS + 2; i++) toast.info(`m${i}`);
    const messages = useToastStore.getState().toasts.map((t) => t.message);
    expect(messages).toEqual(['m2', 'm3', 'm4', 'm5']);
  });
});
