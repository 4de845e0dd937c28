/**
 * What the project decider tests share: ids, a stored model, the created event, and
 * given(events).when(command).then(events) / .thenThrows(code) over decide + foldProject.
 */
import { expect } from 'vitest';
import { CommentRuleError } from '../../../../api/src/domain/comments.js';
import {
  decide,
  foldProject,
  ProjectRuleError,
  type CreateProject,
  type ModelRecord,
  type ProjectCommand,
  type ProjectCreated,
  type ProjectEvent,
  type SealedModelRecord,
} from '../../../../api/src/domain/project.js';

export const P = '11111111-1111-4111-8111-111111111111';
export const U = '22222222-2222-4222-8222-222222222222';
export const M = '33333333-3333-4333-8333-333333333333';
export const at = '2025-03-05T10:00:00.000Z';

/**
 * A 12-triangle STL of the project `P`, stored under its id, as new events record it: names,
 * size and triangle count sealed (stand-ins: the domain sees opaque strings).
 */
export const modelRecord = (id = M, over: Partial<SealedModelRecord> = {}): SealedModelRecord => ({
  id,
  filename: `${id}.stl`,
  originalName: `v1:orig-${id}`,
  name: `v1:name-${id}`,
  size: `v1:size-${id}`,
  storageMiB: 1,
  type: 'stl',
  material: 'enamel',
  groupedFrom: null,
  groupSize: null,
  blobKey: `projects/${P}/${id}`,
  triangles: `v1:triangles-${id}`,
  ...over,
});

/** The same model as events written before sizes were sealed record it: 684 bytes, 12 triangles. */
export const clearModelRecord = (id = M, over: Partial<ModelRecord> = {}): ModelRecord => {
  const { storageMiB: _coarse, ...rest } = modelRecord(id);
  return { ...rest, size: 684, triangles: 12, ...over };
};

/** `ProjectCreated` as a `CreateProject` decides it (models sealed). */
export type NewProjectCreated = ProjectCreated & { data: CreateProject['data'] };

export const projectCreated = (over: Partial<CreateProject['data']> = {}): NewProjectCreated => ({
  type: 'ProjectCreated',
  data: {
    projectId: P,
    userId: U,
    name: 'v1:n',
    patientName: 'v1:p',
    laboratoryName: 'v1:l',
    comment: null,
    status: 'pending',
    models: [modelRecord()],
    createdAt: at,
    ...over,
  },
});

/** The events a command appends after `events`, or the rule error (any domain's) it meets. */
export function given(events: readonly ProjectEvent[]) {
  return {
    when(command: ProjectCommand) {
      const run = () => decide(command, foldProject(events));
      return {
        then: (expected: ProjectEvent[]) => expect(run()).toEqual(expected),
        thenThrows: (code: string) => {
          try {
            run();
          } catch (err) {
            expect(err instanceof ProjectRuleError || err instanceof CommentRuleError).toBe(true);
            expect((err as ProjectRuleError | CommentRuleError).code).toBe(code);
            return;
          }
          throw new Error(`expected ${code}`);
        },
      };
    },
  };
}
