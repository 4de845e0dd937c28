/**
 * The test base for journeys that read mail: a worker-scoped SMTP peer on 127.0.0.1 and a Cusp
 * server that sends to it.
 */
import { startSmtpPeer, type SmtpPeer } from '../../support/smtpPeer';
import { HEALTH_TIMEOUT_MS, test as base, startCusp, type CuspServer } from './cusp';

export const test = base.extend<object, { smtp: SmtpPeer; cusp: CuspServer }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const peer = await startSmtpPeer();
      try {
        await use(peer);
      } finally {
        await peer.close();
      }
    },
    { scope: 'worker' },
  ],
  cusp: [
    async ({ smtp }, use) => {
      const { server, close } = await startCusp({ SMTP_URL: smtp.url });
      try {
        await use(server);
      } finally {
        await close();
      }
    },
    { scope: 'worker', timeout: HEALTH_TIMEOUT_MS + 30_000 },
  ],
});
