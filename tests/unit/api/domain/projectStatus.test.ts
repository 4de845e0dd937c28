import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '../../../../api/src/domain/project';
import {
  countStatuses,
  statusBucket,
  statusLabel,
  statusTone,
} from '../../../../api/src/domain/projectStatus';
import { overviewCards } from '../../../../web/src/pages/Admin/OverviewTab';
import { statCards } from '../../../../web/src/pages/Dashboard/StatCards';

describe('project status counts', () => {
  it('counts pending and pending_review as Pending, pending_revision and legacy rejected as Changes requested', () => {
    expect(
      countStatuses({
        pending: 2,
        pending_review: 3,
        pending_revision: 4,
        rejected: 1,
        approved: 5,
      }),
    ).toEqual({ total: 15, approved: 5, pending: 5, changesRequested: 5 });
  });

  it('puts every stored status in exactly one named count', () => {
    for (const status of PROJECT_STATUSES) expect(statusBucket(status)).not.toBe('other');
    const one = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 1]));
    const c = countStatuses(one);
    expect(c.approved + c.pending + c.changesRequested).toBe(c.total);
  });

  it('counts an unknown status in the total only', () => {
    expect(countStatuses({ archived: 2 })).toEqual({
      total: 2,
      approved: 0,
      pending: 0,
      changesRequested: 0,
    });
  });
});

describe('project status badges', () => {
  it('label pending_review "Pending Review", never the stored value', () => {
    expect(statusLabel('pending_review')).toBe('Pending Review');
    expect(statusLabel('pending')).toBe('Pending Review');
    expect(statusLabel('pending_revision')).toBe('Changes Requested');
    expect(statusLabel('rejected')).toBe('Changes Requested');
    expect(statusLabel('approved')).toBe('Approved');
    for (const s of PROJECT_STATUSES) expect(statusLabel(s)).not.toMatch(/_/);
  });

  it('colour approved green, changes requested yellow, the rest blue', () => {
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('pending_revision')).toBe('warning');
    expect(statusTone('rejected')).toBe('warning');
    expect(statusTone('pending_review')).toBe('info');
    expect(statusTone('pending')).toBe('info');
  });
});

describe('the cards that show the counts', () => {
  it('the dashboard has six cards, Changes Requested beside Pending', () => {
    const cards = statCards({
      total: 9,
      approved: 1,
      pending: 5,
      changesRequested: 3,
      newComments: 2,
      storageBytes: 2048,
      fileCount: 1,
    });
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ['Total Projects', '9'],
      ['Approved', '1'],
      ['Pending', '5'],
      ['Changes Requested', '3'],
      ['New Comments', '2'],
      ['Storage Used', '2.0 KB'],
    ]);
    expect(cards[5]!.sub).toBe('1 file · each rounded up to whole MB');
  });

  it('the admin overview shows the same two counts as Pending Projects and Needs Revision', () => {
    const cards = overviewCards({
      totalUsers: 1,
      usersWithProjects: 1,
      totalProjects: 9,
      totalFiles: 9,
      approvedProjects: 1,
      pendingProjects: 5,
      rejectedProjects: 3,
      totalStorage: 0,
      publicProjects: 0,
    });
    expect(cards.find((c) => c.id === 'pending')?.value).toBe('5');
    expect(cards.find((c) => c.id === 'needs-revision')?.value).toBe('3');
  });
});
