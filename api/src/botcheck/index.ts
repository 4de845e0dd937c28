import type { Config } from '../config.js';
import type { SqlExecutor } from '../db/db.js';
import { AltchaBotCheck } from './altcha.js';
import type { BotCheck } from './botCheck.js';
import { TurnstileBotCheck } from './turnstile.js';

export * from './botCheck.js';

/** The adapter chosen by BOT_CHECK. */
export function createBotCheck(opts: {
  config: Config;
  db: SqlExecutor;
  now: () => Date;
  secrets: { signature: string; keySignature: string };
  onError?: (err: unknown) => void;
}): BotCheck {
  const { config } = opts;
  if (config.BOT_CHECK === 'turnstile') {
    return new TurnstileBotCheck({
      secret: config.TURNSTILE_SECRET ?? '',
      siteKey: config.TURNSTILE_SITE_KEY ?? '',
      verifyUrl: config.TURNSTILE_VERIFY_URL,
      expectedHostname: new URL(config.publicBaseUrl).hostname,
      ...(opts.onError ? { onError: opts.onError } : {}),
    });
  }
  return new AltchaBotCheck({
    db: opts.db,
    now: opts.now,
    signatureSecret: opts.secrets.signature,
    keySignatureSecret: opts.secrets.keySignature,
    ...(opts.onError ? { onError: opts.onError } : {}),
  });
}
