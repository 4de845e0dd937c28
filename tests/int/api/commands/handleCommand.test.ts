import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, type CommandPorts } from '../../../../api/src/commands/handleCommand.js';
import {
  projectDecider,
  projectStream,
  ProjectRuleError,
  type ProjectCommand,
  type ProjectState,
} from '../../../../api/src/domain/project.js';
import { httpErrorOf } from '../../../../api/src/http/domainErrors.js';
import { PostgresEventStore } from '../../../../api/src/store/postgres.js';
import {
  WrongExpectedVersion,
  type ExpectedVersion,
  type NewEvent,
} from '../../../../api/src/store/eventStore.js';
import { projectsProjection } from '../../../../projections/src/projects/index.js';
import { startProjections, type ProjectionRunner } from '../../../../projections/src/runner.js';
import { openTestDb, testDrivers, type TestDb } from '../../../support/db.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');

const create = (projectId: string): ProjectCommand => ({
  type: 'CreateProject',
  data: {
    projectId,
    userId: randomUUID(),
    name: 'sealed-name',
    patientName: 'sealed-patient',
    laboratoryName: 'sealed-lab',
    comment: null,
    status: 'pending',
    models: [
      {
        id: randomUUID(),
        filename: 'm.stl',
        originalName: 'sealed-original',
        name: 'sealed-model',
        size: 'sealed-size',
        storageMiB: 1,
        type: 'stl',
        material: 'default',
        groupedFrom: null,
        groupSize: null,
        blobKey: `projects/${projectId}/m`,
        triangles: 'sealed-triangles',
      },
    ],
    createdAt: NOW.toISOString(),
  },
});

const changeStatus = (projectId: string, status: 'approved' | 'pending_revision') =>
  ({
    type: 'ChangeProjectStatus',
    data: { projectId, status, now: NOW.toISOString() },
  }) as const;

