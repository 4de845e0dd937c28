import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import type { errorAnswer } from '../../../api/src/contract/common.js';
import { attachContract } from '../../../api/src/http/contractSchemas.js';
import { errorHandler } from '../../../api/src/http/errorHandler.js';
import { API_ROUTES, failureSchema, type ApiRoute } from '../../../api/src/contract/routes.js';
import { projectSubject } from '../../../api/src/domain/project.js';
import { storeThumbnail } from '../../../api/src/mesh/thumbnailStore.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import {
  STRONG_PASSWORD,
  freshIp,
  mailTo,
  mailedVerificationToken,
  readOutboxDir,
  solveBotCheck,
  waitForMail,
} from '../../support/accounts.js';
import { seedUser } from '../../support/adminSeed.js';
import { fixture, multipart, projectData, smallStl, type Part } from '../../support/projects.js';

/**
 * The API contract (api/src/contract) against the real API: a tour that calls every registered
 * route, and parses every answer — success or failure — with the route's schema from the one
 * contract table. A field the server adds, drops or retypes fails here before the web app meets it.
 */

const molar = fixture('mesh', 'molar-crown-fdi16.stl');
const tiny = smallStl(molar, 40);
const dcm = fixture('dcm', 'example_ca.dcm');

interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  parts?: Part[];
  auth?: string;
  headers?: Record<string, string>;
}

type Json = Record<string, unknown>;

const resetToken = (decoded: string) =>
  /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(decoded)?.[1];

