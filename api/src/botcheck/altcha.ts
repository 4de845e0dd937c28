import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { isDatabaseUnavailable, type SqlExecutor } from '../db/db.js';
import type { BotCheck, BotCheckPurpose, BotCheckResult, WidgetConfig } from './botCheck.js';

/** Payloads are small JSON in base64; anything larger is refused before parsing. */
export const ALTCHA_MAX_PAYLOAD = 4096;

export interface AltchaOptions {
  db: SqlExecutor;
  /** HMAC secrets, derived from the KEK so every API process agrees. */
  signatureSecret: string;
  keySignatureSecret: string;
  now: () => Date;
  /** Challenge lifetime (default 10 min). */
  ttlMs?: number;
  /** PBKDF2 iterations per try (default 1000). */
  cost?: number;
  /** The solution's counter is drawn from [min, max] (default 500–2000): the expected work. */
  counterRange?: [number, number];
  onError?: (err: unknown) => void;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(32),
        nonce: z.string().regex(/^[0-9a-f]{2,128}$/),
        salt: z.string().regex(/^[0-9a-f]{2,128}$/),
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string().max(128),
        keySignature: z.string().max(256).optional(),
        expiresAt: z.number().optional(),
        data: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
          .optional(),
      })
      .loose(),
    signature: z.string().max(256),
  }),
  solution: z.object({
    counter: z.number(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

/**
 * ALTCHA v2, self-hosted (no third-party script or request): a PBKDF2 proof of work in deterministic
 * mode (the server knows the answer's key signature, so verifying costs ~2 ms); the challenge is
 * HMAC-signed with its purpose and expiry; a verified payload is recorded in PostgreSQL so it
 * cannot be used twice — recorded *after* verification, atomically.
 */
export class AltchaBotCheck implements BotCheck {
  readonly provider = 'altcha' as const;
  private readonly ttlMs: number;
  private readonly cost: number;
  private readonly counterRange: [number, number];

  constructor(private readonly opts: AltchaOptions) {
    this.ttlMs = opts.ttlMs ?? 10 * 60_000;
    this.cost = opts.cost ?? 1000;
    this.counterRange = opts.counterRange ?? [500, 2000];
  }

  async challenge(purpose: BotCheckPurpose): Promise<Challenge> {
    const [min, max] = this.counterRange;
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.cost,
      keyLength: 32,
      counter: min + Math.floor(Math.random() * (max - min + 1)),
      deriveKey,
      data: { purpose },
      expiresAt: new Date(this.opts.now().getTime() + this.ttlMs),
      hmacSignatureSecret: this.opts.signatureSecret,
      hmacKeySignatureSecret: this.opts.keySignatureSecret,
    });
  }

  async widgetConfig(purpose: BotCheckPurpose): Promise<WidgetConfig> {
    return { provider: 'altcha', challenge: await this.challenge(purpose) };
  }

  async verify(
    payload: string | undefined,
    ctx: { purpose: BotCheckPurpose; ip: string },
  ): Promise<BotCheckResult> {
    if (payload === undefined || payload === '') return { ok: false, reason: 'missing' };
    try {
      if (payload.length > ALTCHA_MAX_PAYLOAD || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) {
        return { ok: false, reason: 'malformed' };
      }
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const { challenge, solution } = parsed.data;
      const expiresAt = challenge.parameters.expiresAt;
      if (!expiresAt) return { ok: false, reason: 'invalid' };
      const result = await verifySolution({
        challenge: challenge as Challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.opts.signatureSecret,
        hmacKeySignatureSecret: this.opts.keySignatureSecret,
      });
      // Our clock, too: the library checks expiry against the wall clock only.
      if (result.expired || expiresAt * 1000 <= this.opts.now().getTime()) {
        return { ok: false, reason: 'expired' };
      }
      if (!result.verified) return { ok: false, reason: 'invalid' };
      // The purpose is covered by the signature, so it can be trusted from here on.
      if (challenge.parameters.data?.purpose !== ctx.purpose) {
        return { ok: false, reason: 'wrong_purpose' };
      }
      const used = await this.opts.db.query(
        `INSERT INTO botcheck_used (id, expires_at) VALUES ($1, $2)
         ON CONFLICT (id) DO NOTHING RETURNING 1`,
        [`altcha:${challenge.parameters.nonce}`, new Date(expiresAt * 1000)],
      );
      if (used.rows.length === 0) return { ok: false, reason: 'replayed' };
      if (Math.random() < 0.02) void this.purge();
      return { ok: true };
    } catch (err) {
      // Still closed, but as the outage it is (503), not as a failed check the user must redo.
      if (isDatabaseUnavailable(err)) throw err;
      this.opts.onError?.(err);
      return { ok: false, reason: 'unavailable' };
    }
  }

  /** Drops records of challenges that expired: they can no longer verify anyway. */
  async purge(): Promise<void> {
    try {
      await this.opts.db.query('DELETE FROM botcheck_used WHERE expires_at < $1', [
        this.opts.now(),
      ]);
    } catch (err) {
      this.opts.onError?.(err);
    }
  }
}
