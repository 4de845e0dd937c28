import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCuspProcess } from '../../support/process.js';

describe('the Cusp process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on embedded defaults with no database server and keeps its data across a restart', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await startCuspProcess(env);
    const health = await (await fetch(`${first.baseUrl}/api/health`)).json();
    expect(health.db.driver).toBe('pglite');
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'pg'))).toBe(true);
    const kek = readFileSync(join(dataDir, 'kek'), 'utf8');
    expect(statSync(join(dataDir, 'kek')).mode & 0o077).toBe(0);

    const second = await startCuspProcess(env);
    expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'kek'), 'utf8')).toBe(kek);
    expect(await second.stop()).toBe(0);
    expect(second.output()).toContain('shutting down');
  });

  it('refuses to start with a bad setting and names the variable', async () => {
    await expect(startCuspProcess({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});
