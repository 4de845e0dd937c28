import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root (tests/e2e/support → ../../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where Playwright writes its output; screenshots go under it. */
export const RESULTS_DIR = path.join(ROOT, 'test-results', 'e2e');
export const SCREENSHOT_DIR = path.join(RESULTS_DIR, 'screenshots');
