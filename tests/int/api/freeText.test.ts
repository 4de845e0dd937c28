import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { projectStream } from '../../../api/src/domain/project.js';
import { STRONG_PASSWORD, freshIp } from '../../support/accounts.js';
import { bearer, seedProject, seedUser, type SeededProject } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { injectServed } from '../../support/loadGuard.js';
import {
  filesUnder,
  fixture,
  multipart,
  projectData,
  smallStl,
  type Part,
} from '../../support/projects.js';

/**
 * The one text rule (api/src/domain/text.ts) on every free-text field of the API: refused with
 * 400 `invalid_text` and the field named, nothing stored, no mail queued.
 */
const REFUSED_ANYWHERE: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['ESC', 'a\u001bb'],
  ['CR', 'a\rb'],
  ['DEL', 'a\u007fb'],
  ['C1 NEL', 'a\u0085b'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', 'a\udc00'],
  ['right-to-left override', 'scan\u202Eltsexe'],
  ['right-to-left isolate', 'a\u2067b'],
  ['combining mark run', `Z${'\u0336'.repeat(12)}`],
];
/** One-line fields refuse line breaks and tabs too. */
const REFUSED_IN_LINE: [string, string][] = [
  ...REFUSED_ANYWHERE,
  ['line feed', 'Jane\nPatient'],
  ['tab', 'Jane\tPatient'],
];

const stl = smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 40);

describe.each(testDrivers())('free-text fields (%s)', (driver) => {
  let t: TestApp;
  let auth: { authorization: string };
  let project: SeededProject;

  const send = (opts: InjectOptions) =>
    injectServed(t.app, {
      ...opts,
      headers: { 'x-forwarded-for': freshIp(), ...(opts.headers as Record<string, string>) },
    });
  const createProject = (url: '/api/projects' | '/api/public/projects', parts: Part[]) => {
    const body = multipart(parts);
    return send({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(url === '/api/projects' ? auth : {}) },
    });
  };
  const withData = (over: Record<string, unknown>, extra: Part[] = []): Part[] => [
    { name: 'projectData', value: JSON.stringify(projectData(over)) },
    { name: 'models', filename: 'crown.stl', data: stl },
    ...extra,
  ];
  const outboxCount = async () =>
    Number((await t.deps.db.query<{ n: string }>('SELECT count(*) AS n FROM outbox')).rows[0]!.n);
  const feedbackEvents = async () =>
    (await t.deps.store.readStream(projectStream(project.id))).filter(
      (e) => e.type === 'FeedbackGiven',
    ).length;

  function expectInvalidText(res: LightMyRequestResponse, field: string, sample: string) {
    expect(res.statusCode, `${field} ${JSON.stringify(sample)}: ${res.body}`).toBe(400);
    const body = res.json() as { code: string; error: string };
    expect(body.code).toBe('invalid_text');
    expect(body.error).toMatch(new RegExp(`^${field}: contains characters that are not allowed`));
  }

  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
    const tech = await seedUser(t.deps, { name: 'Tina Tech', email: 'tina.text@lab.test' });
    auth = bearer(tech.token);
    project = await seedProject(t.deps, { userId: tech.id, name: 'Case 21' });
  });
  afterAll(async () => t?.close());

  it('register: name and companyName', async () => {
    for (const field of ['name', 'companyName']) {
      for (const [, sample] of REFUSED_IN_LINE) {
        const res = await send({
          method: 'POST',
          url: '/api/register',
          payload: {
            name: 'Ada Lab',
            email: 'ada.text@example.com',
            companyName: 'Ada Dental',
            password: STRONG_PASSWORD,
            turnstileToken: 'unused: the text is refused first',
            [field]: sample,
          },
        });
        expectInvalidText(res, field, sample);
      }
    }
    const users = await t.deps.db.query('SELECT 1 FROM users');
    expect(users.rows).toHaveLength(1); // the seeded technician only
  });

  it('both create forms: name, patientName, laboratoryName, comment; nothing is stored', async () => {
    const blobsBefore = filesUnder(`${t.dataDir}/blobs`);
    for (const url of ['/api/projects', '/api/public/projects'] as const) {
      for (const field of ['name', 'patientName', 'laboratoryName']) {
        for (const [, sample] of REFUSED_IN_LINE) {
          expectInvalidText(await createProject(url, withData({ [field]: sample })), field, sample);
        }
      }
      for (const [, sample] of REFUSED_ANYWHERE) {
        expectInvalidText(
          await createProject(url, withData({ comment: sample })),
          'comment',
          sample,
        );
      }
    }
    expect(filesUnder(`${t.dataDir}/blobs`)).toEqual(blobsBefore);
    const mine = await send({ method: 'GET', url: '/api/projects', headers: auth });
    expect((mine.json() as unknown[]).map((p) => (p as { id: string }).id)).toEqual([project.id]);
  });

  it('modelCustomNames, as a plain field and in a JSON list; the stored files are removed', async () => {
    const blobsBefore = filesUnder(`${t.dataDir}/blobs`);
    for (const [, sample] of REFUSED_IN_LINE) {
      // A lone surrogate has no UTF-8 form: it can only arrive escaped in a JSON list.
      for (const value of [sample, JSON.stringify([sample])]) {
        if (value === sample && /[\ud800-\udfff]/.test(sample)) continue;
        const res = await createProject(
          '/api/projects',
          withData({}, [{ name: 'modelCustomNames', value }]),
        );
        expectInvalidText(res, 'modelCustomNames', sample);
      }
    }
    expect(filesUnder(`${t.dataDir}/blobs`)).toEqual(blobsBefore);
  });

  it('doctor feedback (message and feedback) and the technician reply; no mail is queued', async () => {
    const mailsBefore = await outboxCount();
    for (const [, sample] of REFUSED_ANYWHERE) {
      for (const key of ['message', 'feedback']) {
        const res = await send({
          method: 'POST',
          url: `/api/public/projects/${project.publicToken}/feedback`,
          payload: { [key]: sample },
        });
        expectInvalidText(res, key, sample);
      }
      const reply = await send({
        method: 'POST',
        url: `/api/projects/${project.id}/feedback`,
        headers: auth,
        payload: { message: sample },
      });
      expectInvalidText(reply, 'message', sample);
    }
    expect(await feedbackEvents()).toBe(0);
    expect(await outboxCount()).toBe(mailsBefore);
  });

  it('keeps tabs and line breaks in notes and feedback, and emoji and RTL marks everywhere', async () => {
    const note = 'Margins:\n\t16 — shorten\n\t17 — ok 👩‍⚕️ שלום\u200f';
    const created = await createProject(
      '/api/projects',
      withData({ comment: note, patientName: 'Zoë 👨‍👩‍👧 Ångström' }, [
        { name: 'modelCustomNames', value: 'Upper ✓ arch' },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { projectId } = created.json() as { projectId: string };
    const got = await send({ method: 'GET', url: `/api/projects/${projectId}`, headers: auth });
    expect(got.json()).toMatchObject({
      comment: note,
      patientName: 'Zoë 👨‍👩‍👧 Ångström',
      models: [{ name: 'Upper ✓ arch' }],
    });
    const given = await send({
      method: 'POST',
      url: `/api/public/projects/${project.publicToken}/feedback`,
      payload: { message: note },
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ feedback: { message: note } });
  });
});
