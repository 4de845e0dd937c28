import type { Logger } from 'pino';

/**
 * Work a request starts and does not wait for — the lookup and mail of a resend or a password
 * reset happen after the answer, so its timing tells nothing. Shutdown (and a test) waits for
 * what is still running with `idle`.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  /** Starts `work`; a failure is logged as `what`, never thrown. */
  run(work: () => Promise<void>, log: Logger, what: string): void {
    const p = work().catch((err: unknown) => log.error({ err }, what));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Resolves when every piece of work started so far has finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
