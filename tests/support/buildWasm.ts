/**
 * Vitest globalSetup: builds the wasm module (and the web app) when missing or older than their
 * sources, so tests never run against a stale binary. The one build check is scripts/build-if-needed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../../scripts/build-if-needed.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function buildWasmIfNeeded(): void {
  buildIfNeeded(root);
}

export default function setup(): void {
  buildWasmIfNeeded();
}
