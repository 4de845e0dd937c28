import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_ITEMS,
  normaliseChecklist,
  type ChecklistItem,
} from '../../../../api/src/domain/checklist.js';
import { foldProject, type ProjectEvent } from '../../../../api/src/domain/project.js';
import { at, given, M, P, projectCreated } from './projectGiven.js';

const C1 = '44444444-4444-4444-8444-444444444444';
const created = projectCreated();
const comment: ProjectEvent = {
  type: 'CommentAdded',
  data: {
    projectId: P,
    commentId: C1,
    parentId: null,
    author: { role: 'doctor', name: 'v1:a', email: null },
    body: 'v1:b',
    anchor: null,
    createdAt: at,
  },
};
const chosen = (items: ChecklistItem[]): ProjectEvent => ({
  type: 'ChecklistChosen',
  data: { projectId: P, items, chosenAt: at },
});

describe('clinical checklist in the project decider', () => {
  it('asks every item of a new project and what the lab chose after that', () => {
    const s = foldProject([created]);
    expect(s.status === 'active' && s.checklist).toEqual(CHECKLIST_ITEMS);
    const t = foldProject([created, chosen(['occlusion'])]);
    expect(t.status === 'active' && t.checklist).toEqual(['occlusion']);
  });

  it('records a choice in list order, and nothing when it does not change', () => {
    given([created])
      .when({
        type: 'ChooseChecklist',
        data: { projectId: P, items: ['occlusion', 'margins'], now: at },
      })
      .then([chosen(['margins', 'occlusion'])]);
    given([created, chosen(['margins'])])
      .when({ type: 'ChooseChecklist', data: { projectId: P, items: ['margins'], now: at } })
      .then([]);
  });

  it('approves with the answers in item order, pointing to a comment of the thread', () => {
    given([created, comment])
      .when({
        type: 'ApproveProject',
        data: {
          projectId: P,
          now: at,
          version: 1,
          checklist: [
            { item: 'shade_material', answer: 'not_assessed' },
            { item: 'margins', answer: 'acceptable', commentId: C1 },
          ],
        },
      })
      .then([
        {
          type: 'ProjectApproved',
          data: {
            projectId: P,
            approvedAt: at,
            version: 1,
            files: [{ modelId: M, sha256: null, uploadedSha256: null }],
            checklist: [
              { item: 'margins', answer: 'acceptable', commentId: C1 },
              { item: 'shade_material', answer: 'not_assessed' },
            ],
          },
        },
      ]);
  });

  it('refuses an item the project does not ask, and a comment that is not in the thread', () => {
    given([created, chosen(['margins'])])
      .when({
        type: 'ApproveProject',
        data: {
          projectId: P,
          now: at,
          version: 1,
          checklist: [{ item: 'occlusion', answer: 'acceptable' }],
        },
      })
      .thenThrows('invalid_checklist');
    given([created])
      .when({
        type: 'ApproveProject',
        data: {
          projectId: P,
          now: at,
          version: 1,
          checklist: [{ item: 'margins', answer: 'acceptable', commentId: C1 }],
        },
      })
      .thenThrows('invalid_checklist');
  });

  it('keeps the last answer given for an item', () => {
    expect(
      normaliseChecklist([
        { item: 'margins', answer: 'acceptable' },
        { item: 'margins', answer: 'needs_change' },
      ]),
    ).toEqual([{ item: 'margins', answer: 'needs_change' }]);
  });
});
