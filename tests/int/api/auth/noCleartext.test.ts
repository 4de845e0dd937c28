/**
 * No cleartext at rest: after a whole account journey, no password, token or personal
 * field appears in the logs (production pino configuration) or the events table in clear text.
 * Also: the login failure counter survives a restart of the process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, requestSerializers } from '../../../../api/src/app.js';
import { createDeps } from '../../../../api/src/compose.js';
import { loadConfig } from '../../../../api/src/config.js';
import { REDACT_PATHS } from '../../../../api/src/logger.js';
import {
  STRONG_PASSWORD,
  freshIp,
  mailTo,
  mailedVerificationToken,
  readOutboxDir,
  solveBotCheck,
  waitForMail,
} from '../../../support/accounts.js';
import { createPgDatabase, testDrivers } from '../../../support/db.js';

describe.each(testDrivers())('no clear text secrets (%s)', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-cleartext-'));
  const logFile = join(dataDir, 'app.log');
  let dropPg: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await dropPg?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function boot(databaseUrl: string | undefined) {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      PUBLIC_BASE_URL: 'http://cusp.test',
      LOG_LEVEL: 'trace',
      TRUST_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    // The production logger's settings, written to a file we can grep.
    const log = pino(
      {
        level: 'trace',
        redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        serializers: { ...requestSerializers, err: pino.stdSerializers.err },
      },
      pino.destination({ dest: logFile, append: true, sync: true }),
    );
    const composed = await createDeps(config, log);
    const app = await buildApp(composed.deps, { loggerInstance: log });
    await app.ready();
    return {
      app,
      deps: composed.deps,
      close: async () => {
        await app.close();
        await composed.close();
      },
    };
  }

  it(
    'keeps passwords, tokens and personal fields out of logs and events; counters survive a restart',
    { timeout: 180_000 },
    async () => {
      let url: string | undefined;
      if (driver === 'pg') {
        const created = await createPgDatabase();
        url = created.url;
        dropPg = created.drop;
      }
      const email = `secret.person.${driver}@example.org`;
      const name = 'Zelda Quetzalcoatl';
      const company = 'Xylophone Dental Works';
      const password = `${STRONG_PASSWORD}-Wq9`;
      const wrong = 'Wrong-Horse-Battery-77';
      const secrets: string[] = [email, name, company, password, wrong];

      let s = await boot(url);
      const post = (path: string, payload?: object, headers: Record<string, string> = {}) =>
        s.app.inject({
          method: 'POST',
          url: path,
          payload,
          headers: { 'x-forwarded-for': freshIp(), ...headers },
        });
      const reg = await post('/api/register', {
        name,
        email,
        companyName: company,
        password,
        turnstileToken: await solveBotCheck(s.app, 'register'),
      });
      expect(reg.statusCode).toBe(201);
      const vtoken = await mailedVerificationToken(dataDir, email);
      expect(
        (await s.app.inject({ method: 'GET', url: `/api/verify-email/${vtoken}` })).statusCode,
      ).toBe(200);
      expect((await post(`/api/verify-email/${vtoken}`)).statusCode).toBe(200);
      const login = await post('/api/login', { email, password });
      const session = login.json().token as string;
      secrets.push(session);
      await s.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${session}` },
      });
      await post('/api/logout', undefined, { authorization: `Bearer ${session}` });
      await post('/api/login', { email, password: wrong });
      await post('/api/login', { email, password: wrong });
      await waitForMail(
        () => readOutboxDir(dataDir),
        (m) => mailTo(email)(m) && /Welcome to Cusp/.test(m.raw),
      );

      // Restart: the failure counter is in the database, so the bot check is still required.
      await s.close();
      s = await boot(url);
      const third = await post('/api/login', { email, password });
      expect(third.statusCode).toBe(400);
      expect(third.json().code).toBe('captcha_required');

      const events = await s.deps.db.query<{ t: string }>(
        'SELECT data::text || metadata::text AS t FROM events',
      );
      const eventText = events.rows.map((r) => r.t).join('\n');
      expect(eventText).toContain('"v1:');
      await s.close();
      const logText = readFileSync(logFile, 'utf8');
      expect(logText).toContain('/api/verify-email/[redacted]');

      // The embedded transport prints the verification link on purpose (it is the mail channel of
      // `npm start`); that one log line is the only allowed appearance of the verification token.
      const logWithoutDevLink = logText
        .split('\n')
        .filter((l) => !l.includes('"msg":"mail written; open '))
        .join('\n');
      for (const secret of [...secrets, vtoken]) {
        expect(logWithoutDevLink, `log contains ${secret.slice(0, 6)}…`).not.toContain(secret);
        expect(logWithoutDevLink.toLowerCase()).not.toContain(secret.toLowerCase());
        expect(eventText.toLowerCase(), `events contain ${secret.slice(0, 6)}…`).not.toContain(
          secret.toLowerCase(),
        );
      }
      // Not the argon2 hash either.
      expect(eventText).not.toContain('$argon2id$');
    },
  );
});
