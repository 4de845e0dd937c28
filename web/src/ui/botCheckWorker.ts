/// <reference lib="webworker" />
/**
 * Solves an ALTCHA challenge off the main thread (WebCrypto PBKDF2). Bundled by Vite as a same-
 * origin worker, so it runs under `worker-src 'self'` with no external script.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

interface SolveRequest {
  challenge: Challenge;
}

self.onmessage = async (event: MessageEvent<SolveRequest>) => {
  try {
    const { challenge } = event.data;
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (!solution) {
      self.postMessage({ ok: false, error: 'timeout' });
      return;
    }
    const payload = btoa(
      JSON.stringify({
        challenge: { parameters: challenge.parameters, signature: challenge.signature },
        solution,
      }),
    );
    self.postMessage({ ok: true, payload });
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
