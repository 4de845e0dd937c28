import { z } from 'zod';

/** The bot check's widget configuration (`GET /api/botcheck/challenge`). */

/** What a challenge is for; a solution only counts for the purpose it was made for. */
export const BOT_CHECK_PURPOSES = ['login', 'register', 'public-upload', 'password-reset'] as const;
export type BotCheckPurpose = (typeof BOT_CHECK_PURPOSES)[number];

export const challengeQuery = z.strictObject({ purpose: z.enum(BOT_CHECK_PURPOSES) });

/** An ALTCHA challenge as altcha-lib makes it: signed parameters, solved by the browser. */
const altchaChallenge = z.looseObject({
  parameters: z.looseObject({ expiresAt: z.number().optional() }),
  signature: z.string().optional(),
});

export const widgetConfig = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('altcha'), challenge: altchaChallenge }),
  z.strictObject({ provider: z.literal('turnstile'), siteKey: z.string() }),
]);
export type WidgetConfig = z.infer<typeof widgetConfig>;
