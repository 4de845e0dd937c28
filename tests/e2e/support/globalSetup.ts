import { buildIfNeeded } from '../../../scripts/build-if-needed';
import { ROOT } from './paths';

/** Builds what the server serves (wasm module, web app) when missing or older than its sources. */
export default function globalSetup(): void {
  if (process.env.CUSP_E2E_SKIP_BUILD === '1') return;
  buildIfNeeded(ROOT);
}
