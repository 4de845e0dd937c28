import type { BotCheckPurpose, WidgetConfig } from './contract';
import { api } from './client';
import { paths } from './paths';

/** What the bot-check widget needs for a purpose: an ALTCHA challenge or the Turnstile key. */
export const fetchBotCheckConfig = (purpose: BotCheckPurpose) =>
  api.get<WidgetConfig>(paths.botCheckChallenge(purpose), { auth: false });
