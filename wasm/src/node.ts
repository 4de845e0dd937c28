/**
 * Node-only entry: loads the wasm file from disk and offers the server-side operations on a
 * worker-thread pool, so a slow or hostile file never blocks the event loop.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { MeshModule, type ConvertedStl, type MeshKind, type SanitisedFile } from './core.js';
import { MeshWorkerPool } from './pool.js';

export const WASM_PATH = fileURLToPath(new URL('../build/cusp.wasm', import.meta.url));

let compiled: Promise<WebAssembly.Module> | null = null;

/** The compiled module, read and compiled once per thread. */
export function compileMeshWasm(path = WASM_PATH): Promise<WebAssembly.Module> {
  if (!compiled) {
    compiled = readFile(path).then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => {
      compiled = null;
    });
  }
  return compiled;
}

/** A fresh in-process instance (each has its own memory; keep one per thread). */
export async function loadMeshModule(path = WASM_PATH): Promise<MeshModule> {
  return MeshModule.create(await compileMeshWasm(path));
}

let sharedPool: MeshWorkerPool | null = null;

/** The process-wide pool used by the routes (created on first use). */
export function meshPool(): MeshWorkerPool {
  if (!sharedPool) sharedPool = new MeshWorkerPool();
  return sharedPool;
}

export async function closeMeshPool(): Promise<void> {
  const p = sharedPool;
  sharedPool = null;
  if (p) await p.close();
}

/**
 * Detects, validates and sanitises an uploaded file off the main thread. Throws MeshError.
 * `expect` is the kind named by the file extension; a different content is CONTENT_MISMATCH.
 */
export function validateAndSanitise(
  bytes: Uint8Array,
  opts: { expect?: MeshKind; pool?: MeshWorkerPool } = {},
): Promise<SanitisedFile> {
  const pool = opts.pool ?? meshPool();
  return pool.run('sanitise', opts.expect ? { bytes, expect: opts.expect } : { bytes });
}

/** DCM → binary STL (with its 80-byte header) off the main thread. Throws MeshError. */
export function convertDcmToStl(
  bytes: Uint8Array,
  opts: { pool?: MeshWorkerPool } = {},
): Promise<ConvertedStl> {
  return (opts.pool ?? meshPool()).run('convertDcm', { bytes });
}
