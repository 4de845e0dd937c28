import argon2 from 'argon2';
import { ServiceUnavailable } from '../errors.js';

/** OWASP / ASVS Appendix C: argon2id, 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * A counting semaphore with a bounded queue: argon2 shares the libuv thread pool with file and
 * crypto work, so only a few hashes run at once, and a full queue answers 503 at once instead of
 * letting latency pile up.
 */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.maxQueue) {
        throw new ServiceUnavailable('Server busy, please retry shortly', 'overloaded');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface PasswordHasherOptions {
  /** Hashes running at once (default 2 on a 2-core box). */
  concurrency?: number;
  /** Callers allowed to wait for a slot before 503 (default 64). */
  maxQueue?: number;
}

export class PasswordHasher {
  private readonly gate: Gate;
  private dummy: Promise<string> | undefined;

  constructor(opts: PasswordHasherOptions = {}) {
    this.gate = new Gate(opts.concurrency ?? 2, opts.maxQueue ?? 64);
  }

  hash(password: string): Promise<string> {
    return this.gate.run(() => argon2.hash(password, ARGON2_PARAMS));
  }

  /** False for a wrong password and for a malformed stored hash. */
  verify(stored: string, password: string): Promise<boolean> {
    return this.gate.run(async () => {
      try {
        return await argon2.verify(stored, password);
      } catch {
        return false;
      }
    });
  }

  /**
   * Runs a full verification against a fixed hash so that an unknown e-mail costs the same time
   * as a known one (login must not tell which addresses have accounts). Always false.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= argon2.hash('cusp-dummy-password-for-timing', ARGON2_PARAMS);
    await this.verify(await this.dummy, password);
    return false;
  }

  needsRehash(stored: string): boolean {
    try {
      return argon2.needsRehash(stored, ARGON2_PARAMS);
    } catch {
      return true;
    }
  }
}
