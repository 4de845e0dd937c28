/**
 * The EventStore contract: every adapter runs this same suite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DuplicateEventId,
  WrongExpectedVersion,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../../../api/src/store/eventStore.js';

/** An append left uncommitted on a connection of its own. */
export interface OpenAppend {
  commit(): Promise<void>;
}

export interface ContractHarness {
  store: EventStore;
  /**
   * Inserts `event` into `stream` in a transaction that stays open until `commit()`. Only for
   * engines with concurrent transactions (real PostgreSQL): `undefined` elsewhere.
   */
  beginOpenAppend?: (stream: string, event: NewEvent) => Promise<OpenAppend>;
  /**
   * Holds a transaction open with one appended event on a single-session engine (PGlite): other
   * statements then wait for it, which is why a late commit cannot happen there.
   */
  holdSerializedAppend?: (stream: string, event: NewEvent) => Promise<OpenAppend>;
  /**
   * false where the engine only recognises a retried batch at the same place (EventStoreDB):
   * it neither refuses an id reused in another stream nor a partly repeated batch.
   */
  eventIdsUniqueAcrossStreams?: boolean;
  /** Moves the next global position past 2^53 (PostgreSQL adapters). */
  jumpGlobalPosition?: (to: bigint) => Promise<void>;
  close(): Promise<void>;
}

export function newEvent(type = 'TestHappened', data: unknown = { n: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { actor: 'system', at: new Date().toISOString() },
  };
}

const streamName = (prefix = 'test') => `${prefix}-${randomUUID()}`;

async function expectThrows<E extends Error>(
  p: Promise<unknown>,
  cls: new (...args: never[]) => E,
): Promise<E> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(cls);
    return err as E;
  }
  throw new Error(`expected ${cls.name}, but the call succeeded`);
}

/**
 * Reads on from `after` like a tailing consumer, until `until` holds or the timeout passes.
 * On a shared server another session's open transaction may briefly hold back the no-skip read,
 * so positive expectations wait rather than read once.
 */
async function tail(
  store: EventStore,
  after: Position | undefined,
  until: (seen: RecordedEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ seen: RecordedEvent[]; after: Position | undefined }> {
  const seen: RecordedEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = await store.readAll({ ...(after ? { after } : {}), maxCount: 100 });
    seen.push(...page.events);
    if (page.last) after = page.last;
    if (until(seen) || (page.last === undefined && Date.now() > deadline)) return { seen, after };
    if (page.last === undefined) await new Promise((r) => setTimeout(r, 20));
  }
}

async function readAllFrom(store: EventStore, after: Position | undefined, maxCount = 1000) {
  const out: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ ...(after ? { after } : {}), maxCount });
    out.push(...page.events);
    if (!page.last) return out;
    after = page.last;
  }
}

