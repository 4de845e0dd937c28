import type { EventFilter, Position, RecordedEvent, SubscriptionItem } from './eventStore.js';

export function matchesFilter(e: RecordedEvent, filter: EventFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.eventTypes && !filter.eventTypes.includes(e.type)) return false;
  if (filter.streamPrefixes && !filter.streamPrefixes.some((p) => e.stream.startsWith(p))) {
    return false;
  }
  return true;
}

export interface PollingSubscriptionOptions {
  after?: Position;
  filter?: EventFilter;
  signal: AbortSignal;
  pageSize: number;
  pollIntervalMs: number;
  readAll(opts: {
    after?: Position;
    maxCount: number;
    filter?: EventFilter;
  }): Promise<{ events: RecordedEvent[]; last: Position | undefined }>;
  /** Wake-ups (NOTIFY); polling covers lost ones, so this is optional. */
  listen?: (onWake: () => void) => Promise<() => Promise<void>>;
}

/**
 * Catch-up then live over the no-skip `readAll`: page until an empty page, report `caughtUp` once,
 * then sleep until a wake-up or the poll interval and read again.
 */
export async function* subscribeByPolling(
  opts: PollingSubscriptionOptions,
): AsyncGenerator<SubscriptionItem> {
  const { signal } = opts;
  let after = opts.after;
  let wake: (() => void) | undefined;
  let woken = false;
  const onWake = () => {
    woken = true;
    wake?.();
  };
  const unlisten = opts.listen ? await opts.listen(onWake) : undefined;
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  let caughtUp = false;
  try {
    while (!signal.aborted) {
      woken = false;
      const page = await opts.readAll({
        ...(after ? { after } : {}),
        maxCount: opts.pageSize,
        ...(opts.filter ? { filter: opts.filter } : {}),
      });
      for (const event of page.events) {
        if (signal.aborted) return;
        yield { kind: 'event', event };
      }
      // Something was scanned, so there may be more: read on until a page comes back empty.
      if (page.last) {
        after = page.last;
        continue;
      }
      if (!caughtUp) {
        caughtUp = true;
        yield { kind: 'caughtUp', position: after };
      }
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, opts.pollIntervalMs);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
        if (signal.aborted || woken) done();
      });
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    await unlisten?.();
  }
}
