import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProjectCommand } from '../../../../api/src/commands/projectCommand.js';
import type { HistoryEntry, HistoryPage } from '../../../../api/src/contract/audit.js';
import { projectSubject } from '../../../../api/src/domain/project.js';
import { freshIp } from '../../../support/accounts.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { parseCsv } from '../../../support/csv.js';
import { pdfPages } from '../../../support/pdfText.js';
import { testDrivers } from '../../../support/db.js';
import {
  fixture,
  multipart,
  projectData,
  signUp,
  smallStl,
  type TestUser,
} from '../../../support/projects.js';

const crownV1 = fixture('mesh', 'molar-crown-fdi16.stl');
const crownV2 = fixture('mesh', 'molar-crown-fdi16-v2.stl');
const antagonist = smallStl(crownV1, 40);
const json = { 'content-type': 'application/json' };

const DOCTOR = 'Dr Ana Núñez-Łukasiewicz';
const FORMULA_NAME = '=1+2 Dr Evil';
const CHANGES = 'Margin of 16, too short.\nPlease lengthen it by 0.2 mm';
const NOTE = 'Margin lengthened, "contact" to 15 réglé';

/** A project's history as a record: doctors by name, what changed, openings folded, exports. */
describe.each(testDrivers())('project history as a record (%s)', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let id: string;
  let token: string;
  let items: HistoryEntry[];

  const adminEmail = `history.admin.${driver}@example.com`;
  const request = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(body === undefined ? {} : json),
        ...(user ? user.auth : {}),
        'x-forwarded-for': freshIp(),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const ok = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    user?: TestUser,
    body?: unknown,
  ) => {
    const r = await request(method, url, user, body);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
    return r;
  };
  const opened = (browserId: string) =>
    ok('POST', `/api/public/projects/${token}/opened`, undefined, { browserId });

  beforeAll(async () => {
    t = await startTestApp(driver, { VIEW_PREBUILD: 'false', ADMIN_EMAILS: adminEmail });
    [owner, stranger, admin] = [await signUp(t), await signUp(t), await signUp(t, adminEmail)];
    const created = multipart([
      { name: 'projectData', value: JSON.stringify(projectData({ name: 'Crowns 16 Müller' })) },
      { name: 'models', filename: 'Crown 16.stl', data: crownV1 },
      { name: 'models', filename: 'Antagonist.stl', data: antagonist },
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: created.payload,
      headers: { ...created.headers, ...owner.auth, 'x-forwarded-for': freshIp() },
    });
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().projectId;
    const project = (await ok('GET', `/api/projects/${id}`, owner)).json() as {
      publicToken: string;
      models: { id: string; originalName: string }[];
    };
    token = project.publicToken;

    await ok('POST', `/api/projects/${id}/send-email`, owner, {
      doctorEmail: 'ana@clinic.example',
    });
    for (const b of ['browser-one', 'browser-two', 'browser-three']) await opened(b);
    await ok('POST', `/api/public/projects/${token}/comments`, undefined, {
      authorName: DOCTOR,
      authorEmail: 'ana@clinic.example',
      body: 'Looks close',
    });
    await ok('POST', `/api/public/projects/${token}/comments`, undefined, {
      authorName: FORMULA_NAME,
      body: 'Hello',
    });
    await ok('POST', `/api/public/projects/${token}/request-changes`, undefined, {
      authorName: DOCTOR,
      body: CHANGES,
    });
    const keep = project.models.filter((m) => m.originalName === 'Antagonist.stl');
    const version = multipart([
      { name: 'versionData', value: JSON.stringify({ note: NOTE, keep: keep.map((m) => m.id) }) },
      { name: 'models', filename: 'Crown 16 v2.stl', data: crownV2 },
    ]);
    const v = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/versions`,
      payload: version.payload,
      headers: { ...version.headers, ...owner.auth, 'x-forwarded-for': freshIp() },
    });
    expect(v.statusCode, v.body).toBe(201);
    for (const b of ['browser-four', 'browser-five']) await opened(b);
    // The approval with its checklist, as the approve command records it.
    const subject = projectSubject(id);
    await runProjectCommand(
      t.deps,
      id,
      {
        type: 'ApproveProject',
        data: {
          projectId: id,
          now: new Date().toISOString(),
          approvedBy: await t.deps.keys.seal(subject, 'authorName', DOCTOR),
          version: 2,
          checklist: [
            { item: 'occlusion', answer: 'needs_change' },
            { item: 'margins', answer: 'acceptable' },
          ],
        },
      },
      { actor: 'link:approvalTest0000' },
    );
    await ok('PUT', `/api/projects/${id}/status`, owner, { status: 'pending_review' });
    const page = (await ok('GET', `/api/projects/${id}/history`, owner)).json() as HistoryPage;
    items = page.items;
    expect(page.exportable).toBe(true);
    expect(page.nextCursor).toBeNull();
  });
  afterAll(async () => t?.close());

  const line = (action: string, n = 0) => items.filter((i) => i.action === action)[n]!;

  it('names the doctors as they named themselves, never "Doctor (public link)"', () => {
    expect(line('CommentAdded')).toMatchObject({ actorKind: 'link', actorName: DOCTOR });
    expect(line('CommentAdded', 1)).toMatchObject({ actorName: FORMULA_NAME });
    expect(line('ChangesRequested')).toMatchObject({ actorName: DOCTOR });
    expect(line('ProjectApproved')).toMatchObject({ actorName: DOCTOR, version: 2 });
    // The status change the request recorded with it is the doctor's too.
    expect(line('ProjectStatusChanged')).toMatchObject({
      actorKind: 'link',
      actorName: DOCTOR,
      details: { from: 'pending', to: 'pending_revision' },
    });
  });

  it('says what each event changed: files, the note, the request, the checklist, the status', () => {
    expect(line('ProjectCreated').details).toEqual({
      added: ['Crown 16.stl', 'Antagonist.stl'],
    });
    expect(line('ProjectSentToDoctor').details).toEqual({ recipient: 'ana@clinic.example' });
    expect(line('ChangesRequested').details).toEqual({ note: CHANGES });
    expect(line('ProjectVersionAdded')).toMatchObject({
      version: 2,
      details: { note: NOTE, added: ['Crown 16 v2.stl'], removed: ['Crown 16.stl'] },
    });
    expect(line('ProjectApproved').details).toEqual({
      checklist: [
        { item: 'margins', answer: 'acceptable' },
        { item: 'occlusion', answer: 'needs_change' },
      ],
    });
    const changes = items.filter((i) => i.action === 'ProjectStatusChanged');
    expect(changes.at(-1)!.details).toEqual({ from: 'approved', to: 'pending_review' });
    expect(changes.at(-1)!.mine).toBe(true);
  });

  it('folds consecutive link openings into one line with how many, the first and the last', () => {
    const openings = items.filter((i) => i.action === 'LinkOpened');
    expect(openings.map((o) => o.count)).toEqual([3, 2]);
    for (const o of openings) expect(Date.parse(o.firstAt!)).toBeLessThanOrEqual(Date.parse(o.at));
    // Each run sits where it happened: after the mail, and between the new version and the
    // approval.
    const actions = items.map((i) => i.action);
    expect(actions.indexOf('LinkOpened')).toBe(actions.indexOf('ProjectSentToDoctor') + 1);
    const second = actions.lastIndexOf('LinkOpened');
    expect(second).toBeGreaterThan(actions.indexOf('ProjectVersionAdded'));
    expect(second).toBe(actions.indexOf('ProjectApproved') - 1);
  });

  it('exports the history as CSV: UTF-8 with BOM, RFC 4180, formulas defused, read back whole', async () => {
    const r = await request('GET', `/api/projects/${id}/history.csv`, owner);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="cusp-history-${id}.csv"`);
    const bytes = r.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    const [header, ...records] = rows;
    expect(header).toEqual([
      'time_utc',
      'event',
      'by',
      'version',
      'details',
      'count',
      'first_time_utc',
      'event_id',
    ]);
    expect(records).toHaveLength(items.length);
    const col = (name: string) => header!.indexOf(name);
    const byEvent = (eventId: string) => records.find((r) => r[col('event_id')] === eventId)!;

    const created = byEvent(line('ProjectCreated').eventId);
    expect(created[col('event')]).toBe('Project created');
    expect(created[col('by')]).toBe('Tess Technician');
    expect(created[col('details')]).toBe('Added: Crown 16.stl, Antagonist.stl');
    const changes = byEvent(line('ChangesRequested').eventId);
    expect(changes[col('by')]).toBe(DOCTOR);
    expect(changes[col('details')]).toBe(`Note: ${CHANGES}`);
    const version = byEvent(line('ProjectVersionAdded').eventId);
    expect(version[col('version')]).toBe('2');
    expect(version[col('details')]).toBe(
      `Note: ${NOTE}\nAdded: Crown 16 v2.stl\nRemoved: Crown 16.stl`,
    );
    expect(byEvent(line('ProjectApproved').eventId)[col('details')]).toBe(
      'Checklist: Margins: Acceptable; Occlusion: Needs change',
    );
    // A name a spreadsheet would run as a formula stays text.
    expect(byEvent(line('CommentAdded', 1).eventId)[col('by')]).toBe(`'${FORMULA_NAME}`);
    const opened = byEvent(items.filter((i) => i.action === 'LinkOpened')[0]!.eventId);
    expect(opened[col('count')]).toBe('3');
    expect(opened[col('event')]).toMatch(
      /^Opened 3 times, last \w{3} \d{2}, \d{4} \d{2}:\d{2} UTC$/,
    );
    expect(opened[col('first_time_utc')]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('exports the history as a PDF whose text says the same', async () => {
    const r = await request('GET', `/api/projects/${id}/history.pdf`, owner);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="cusp-history-${id}.pdf"`);
    expect(r.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(new Uint8Array(r.rawPayload));
    const flat = pages
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    for (const expected of [
      'Project history',
      'Crowns 16 Müller',
      'Exported',
      'by Tess Technician',
      DOCTOR,
      'Opened 3 times, last',
      'Opened 2 times, last',
      'Added: Crown 16 v2.stl',
      'Removed: Crown 16.stl',
      `Note: ${NOTE}`,
      'Checklist: Margins: Acceptable; Occlusion: Needs change',
      'Status: Approved → Pending Review',
      'Sent to: ana@clinic.example',
      'Page 1 of',
    ]) {
      expect(flat, expected).toContain(expected);
    }
  });

  it('exports only for the owner: others get 404, an admin reads the history but not the files', async () => {
    for (const ext of ['csv', 'pdf']) {
      const url = `/api/projects/${id}/history.${ext}`;
      expect((await request('GET', url, stranger)).statusCode).toBe(404);
      expect((await request('GET', url, admin)).statusCode).toBe(404);
      expect((await request('GET', url)).statusCode).toBe(401);
    }
    const asAdmin = (await ok('GET', `/api/projects/${id}/history`, admin)).json() as HistoryPage;
    expect(asAdmin.exportable).toBe(false);
    expect(asAdmin.items.find((i) => i.action === 'ChangesRequested')?.actorName).toBe(DOCTOR);
  });
});
