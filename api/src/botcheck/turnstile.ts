import type { BotCheck, BotCheckPurpose, BotCheckResult, WidgetConfig } from './botCheck.js';

export interface TurnstileOptions {
  secret: string;
  siteKey: string;
  verifyUrl: string;
  /** Hostname the token must have been issued for (from PUBLIC_BASE_URL). */
  expectedHostname: string;
  /** Client timeout of the verify call (3 s). */
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

/** Turnstile tokens are at most 2048 characters. */
const MAX_TOKEN = 2048;

/**
 * Cloudflare Turnstile behind the same port. Fails closed on a network error, a timeout, a
 * non-JSON or non-2xx answer, `success: false`, a duplicate token, or a token issued for another
 * hostname or action (the action is the purpose).
 */
export class TurnstileBotCheck implements BotCheck {
  readonly provider = 'turnstile' as const;

  constructor(private readonly opts: TurnstileOptions) {}

  async widgetConfig(_purpose: BotCheckPurpose): Promise<WidgetConfig> {
    return { provider: 'turnstile', siteKey: this.opts.siteKey };
  }

  async verify(
    payload: string | undefined,
    ctx: { purpose: BotCheckPurpose; ip: string },
  ): Promise<BotCheckResult> {
    if (payload === undefined || payload === '') return { ok: false, reason: 'missing' };
    if (payload.length > MAX_TOKEN) return { ok: false, reason: 'malformed' };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.opts.timeoutMs ?? 3_000);
    try {
      const res = await fetch(this.opts.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: this.opts.secret, response: payload, remoteip: ctx.ip }),
        signal: controller.signal,
      });
      if (!res.ok) return { ok: false, reason: 'unavailable' };
      const body = (await res.json()) as {
        success?: unknown;
        hostname?: unknown;
        action?: unknown;
        'error-codes'?: unknown;
      };
      if (body.success !== true) {
        const codes = Array.isArray(body['error-codes']) ? body['error-codes'] : [];
        return {
          ok: false,
          reason: codes.includes('timeout-or-duplicate') ? 'replayed' : 'invalid',
        };
      }
      if (body.hostname !== this.opts.expectedHostname) return { ok: false, reason: 'invalid' };
      if (body.action !== ctx.purpose) return { ok: false, reason: 'wrong_purpose' };
      return { ok: true };
    } catch (err) {
      this.opts.onError?.(err);
      return { ok: false, reason: 'unavailable' };
    } finally {
      clearTimeout(timer);
    }
  }
}