describe('API contract', () => {
  let t: TestApp;
  const called = new Set<ApiRoute>();
  const checked: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('pglite', { TRUST_PROXY: 'true', VIEW_PREBUILD: 'false' });
    openApi = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Calls a route and parses its answer with the contract; returns the parsed JSON. */
  async function call<T = unknown>(
    route: ApiRoute,
    expected: number,
    c: Call = {},
  ): Promise<{ res: LightMyRequestResponse; data: T }> {
    const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
    let url = pattern.replace(/:(\w+)/g, (_, k: string) => {
      const v = c.params?.[k];
      if (v === undefined) throw new Error(`${route}: no value for :${k}`);
      return encodeURIComponent(v);
    });
    if (c.query) url += `?${c.query}`;
    const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...c.headers };
    if (c.auth) headers.authorization = `Bearer ${c.auth}`;
    const opts: InjectOptions = { method, url, headers };
    if (c.parts) {
      const m = multipart(c.parts);
      opts.payload = m.payload;
      Object.assign(headers, m.headers);
    } else if (c.body !== undefined) {
      opts.payload = c.body as object;
    }
    const res = await t.app.inject(opts);
    expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBe(expected);
    called.add(route);
    checked.push(`${route} ${res.statusCode}`);
    const type = String(res.headers['content-type'] ?? '');
    const answers = API_ROUTES[route].answers as Record<number, unknown>;
    if (res.statusCode >= 400) {
      const parsed = failureSchema(route, res.statusCode).safeParse(res.json());
      expect(parsed.error?.issues ?? [], `${route} ${res.statusCode}`).toEqual([]);
      return { res, data: res.json() as T };
    }
    expect(Object.keys(answers), `${route} answers ${res.statusCode}`).toContain(
      String(res.statusCode),
    );
    const schema = answers[res.statusCode];
    if (schema === null) {
      expect(res.body).toBe('');
      return { res, data: undefined as T };
    }
    if (schema === 'bytes' || !type.includes('application/json')) {
      const also: readonly string[] =
        (API_ROUTES[route] as { alsoAnswers?: readonly string[] }).alsoAnswers ?? [];
      expect(schema === 'bytes' || also.some((m) => type.startsWith(m)), `${route}: ${type}`).toBe(
        true,
      );
      expect(res.rawPayload.length).toBeGreaterThan(0);
      return { res, data: undefined as T };
    }
    const parsed = (schema as typeof errorAnswer).safeParse(res.json());
    expect(parsed.error?.issues ?? [], `${route} ${res.statusCode}`).toEqual([]);
    // The published OpenAPI description says the same of this answer.
    const validate = openApiValidator(route, res.statusCode);
    expect(validate(res.json()), `${route} ${res.statusCode} vs openapi.json`).toBe(true);
    expect(validate.errors ?? [], `${route} ${res.statusCode} vs openapi.json`).toEqual([]);
    openApiChecked++;
    return { res, data: res.json() as T };
  }

  let openApi: { paths: Record<string, Record<string, { responses: Record<string, Json> }>> };
  let openApiChecked = 0;
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  /** The JSON Schema openapi.json gives for this route's answer with this status. */
  function openApiValidator(route: ApiRoute, status: number) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:(\w+)/g, '{$1}');
    const media = openApi.paths[path]?.[method.toLowerCase()]?.responses[String(status)]
      ?.content as Record<string, { schema: object }> | undefined;
    const schema = media?.['application/json']?.schema;
    if (!schema) throw new Error(`openapi.json has no JSON answer ${status} for ${route}`);
    return ajv.compile(schema);
  }

  it('every answer of every route matches its contract schema', async () => {
    await call('GET /api/health', 200);
    await call('GET /api/materials', 200);
    await call('GET /api/openapi.json', 200);
    const docs = await call('GET /api/docs', 200);
    expect(docs.res.headers['content-type']).toContain('text/html');
    expect(docs.res.body).toContain('/api/public/projects/{token}');
    await call('GET /api/botcheck/challenge', 200, { query: 'purpose=login' });
    await call('GET /api/botcheck/challenge', 400, { query: 'purpose=nonsense' });

    // Accounts: register, the mailed link (check, then verify), resend, login, me.
    const email = 'contract.tech@example.com';
    await call('POST /api/register', 400, { body: { name: '', email } });
    await call('POST /api/register', 201, {
      body: {
        name: 'Cora Contract',
        email,
        companyName: 'Contract Dental Lab',
        password: STRONG_PASSWORD,
        turnstileToken: await solveBotCheck(t.app, 'register'),
      },
    });
    const verifyToken = await mailedVerificationToken(t.dataDir, email);
    await call('GET /api/verify-email/:token', 200, { params: { token: verifyToken } });
    await call('POST /api/verify-email/:token', 200, { params: { token: verifyToken } });
    // After verifying: a resend would replace the link verified above.
    await call('POST /api/resend-verification', 202, { body: { email } });
    await call('GET /api/verify-email/:token', 410, { params: { token: 'x' } });
    await call('POST /api/login/bot-check', 200, { body: { email } });
    await call('POST /api/login', 401, { body: { email, password: 'not-the-password-1' } });
    const login = await call<{ token: string; user: { id: string } }>('POST /api/login', 200, {
      body: { email, password: STRONG_PASSWORD },
    });
    const tech = login.data.token;
    await call('GET /api/me', 200, { auth: tech });
    await call('GET /api/me', 401);
    await call('GET /api/me/comment-mails', 200, { auth: tech });
    await call('PUT /api/me/comment-mails', 200, {
      auth: tech,
      body: { commentMails: 'instant' },
    });
    await call('PUT /api/me/comment-mails', 400, { auth: tech, body: { commentMails: 'hourly' } });
    await call('GET /api/me/comment-mails', 401);

    // Forgot password: request, check the mailed link, set a new password.
    await call('POST /api/forgot-password', 202, {
      body: { email, turnstileToken: await solveBotCheck(t.app, 'password-reset') },
    });
    const resetMail = await waitForMail(
      () => readOutboxDir(t.dataDir),
      (m) => mailTo(email)(m) && !!resetToken(m.decoded),
    );
    const reset = resetToken(resetMail.decoded)!;
    await call('POST /api/reset-password/check', 200, { body: { token: reset } });
    await call('POST /api/reset-password', 200, {
      body: { token: reset, password: `${STRONG_PASSWORD}-new` },
    });
    await call('POST /api/reset-password/check', 410, { body: { token: reset } });
    const again = await call<{ token: string }>('POST /api/login', 200, {
      body: { email, password: `${STRONG_PASSWORD}-new` },
    });
    const owner = again.data.token;

    // Projects: create (and its idempotent retry), list, stats, one, history, files, views.
    const parts: Part[] = [
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'upper.stl', data: tiny },
      { name: 'modelMaterials', value: JSON.stringify(['gingiva']) },
    ];
    const key = { 'idempotency-key': 'contract-create-0001' };
    const created = await call<{ projectId: string }>('POST /api/projects', 201, {
      auth: owner,
      parts,
      headers: key,
    });
    await call('POST /api/projects', 200, { auth: owner, parts, headers: key });
    await call('POST /api/projects', 401, { parts });
    const id = created.data.projectId;
    await call('GET /api/projects', 200, { auth: owner });
    await call('GET /api/projects/stats', 200, { auth: owner });
    await call('GET /api/projects', 200, {
      auth: owner,
      query: 'q=upper&status=pending,approved&needs=answer&sort=activity&limit=5',
    });
    await call('GET /api/projects', 400, { auth: owner, query: 'sort=size' });
    await call('GET /api/projects/attention', 200, { auth: owner });
    await call('GET /api/projects/:id/thumbnail', 404, { auth: owner, params: { id } });
    // This app does not prebuild (VIEW_PREBUILD=false): build the thumbnail as the upload would.
    const models = await t.deps.db.query<{ blob_key: string }>(
      'SELECT blob_key FROM project_models WHERE project_id = $1',
      [id],
    );
    const dataKey = await t.deps.keys.existingKey(projectSubject(id));
    await storeThumbnail(
      t.deps,
      id,
      1,
      models.rows.map((m) => m.blob_key),
      dataKey!,
    );
    await call('GET /api/projects/:id/thumbnail', 200, {
      auth: owner,
      params: { id },
      query: 'v=1',
    });
    const one = await call<{ models: { id: string; filename: string }[] }>(
      'GET /api/projects/:id',
      200,
      { auth: owner, params: { id } },
    );
    await call('GET /api/projects/:id', 404, {
      auth: owner,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    await call('GET /api/projects/:id', 400, { auth: owner, params: { id: 'nope' } });
    const model = one.data.models[0]!;
    await call('GET /api/projects/:id/files/:filename', 200, {
      auth: owner,
      params: { id, filename: model.filename },
    });
    await call('GET /api/projects/:id/view/:modelId', 200, {
      auth: owner,
      params: { id, modelId: model.id },
    });
    await call('GET /api/projects/:id/models/:modelId/uploaded', 200, {
      auth: owner,
      params: { id, modelId: model.id },
    });
    await call('GET /api/projects/:id/versions/:version/zip', 200, {
      auth: owner,
      params: { id, version: '1' },
    });
    await call('GET /api/projects/:id/versions/:version/zip', 404, {
      auth: owner,
      params: { id, version: '9' },
    });
    // A new version: the first model stays, a new file is added.
    await call('POST /api/projects/:id/versions', 201, {
      auth: owner,
      params: { id },
      parts: [
        {
          name: 'versionData',
          value: JSON.stringify({ note: 'Added the lower arch', keep: [model.id] }),
        },
        { name: 'models', filename: 'lower.stl', data: tiny },
      ],
    });
    await call('POST /api/projects/:id/versions', 400, {
      auth: owner,
      params: { id },
      parts: [{ name: 'versionData', value: JSON.stringify({ note: ' ', keep: [model.id] }) }],
    });
    await call('PUT /api/projects/:id/status', 200, {
      auth: owner,
      params: { id },
      body: { status: 'pending_review' },
    });
    await call('PUT /api/projects/:id/status', 400, {
      auth: owner,
      params: { id },
      body: { status: 'lost' },
    });
    await call('PUT /api/projects/:id/checklist', 200, {
      auth: owner,
      params: { id },
      body: { items: ['margins', 'occlusion'] },
    });
    await call('PUT /api/projects/:id/checklist', 400, {
      auth: owner,
      params: { id },
      body: { items: ['shade'] },
    });
    await call('POST /api/projects/:id/send-email', 200, {
      auth: owner,
      params: { id },
      body: { doctorEmail: 'dr.contract@example.com' },
    });

    // The doctor's side, through the public link.
    const linked = await call<{ publicToken: string }>('GET /api/projects/:id', 200, {
      auth: owner,
      params: { id },
    });
    const token = linked.data.publicToken;
    await call('GET /api/public/projects/:token', 200, { params: { token } });
    await call('GET /api/public/projects/:token', 404, { params: { token: 'unknown' } });
    await call('GET /api/public/projects/:token/files/:filename', 200, {
      params: { token, filename: model.filename },
    });
    await call('GET /api/public/projects/:token/view/:modelId', 200, {
      params: { token, modelId: model.id },
    });
    // Downloads of the files as uploaded: refused until the owner allows them (below).
    await call('GET /api/public/projects/:token/models/:modelId/uploaded', 403, {
      params: { token, modelId: model.id },
    });
    await call('GET /api/public/projects/:token/versions/:version/zip', 403, {
      params: { token, version: '1' },
    });
    const doctorSays = await call<{ feedback: { id: string } }>(
      'POST /api/public/projects/:token/feedback',
      201,
      { params: { token }, body: { message: 'Margins look good.' } },
    );
    await call('POST /api/public/projects/:token/feedback', 400, {
      params: { token },
      body: { message: '   ' },
    });
    await call('POST /api/projects/:id/feedback', 201, {
      auth: owner,
      params: { id },
      body: { feedback: 'Thank you.' },
    });
    await call('PUT /api/projects/:id/feedback/:feedbackId/read', 204, {
      auth: owner,
      params: { id, feedbackId: doctorSays.data.feedback.id },
    });
    // The conversation: a pinned comment, a reply, resolve / reopen on both sides, changes.
    const pinned = await call<{ comment: { id: string } }>(
      'POST /api/public/projects/:token/comments',
      201,
      {
        params: { token },
        body: {
          authorName: 'Dr. Contract',
          authorEmail: 'dr.contract@example.com',
          body: '16 distal margin open',
          anchor: {
            modelId: model.id,
            point: [1, 2, 3],
            normal: [0, 0, 1],
            camera: { position: [0, -40, 60], target: [0, 0, 0], up: [0, 0, 1] },
          },
        },
      },
    );
    const commentId = pinned.data.comment.id;
    await call('POST /api/public/projects/:token/comments', 400, {
      params: { token },
      body: { body: 'no name' },
    });
    await call('GET /api/public/projects/:token/comments', 200, { params: { token } });
    await call('POST /api/projects/:id/comments', 201, {
      auth: owner,
      params: { id },
      body: { body: 'Extended.', parentId: commentId },
    });
    await call('GET /api/projects/:id/comments', 200, { auth: owner, params: { id } });
    await call('POST /api/projects/:id/comments/:commentId/resolve', 200, {
      auth: owner,
      params: { id, commentId },
    });
    await call('POST /api/public/projects/:token/comments/:commentId/reopen', 200, {
      params: { token, commentId },
    });
    await call('POST /api/public/projects/:token/comments/:commentId/resolve', 200, {
      params: { token, commentId },
    });
    await call('POST /api/projects/:id/comments/:commentId/reopen', 200, {
      auth: owner,
      params: { id, commentId },
    });
    await call('POST /api/public/projects/:token/request-changes', 201, {
      params: { token },
      body: { authorName: 'Dr. Contract', body: 'Please extend the margin.' },
    });
    await call('POST /api/public/projects/:token/approve', 409, {
      params: { token },
      body: { version: 1 },
    });
    await call('GET /api/projects/:id/approval-record', 404, { auth: owner, params: { id } });
    await call('GET /api/public/projects/:token/approval-record', 404, { params: { token } });
    await call('POST /api/public/projects/:token/approve', 200, {
      params: { token },
      body: { version: 2, authorName: 'Dr. Contract' },
    });
    await call('GET /api/projects/:id/approval-record', 200, { auth: owner, params: { id } });
    await call('GET /api/projects/:id/approval-record', 200, {
      auth: owner,
      params: { id },
      query: 'format=json',
    });
    await call('GET /api/projects/:id/approval-record', 400, {
      auth: owner,
      params: { id },
      query: 'format=docx',
    });
    await call('GET /api/public/projects/:token/approval-record', 200, {
      params: { token },
      query: 'format=json',
    });
    await call('POST /api/public/projects/:token/request-changes', 409, {
      params: { token },
      body: { authorName: 'Dr. Contract', body: 'One more.' },
    });
    await call('POST /api/public/projects/:token/approve', 409, {
      params: { token },
      body: { version: 2 },
    });

    // Link control: the owner's settings, the doctor's PIN and opening, withdraw, a new link.
    await call('GET /api/projects/:id/link', 200, { auth: owner, params: { id } });
    await call('POST /api/public/projects/:token/opened', 204, {
      params: { token },
      body: { browserId: 'contract-browser-1' },
    });
    await call('PUT /api/projects/:id/link', 400, {
      auth: owner,
      params: { id },
      body: { expiresAt: null, pin: '123' },
    });
    await call('PUT /api/projects/:id/link', 200, {
      auth: owner,
      params: { id },
      body: { expiresAt: null, downloadsAllowed: true },
    });
    await call('GET /api/public/projects/:token/models/:modelId/uploaded', 200, {
      params: { token, modelId: model.id },
    });
    await call('GET /api/public/projects/:token/versions/:version/zip', 200, {
      params: { token, version: '2' },
    });
    await call('PUT /api/projects/:id/link', 200, {
      auth: owner,
      params: { id },
      body: { expiresAt: null, pin: '24681357' },
    });
    await call('GET /api/public/projects/:token', 401, { params: { token } });
    await call('POST /api/public/projects/:token/unlock', 401, {
      params: { token },
      body: { pin: '11111111' },
    });
    await call('POST /api/public/projects/:token/unlock', 200, {
      params: { token },
      body: { pin: '24681357' },
    });
    await call('POST /api/projects/:id/link/revoke', 200, { auth: owner, params: { id } });
    await call('GET /api/public/projects/:token', 410, { params: { token } });
    await call('POST /api/public/projects/:token/opened', 410, { params: { token }, body: {} });
    await call('POST /api/projects/:id/link/rotate', 200, {
      auth: owner,
      params: { id },
      body: {},
    });
    await call('GET /api/projects/:id/history', 200, { auth: owner, params: { id } });
    const csv = await call('GET /api/projects/:id/history.csv', 200, {
      auth: owner,
      params: { id },
    });
    expect(csv.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const pdf = await call('GET /api/projects/:id/history.pdf', 200, {
      auth: owner,
      params: { id },
    });
    expect(pdf.res.headers['content-type']).toBe('application/pdf');

    // The quick public upload and the DCM conversion.
    const pub = await call<{ projectId: string }>('POST /api/public/projects', 201, {
      parts: [
        {
          name: 'projectData',
          value: JSON.stringify({
            ...projectData(),
            terms: true,
            turnstileToken: await solveBotCheck(t.app, 'public-upload'),
          }),
        },
        { name: 'models', filename: 'lower.stl', data: tiny },
      ],
    });
    await call('POST /api/public/projects', 400, {
      parts: [{ name: 'projectData', value: JSON.stringify(projectData()) }],
    });
    await call('POST /api/dcm/convert', 200, {
      parts: [{ name: 'file', filename: 'example_ca.dcm', data: dcm }],
    });
    await call('POST /api/dcm/convert', 400, { parts: [{ name: 'other', value: 'x' }] });

    // Admin: lists, one user, their projects, the audit (JSON and CSV), deletes.
    const admin = await seedUser(t.deps, {
      name: 'Ada Admin',
      email: 'contract.admin@example.com',
      role: 'admin',
    });
    await call('GET /api/admin/stats', 403, { auth: owner });
    await call('GET /api/admin/stats', 200, { auth: admin.token });
    const users = await call<{ users: { id: string; email: string }[] }>(
      'GET /api/admin/users',
      200,
      { auth: admin.token },
    );
    await call('GET /api/admin/projects', 200, { auth: admin.token });
    await call('GET /api/admin/public-projects', 200, { auth: admin.token });
    const techId = users.data.users.find((u) => u.email === email)!.id;
    await call('GET /api/admin/users/:id', 200, { auth: admin.token, params: { id: techId } });
    await call('GET /api/admin/users/:id/projects', 200, {
      auth: admin.token,
      params: { id: techId },
    });
    await call('GET /api/admin/audit', 200, { auth: admin.token, query: 'limit=5' });
    await call('GET /api/admin/audit', 200, { auth: admin.token, query: 'format=csv' });
    await call('GET /api/admin/audit', 400, { auth: admin.token, query: 'before=x' });
    await call('POST /api/admin/projects/bulk-delete', 400, {
      auth: admin.token,
      body: { ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    await call('POST /api/admin/projects/bulk-delete', 200, {
      auth: admin.token,
      body: { ids: [pub.data.projectId] },
    });
    await call('DELETE /api/projects/:id', 204, { auth: owner, params: { id } });
    const second = await call<{ projectId: string }>('POST /api/projects', 201, {
      auth: owner,
      parts,
    });
    await call('DELETE /api/admin/projects/:id', 204, {
      auth: admin.token,
      params: { id: second.data.projectId },
    });
    await call('DELETE /api/admin/users/:id', 400, {
      auth: admin.token,
      params: { id: admin.id },
    });
    await call('POST /api/logout', 204, { auth: owner });
    await call('DELETE /api/admin/users/:id', 204, { auth: admin.token, params: { id: techId } });

    // The tour reached every route of the table.
    expect(Object.keys(API_ROUTES).filter((r) => !called.has(r as ApiRoute))).toEqual([]);
    expect(checked.length).toBeGreaterThan(Object.keys(API_ROUTES).length);
    // Every JSON success answer was also checked against openapi.json.
    expect(openApiChecked).toBeGreaterThan(30);
  });

  it('the contract table lists exactly the API routes the app registers', async () => {
    const registered = new Set<string>();
    const app = await buildApp(t.deps, {
      onRoute: (r) => {
        for (const m of [r.method].flat()) {
          if (r.url.startsWith('/api/') && m !== 'HEAD') registered.add(`${m} ${r.url}`);
        }
      },
    });
    await app.ready();
    await app.close();
    expect([...registered].sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});

describe('API contract attached to the routes', () => {
  async function appAnswering(answer: unknown, checkAnswers: boolean) {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    attachContract(app, { checkAnswers });
    app.get('/api/materials', async () => answer);
    await app.ready();
    return app;
  }

  it('answers an off-contract answer with 500 answer_drift when answers are checked', async () => {
    const app = await appAnswering({ enamel: { name: 'Enamel' } }, true);
    const res = await app.inject({ method: 'GET', url: '/api/materials' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'answer_drift' });
  });

  it('sends the answer as it is when answers are not checked (production)', async () => {
    const answer = { enamel: { name: 'Enamel' } };
    const app = await appAnswering(answer, false);
    const res = await app.inject({ method: 'GET', url: '/api/materials' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);
  });

  it('refuses to register an API route the contract does not list', async () => {
    const app = Fastify();
    attachContract(app, { checkAnswers: false });
    expect(() => app.get('/api/not-in-the-contract', async () => ({}))).toThrow(
      /not in the API contract/,
    );
    await app.close();
  });
});
