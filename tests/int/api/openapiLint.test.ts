import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type RouteContract } from '../../../api/src/contract/routes.js';
import { startTestApp, type TestApp } from '../../support/app.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../..');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

/**
 * The served OpenAPI description passes `redocly lint` with the recommended ruleset
 * (`redocly.yaml`) without errors, offline: no telemetry, no update check, nothing fetched.
 */
describe('openapi.json lints clean', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    dir = mkdtempSync(join(tmpdir(), 'cusp-openapi-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('redocly lint (recommended) finds no errors', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await run(
      join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // What is left is known: no license is declared, and four reads that cannot fail with a 4xx.
    expect(report.problems.map((p) => p.ruleId).sort()).toEqual([
      'info-license',
      ...Array<string>(4).fill('operation-4xx-response'),
    ]);
  }, 60_000);

  it('says who may call each operation, what it takes and how it fails', () => {
    for (const [route, c] of Object.entries(API_ROUTES) as [string, RouteContract][]) {
      const [method, pattern] = route.split(' ') as [string, string];
      const op = doc.paths[pattern.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, route).toBeDefined();
      if (!op) continue;
      expect(op.summary, route).toBe(c.summary);
      expect(op.tags?.length, route).toBe(1);
      const open = c.access === 'public' || c.access === 'link';
      expect(op.security, route).toEqual(open ? [] : [{ bearer: [] }]);
      if (!open) expect(Object.keys(op.responses), route).toContain('401');
      if (c.params || c.query || c.body) expect(Object.keys(op.responses), route).toContain('400');
      expect(
        op.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        route,
      ).toBe(c.idempotencyKey === true);
      if (c.form) {
        const fields = Object.keys(
          op.requestBody?.content['multipart/form-data']?.schema.properties ?? {},
        );
        expect(fields, route).toContain(c.form.files.field);
        if (c.form.data) expect(fields, route).toContain(c.form.data.field);
      }
    }
    const versions = doc.paths['/api/projects/{id}/versions']?.post;
    expect(
      Object.keys(versions?.requestBody?.content['multipart/form-data']?.schema.properties ?? {}),
    ).toEqual(['versionData', 'models', 'modelMaterials', 'modelCustomNames', 'modelTypes']);
    const dcm = doc.paths['/api/dcm/convert']?.post;
    expect(
      Object.keys(dcm?.requestBody?.content['multipart/form-data']?.schema.properties ?? {}),
    ).toEqual(['file']);
    const answerType = (path: string) =>
      Object.keys(
        (doc.paths[path]?.get?.responses['200'] as { content: Record<string, unknown> }).content,
      );
    expect(answerType('/api/projects/{id}/view/{modelId}')).toEqual(['model/gltf-binary']);
    expect(answerType('/api/projects/{id}/thumbnail')).toEqual(['image/png']);
    expect(answerType('/api/docs')).toEqual(['text/html']);
    expect(answerType('/api/admin/audit')).toEqual(['application/json', 'text/csv']);
  });
});