describe.each(testDrivers())('handleCommand on %s', (driver) => {
  let t: TestDb;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  let ports: CommandPorts;

  beforeAll(async () => {
    t = await openTestDb(driver);
    store = await PostgresEventStore.open(t.db, { pollIntervalMs: 50 });
    runner = await startProjections({
      db: t.db,
      store,
      log: pino({ level: 'silent' }),
      projections: [projectsProjection],
      pollIntervalMs: 50,
    });
    ports = { store, projections: runner, now: () => NOW, newId: randomUUID };
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await t?.drop();
  });

  const statusRow = async (projectId: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM projects WHERE id = $1', [projectId]))
      .rows[0]?.status;

  it('appends the decided events with metadata and answers after the read model has them', async () => {
    const projectId = randomUUID();
    const r = await handleCommand(ports, {
      stream: projectStream(projectId),
      decider: projectDecider,
      command: create(projectId),
      context: { actor: 'user:u1', requestId: 'req-1', idempotencyKey: 'key-1234567890abcdef' },
    });
    expect(r.state.status).toBe('empty');
    expect(r.newState.status).toBe('active');
    expect(r.events.map((e) => e.type)).toEqual(['ProjectCreated']);
    expect(r.position).toBeDefined();
    // Read-your-writes: the row is there as soon as the handler answers.
    expect(await statusRow(projectId)).toBe('pending');
    const [stored] = await store.readStream(projectStream(projectId));
    expect(stored?.metadata).toEqual({
      actor: 'user:u1',
      at: NOW.toISOString(),
      requestId: 'req-1',
      idempotencyKey: 'key-1234567890abcdef',
    });
  });

  /** The real store, with a real concurrent write committed before each of the first `n` appends. */
  function racedStore(projectId: string, n: number): CommandPorts['store'] & { appends: number } {
    const raced = {
      appends: 0,
      readStream: (s: string, o?: { fromRevision?: bigint }) => store.readStream(s, o),
      append: async (s: string, events: NewEvent[], o?: { expectedVersion?: ExpectedVersion }) => {
        raced.appends++;
        if (raced.appends <= n) {
          await store.append(s, [
            {
              id: randomUUID(),
              type: 'ProjectStatusChanged',
              data: {
                projectId,
                status: 'pending_revision',
                previous: 'pending',
                changedAt: NOW.toISOString(),
              },
              metadata: { actor: 'user:other', at: NOW.toISOString() },
            },
          ]);
        }
        return store.append(s, events, o);
      },
    };
    return raced;
  }

  const created = async (): Promise<string> => {
    const projectId = randomUUID();
    await handleCommand(ports, {
      stream: projectStream(projectId),
      decider: projectDecider,
      command: create(projectId),
      context: { actor: 'system' },
    });
    return projectId;
  };

  it('retries on a concurrent write and decides again on the fresh state', async () => {
    const projectId = await created();
    const raced = racedStore(projectId, 1);
    const seen: string[] = [];
    const r = await handleCommand(
      { ...ports, store: raced },
      {
        stream: projectStream(projectId),
        decider: projectDecider,
        command: (state: ProjectState) => {
          seen.push(state.status === 'active' ? state.projectStatus : state.status);
          return changeStatus(projectId, 'approved');
        },
        context: { actor: 'user:u1' },
      },
    );
    // Decided twice: the first decision lost to the concurrent write, the retry saw it.
    expect(seen).toEqual(['pending', 'pending_revision']);
    expect(raced.appends).toBe(2);
    expect(r.newState.status === 'active' && r.newState.projectStatus).toBe('approved');
    const stream = await store.readStream(projectStream(projectId));
    expect(stream.map((e) => e.type)).toEqual([
      'ProjectCreated',
      'ProjectStatusChanged',
      'ProjectStatusChanged',
    ]);
    expect(stream[2]?.data).toMatchObject({ status: 'approved', previous: 'pending_revision' });
    expect(await statusRow(projectId)).toBe('approved');
  });

  it('keeps deciding again through many concurrent writes within its time budget', async () => {
    const projectId = await created();
    // Two tries used to be all a command got (comments refused with 409 under load).
    const raced = racedStore(projectId, 8);
    const r = await handleCommand(
      { ...ports, store: raced },
      {
        stream: projectStream(projectId),
        decider: projectDecider,
        command: changeStatus(projectId, 'approved'),
        context: { actor: 'user:u1' },
      },
    );
    expect(raced.appends).toBe(9);
    expect(r.newState.status === 'active' && r.newState.projectStatus).toBe('approved');
    expect(await statusRow(projectId)).toBe('approved');
  });

  it('gives up once its time budget is spent with WrongExpectedVersion, which answers 409', async () => {
    const projectId = await created();
    const raced = racedStore(projectId, Infinity);
    const started = performance.now();
    const lost = await handleCommand(
      { ...ports, store: raced },
      {
        stream: projectStream(projectId),
        decider: projectDecider,
        command: changeStatus(projectId, 'approved'),
        context: { actor: 'user:u1' },
        conflictBudgetMs: 300,
      },
    ).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(300 + 2_000);
    // Several tries (how many depends on the machine's speed), then the conflict is the answer.
    expect(raced.appends).toBeGreaterThanOrEqual(2);
    expect(lost).toBeInstanceOf(WrongExpectedVersion);
    expect(httpErrorOf(lost)).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'The project was changed at the same time; please retry',
    });
    // Only the concurrent writes were recorded.
    const stream = await store.readStream(projectStream(projectId));
    expect(stream.map((e) => e.metadata.actor)).toEqual([
      'system',
      ...Array<string>(raced.appends).fill('user:other'),
    ]);
  });

  it('passes a rule error of decide through unchanged and appends nothing', async () => {
    const projectId = randomUUID();
    const err = await handleCommand(ports, {
      stream: projectStream(projectId),
      decider: projectDecider,
      command: changeStatus(projectId, 'approved'),
      context: { actor: 'user:u1' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProjectRuleError);
    expect((err as ProjectRuleError).code).toBe('project_not_found');
    expect(await store.readStream(projectStream(projectId))).toEqual([]);
  });

  it('appends nothing when the decider has nothing to record', async () => {
    const projectId = await created();
    const r = await handleCommand(ports, {
      stream: projectStream(projectId),
      decider: projectDecider,
      command: { type: 'ChangeProjectStatus', data: { projectId, status: 'pending', now: '' } },
      context: { actor: 'user:u1' },
    });
    expect(r.events).toEqual([]);
    expect(r.position).toBeUndefined();
    expect(await store.readStream(projectStream(projectId))).toHaveLength(1);
  });
});