export function eventStoreContract(adapter: string, open: () => Promise<ContractHarness>): void {
  describe(`event store (${adapter})`, () => {
    let h: ContractHarness;
    let store: EventStore;

    beforeAll(async () => {
      h = await open();
      store = h.store;
    });
    afterAll(async () => {
      await h?.close();
    });

    describe('expected version', () => {
      it('creates a stream with no_stream and refuses no_stream once it exists', async () => {
        const s = streamName();
        const r = await store.append(s, [newEvent()], { expectedVersion: 'no_stream' });
        expect(r.nextVersion).toBe(0n);
        const err = await expectThrows(
          store.append(s, [newEvent()], { expectedVersion: 'no_stream' }),
          WrongExpectedVersion,
        );
        expect(err.stream).toBe(s);
        expect(err.actual).toBe(0n);
      });

      it('appends at the exact version and refuses a stale or future one with the actual version', async () => {
        const s = streamName();
        await store.append(s, [newEvent(), newEvent()], { expectedVersion: 'no_stream' });
        const r = await store.append(s, [newEvent()], { expectedVersion: 1n });
        expect(r.nextVersion).toBe(2n);
        const stale = await expectThrows(
          store.append(s, [newEvent()], { expectedVersion: 1n }),
          WrongExpectedVersion,
        );
        expect(stale.actual).toBe(2n);
        expect(stale.expected).toBe(1n);
        const future = await expectThrows(
          store.append(s, [newEvent()], { expectedVersion: 7n }),
          WrongExpectedVersion,
        );
        expect(future.actual).toBe(2n);
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });

      it('refuses an exact version on a stream that does not exist', async () => {
        const err = await expectThrows(
          store.append(streamName(), [newEvent()], { expectedVersion: 0n }),
          WrongExpectedVersion,
        );
        expect(err.actual).toBe('no_stream');
      });

      it('appends with any whatever the stream state', async () => {
        const s = streamName();
        expect((await store.append(s, [newEvent()], { expectedVersion: 'any' })).nextVersion).toBe(
          0n,
        );
        expect((await store.append(s, [newEvent()])).nextVersion).toBe(1n);
      });

      it('appends with stream_exists only to an existing stream', async () => {
        const s = streamName();
        const err = await expectThrows(
          store.append(s, [newEvent()], { expectedVersion: 'stream_exists' }),
          WrongExpectedVersion,
        );
        expect(err.actual).toBe('no_stream');
        await store.append(s, [newEvent()], { expectedVersion: 'no_stream' });
        const r = await store.append(s, [newEvent()], { expectedVersion: 'stream_exists' });
        expect(r.nextVersion).toBe(1n);
      });

      it('appends several events atomically: all or none', async () => {
        const s = streamName();
        await store.append(s, [newEvent()], { expectedVersion: 'no_stream' });
        await expectThrows(
          store.append(s, [newEvent('A'), newEvent('B'), newEvent('C')], { expectedVersion: 5n }),
          WrongExpectedVersion,
        );
        expect(await store.readStream(s)).toHaveLength(1);
        const r = await store.append(s, [newEvent('A'), newEvent('B'), newEvent('C')], {
          expectedVersion: 0n,
        });
        expect(r.nextVersion).toBe(3n);
        expect((await store.readStream(s)).map((e) => e.type)).toEqual([
          'TestHappened',
          'A',
          'B',
          'C',
        ]);
      });
    });

    describe('idempotent append', () => {
      it('returns the original result when the same events are appended again', async () => {
        const s = streamName();
        const events = [newEvent('A'), newEvent('B')];
        const first = await store.append(s, events, { expectedVersion: 'no_stream' });
        const again = await store.append(s, events, { expectedVersion: 'no_stream' });
        const anyAgain = await store.append(s, events, { expectedVersion: 'any' });
        expect(again).toEqual(first);
        expect(anyAgain).toEqual(first);
        expect((await store.readStream(s)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      });

      it('keeps a retry idempotent after later appends to the stream', async () => {
        const s = streamName();
        const events = [newEvent('A')];
        const first = await store.append(s, events, { expectedVersion: 'no_stream' });
        await store.append(s, [newEvent('B')], { expectedVersion: 0n });
        expect(await store.append(s, events, { expectedVersion: 'no_stream' })).toEqual(first);
        expect(await store.readStream(s)).toHaveLength(2);
      });

      it('refuses a batch that reuses only some stored event ids', async (ctx) => {
        if (h.eventIdsUniqueAcrossStreams === false) {
          ctx.skip();
          return;
        }
        const s = streamName();
        const a = newEvent('A');
        await store.append(s, [a], { expectedVersion: 'no_stream' });
        const err = await expectThrows(
          store.append(s, [a, newEvent('B')], { expectedVersion: 'any' }),
          DuplicateEventId,
        );
        expect(err.eventId).toBe(a.id);
        expect(await store.readStream(s)).toHaveLength(1);
      });

      it('refuses an event id already stored in another stream', async (ctx) => {
        if (h.eventIdsUniqueAcrossStreams === false) {
          ctx.skip();
          return;
        }
        const a = newEvent('A');
        await store.append(streamName(), [a], { expectedVersion: 'no_stream' });
        await expectThrows(
          store.append(streamName(), [a], { expectedVersion: 'no_stream' }),
          DuplicateEventId,
        );
      });
    });

    describe('stream reads', () => {
      it('returns a stream in revision order with its data and metadata', async () => {
        const s = streamName();
        const events = [newEvent('A', { i: 0 }), newEvent('B', { i: 1, nested: { ok: true } })];
        await store.append(s, events, { expectedVersion: 'no_stream' });
        await store.append(streamName(), [newEvent('Other')]);
        await store.append(s, [newEvent('C', { i: 2 })], { expectedVersion: 1n });
        const read = await store.readStream(s);
        expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
          [0n, 'A', { i: 0 }],
          [1n, 'B', { i: 1, nested: { ok: true } }],
          [2n, 'C', { i: 2 }],
        ]);
        expect(read[0]!.id).toBe(events[0]!.id);
        expect(read[0]!.stream).toBe(s);
        expect(read[0]!.metadata).toEqual(events[0]!.metadata);
        expect(read[0]!.createdAt).toBeInstanceOf(Date);
        expect((await store.readStream(s, { fromRevision: 1n })).map((e) => e.type)).toEqual([
          'B',
          'C',
        ]);
      });

      it('returns an empty list for a stream that does not exist', async () => {
        expect(await store.readStream(streamName())).toEqual([]);
      });
    });

    describe('global reads', () => {
      it('returns events of all streams in append order, page by page', async () => {
        const start = await store.headPosition();
        const s1 = streamName();
        const s2 = streamName();
        const appended: string[] = [];
        for (let i = 0; i < 5; i++) {
          const e1 = newEvent('A', { i });
          const e2 = newEvent('B', { i });
          await store.append(s1, [e1]);
          await store.append(s2, [e2]);
          appended.push(e1.id, e2.id);
        }
        const { seen } = await tail(store, start, (seen) => seen.length >= 10);
        const mine = seen.filter((e) => e.stream === s1 || e.stream === s2);
        expect(mine.map((e) => e.id)).toEqual(appended);
        for (let i = 1; i < seen.length; i++) {
          expect(store.comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
        }
        const paged: RecordedEvent[] = [];
        let after = start;
        for (;;) {
          const page = await store.readAll({ ...(after ? { after } : {}), maxCount: 3 });
          expect(page.events.length).toBeLessThanOrEqual(3);
          paged.push(...page.events);
          if (!page.last) break;
          after = page.last;
        }
        expect(paged.map((e) => e.id)).toEqual(seen.map((e) => e.id));
        const head = await store.headPosition();
        expect(head).toBe(seen[seen.length - 1]!.position);
      });

      it('applies a filter and still advances past the events it drops', async () => {
        const start = await store.headPosition();
        const s = streamName('filtered');
        await store.append(s, [newEvent('Kept'), newEvent('Dropped'), newEvent('Kept')]);
        await tail(store, start, (seen) => seen.some((e) => e.stream === s && e.revision === 2n));
        const page = await store.readAll({
          ...(start ? { after: start } : {}),
          maxCount: 100,
          filter: { eventTypes: ['Kept'], streamPrefixes: ['filtered-'] },
        });
        expect(page.events.map((e) => [e.stream, e.type])).toEqual([
          [s, 'Kept'],
          [s, 'Kept'],
        ]);
        expect(page.last).toBe(await store.headPosition());
      });

      it('agrees with the append result on the position of the appended event', async () => {
        const start = await store.headPosition();
        const e = newEvent();
        const r = await store.append(streamName(), [e]);
        const { seen } = await tail(store, start, (seen) => seen.some((x) => x.id === e.id));
        expect(seen.find((x) => x.id === e.id)!.position).toBe(r.position);
        expect(store.comparePositions(r.position, r.position)).toBe(0);
        if (start) expect(store.comparePositions(start, r.position)).toBe(-1);
      });
    });

    describe('no event skipped', () => {
      it('never returns a later event while an earlier-positioned transaction is still open', async (ctx) => {
        if (!h.beginOpenAppend) {
          ctx.skip();
          return;
        }
        const start = await store.headPosition();
        const late = newEvent('CommittedLate');
        const early = newEvent('CommittedEarly');
        const lateStream = streamName('late');
        // The late event takes the smaller position, then waits while the next append commits.
        const open = await h.beginOpenAppend(lateStream, late);
        let committed = false;
        try {
          const r = await store.append(streamName('early'), [early]);
          let after = start;
          const before = await store.readAll({ ...(after ? { after } : {}), maxCount: 100 });
          if (before.last) after = before.last;
          const seen = before.events.map((e) => e.id);
          expect(seen).not.toContain(early.id);
          expect(await store.headPosition()).not.toBe(r.position);

          await open.commit();
          committed = true;
          const rest = await tail(store, after, (s) => s.some((e) => e.id === early.id));
          seen.push(...rest.seen.map((e) => e.id));
          expect(seen.filter((id) => id === late.id || id === early.id)).toEqual([
            late.id,
            early.id,
          ]);
          const recordedEarly = rest.seen.find((e) => e.id === early.id)!;
          expect(recordedEarly.position).toBe(r.position);
        } finally {
          if (!committed) await open.commit();
        }
      });

      it('makes readers wait for an open transaction on a single-session engine', async (ctx) => {
        if (!h.holdSerializedAppend) {
          ctx.skip();
          return;
        }
        const start = await store.headPosition();
        const late = newEvent('CommittedLate');
        const early = newEvent('CommittedEarly');
        const open = await h.holdSerializedAppend(streamName('late'), late);
        const appended = store.append(streamName('early'), [early]);
        let readDone = false;
        const read = readAllFrom(store, start).then((r) => {
          readDone = true;
          return r;
        });
        await new Promise((r) => setTimeout(r, 200));
        expect(readDone).toBe(false);
        await open.commit();
        await appended;
        const seen = [...(await read), ...(await readAllFrom(store, start))].map((e) => e.id);
        expect([...new Set(seen)].filter((id) => id === late.id || id === early.id)).toEqual([
          late.id,
          early.id,
        ]);
      });
    });

    describe('concurrency', () => {
      it('loses nothing with 8 concurrent writers', async () => {
        const start = await store.headPosition();
        const perWriter = 25;
        const shared = streamName('shared');
        const ids = new Set<string>();
        let sharedAppends = 0;
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            const own = streamName(`writer${w}`);
            for (let i = 0; i < perWriter; i++) {
              const e = newEvent('Written', { w, i });
              ids.add(e.id);
              await store.append(own, [e], {
                expectedVersion: i === 0 ? 'no_stream' : BigInt(i - 1),
              });
              // Every writer also races for the next version of one shared stream.
              for (;;) {
                const current = await store.readStream(shared);
                const expectedVersion =
                  current.length === 0 ? 'no_stream' : BigInt(current.length - 1);
                const s = newEvent('Shared', { w, i });
                try {
                  await store.append(shared, [s], { expectedVersion });
                  ids.add(s.id);
                  sharedAppends++;
                  break;
                } catch (err) {
                  if (!(err instanceof WrongExpectedVersion)) throw err;
                }
              }
            }
          }),
        );
        expect(sharedAppends).toBe(8 * perWriter);
        const sharedRead = await store.readStream(shared);
        expect(sharedRead.map((e) => e.revision)).toEqual(
          Array.from({ length: 8 * perWriter }, (_, i) => BigInt(i)),
        );
        const { seen } = await tail(store, start, (s) => s.length >= ids.size);
        const seenIds = seen.map((e) => e.id).filter((id) => ids.has(id));
        expect(seenIds).toHaveLength(ids.size);
        expect(new Set(seenIds).size).toBe(ids.size);
      });
    });

    describe('subscribe', () => {
      it('catches up from a position, reports caught up, then delivers live events', async () => {
        const start = await store.headPosition();
        const s = streamName('sub');
        const history = [newEvent('H1'), newEvent('H2'), newEvent('H3')];
        await store.append(s, history);
        await tail(store, start, (seen) => seen.some((e) => e.id === history[2]!.id));
        const live = [newEvent('L1'), newEvent('L2')];
        const ac = new AbortController();
        const got: string[] = [];
        let caughtUpAfter = -1;
        const timer = setTimeout(() => ac.abort(), 20_000);
        try {
          for await (const item of store.subscribe({
            ...(start ? { after: start } : {}),
            filter: { streamPrefixes: ['sub-'] },
            signal: ac.signal,
          })) {
            if (item.kind === 'caughtUp') {
              caughtUpAfter = got.length;
              await store.append(s, [live[0]!]);
              await store.append(s, [live[1]!], { expectedVersion: 3n });
              continue;
            }
            if (item.event.stream === s) got.push(item.event.id);
            if (got.length === 5) break;
          }
        } finally {
          clearTimeout(timer);
          ac.abort();
        }
        expect(caughtUpAfter).toBe(3);
        expect(got).toEqual([...history, ...live].map((e) => e.id));
      });

      it('signals a wake-up after an append, and none once stopped', async () => {
        let wakes = 0;
        let woken!: () => void;
        const first = new Promise<void>((r) => (woken = r));
        const stop = await store.onAppend(() => {
          wakes++;
          woken();
        });
        try {
          await store.append(streamName('wake'), [newEvent('W1')]);
          await Promise.race([
            first,
            new Promise((_, reject) => setTimeout(() => reject(new Error('no wake-up')), 10_000)),
          ]);
        } finally {
          await stop();
        }
        expect(wakes).toBeGreaterThanOrEqual(1);
        const after = wakes;
        await store.append(streamName('wake'), [newEvent('W2')]);
        await new Promise((r) => setTimeout(r, 300));
        expect(wakes).toBe(after);
      });

      it('resumes from a checkpoint without repeating delivered events', async () => {
        const s = streamName('resume');
        const first = await store.append(s, [newEvent('R1')]);
        const second = newEvent('R2');
        await store.append(s, [second]);
        const ac = new AbortController();
        const timer = setTimeout(() => ac.abort(), 20_000);
        const got: RecordedEvent[] = [];
        try {
          for await (const item of store.subscribe({ after: first.position, signal: ac.signal })) {
            if (item.kind === 'event' && item.event.stream === s) got.push(item.event);
            if (got.length === 1) break;
          }
        } finally {
          clearTimeout(timer);
          ac.abort();
        }
        expect(got.map((e) => e.id)).toEqual([second.id]);
      });
    });

    describe('bigints', () => {
      it('returns revisions as bigint and keeps positions past 2^53 exact', async (ctx) => {
        const s = streamName();
        const r = await store.append(s, [newEvent()]);
        expect(typeof r.nextVersion).toBe('bigint');
        expect(typeof (await store.readStream(s))[0]!.revision).toBe('bigint');
        if (!h.jumpGlobalPosition) {
          ctx.skip();
          return;
        }
        const huge = 2n ** 53n + 3n;
        await h.jumpGlobalPosition(huge);
        const start = await store.headPosition();
        const e = newEvent('Huge', { big: (2n ** 60n).toString() });
        const res = await store.append(s, [e], { expectedVersion: 0n });
        expect(res.position.endsWith(`:${huge}`)).toBe(true);
        const { seen } = await tail(store, start, (x) => x.some((y) => y.id === e.id));
        const read = seen.find((y) => y.id === e.id)!;
        expect(read.position).toBe(res.position);
        expect(read.data).toEqual({ big: (2n ** 60n).toString() });
        expect(store.comparePositions(start!, read.position)).toBe(-1);
      });
    });
  });
}
