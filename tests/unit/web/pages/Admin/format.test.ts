import { describe, expect, it } from 'vitest';
import {
  actorKindOf,
  formatAdminDate,
  formatAdminDateTime,
  formatStorage,
  humanizeEventType,
  roleLabel,
  shortActor,
  statusLabel,
  statusTone,
  viewerUrl,
} from '../../../../../web/src/pages/Admin/format';
import { overviewCards } from '../../../../../web/src/pages/Admin/OverviewTab';
import { AUDIT_EVENT_TYPES, parseAdminTab } from '../../../../../web/src/pages/Admin/constants';

describe('formatAdminDate', () => {
  it("formats 'MMM dd, yyyy' with a zero-padded day, in UTC", () => {
    expect(formatAdminDate('2025-03-05T10:00:00Z')).toBe('Mar 05, 2025');
    expect(formatAdminDate('2025-12-31T23:59:59Z')).toBe('Dec 31, 2025');
    expect(formatAdminDate(new Date(Date.UTC(2024, 0, 1)))).toBe('Jan 01, 2024');
  });
  it('is empty for missing or invalid dates', () => {
    expect(formatAdminDate(null)).toBe('');
    expect(formatAdminDate('')).toBe('');
    expect(formatAdminDate('not a date')).toBe('');
  });
  it('adds HH:mm UTC for audit times', () => {
    expect(formatAdminDateTime('2025-03-05T07:04:00Z')).toBe('Mar 05, 2025 07:04 UTC');
  });
});

describe('formatStorage', () => {
  it('uses one decimal and B, KB, MB, GB on base 1024', () => {
    expect(formatStorage(0)).toBe('0 B');
    expect(formatStorage(512)).toBe('512.0 B');
    expect(formatStorage(1536)).toBe('1.5 KB');
    expect(formatStorage(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatStorage(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatStorage(2048 * 1024 ** 3)).toBe('2048.0 GB');
  });
  it('treats negative and non-finite sizes as 0 B', () => {
    expect(formatStorage(-5)).toBe('0 B');
    expect(formatStorage(Number.NaN)).toBe('0 B');
  });
});

describe('status badge', () => {
  it('is green for approved, yellow for pending_revision (rejected), blue otherwise', () => {
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('pending_revision')).toBe('warning');
    expect(statusTone('rejected')).toBe('warning');
    expect(statusTone('pending')).toBe('info');
    expect(statusTone('pending_review')).toBe('info');
  });
  it('labels every status in words, the same as the dashboard and the viewer', () => {
    expect(statusLabel('pending')).toBe('Pending Review');
    expect(statusLabel('pending_review')).toBe('Pending Review');
    expect(statusLabel('pending_revision')).toBe('Changes Requested');
    expect(statusLabel('rejected')).toBe('Changes Requested');
    expect(statusLabel('approved')).toBe('Approved');
    // A value unknown to this build still never shows its underscores.
    expect(statusLabel('on_hold')).toBe('on hold');
  });
});

describe('admin labels', () => {
  it('shows Admin or User as role', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('user')).toBe('User');
    expect(roleLabel(undefined)).toBe('User');
  });
  it('builds the full viewer URL', () => {
    expect(viewerUrl('http://cusp.test/', 'pub_abc')).toBe('http://cusp.test/viewer/pub_abc');
  });
  it('humanises event types and actors', () => {
    expect(humanizeEventType('ProjectStatusChanged')).toBe('Project status changed');
    expect(actorKindOf('admin:123')).toBe('admin');
    expect(actorKindOf('anonymous')).toBe('anonymous');
    expect(shortActor('user:0123456789abcdef')).toBe('user:01234567…');
  });
  it('offers the password events in the audit filter, with readable labels', () => {
    expect(AUDIT_EVENT_TYPES).toEqual(
      expect.arrayContaining(['PasswordResetRequested', 'PasswordChanged']),
    );
    expect(humanizeEventType('PasswordResetRequested')).toBe('Password reset requested');
    expect(humanizeEventType('PasswordChanged')).toBe('Password changed');
  });
  it('falls back to the overview tab for unknown tab names', () => {
    expect(parseAdminTab('users')).toBe('users');
    expect(parseAdminTab('nope')).toBe('overview');
    expect(parseAdminTab(null)).toBe('overview');
  });
});

describe('overviewCards', () => {
  it('maps the stats to the spec cards', () => {
    const cards = overviewCards({
      totalUsers: 5,
      usersWithProjects: 3,
      totalProjects: 9,
      totalFiles: 20,
      approvedProjects: 2,
      pendingProjects: 4,
      rejectedProjects: 1,
      totalStorage: 1536,
      publicProjects: 2,
    });
    expect(cards.map((c) => [c.title, c.value, c.note])).toEqual([
      ['Total Users', '5', '3 active'],
      ['Total Projects', '9', '20 files'],
      ['Public Projects', '2', 'Anonymous uploads'],
      ['Storage Used', '1.5 KB', 'All model files'],
      ['Approved Projects', '2', 'Approved by doctors'],
      ['Pending Projects', '4', "Awaiting doctors' review"],
      ['Needs Revision', '1', 'Changes requested'],
    ]);
  });
});

describe('link event labels', () => {
  it('names the link events in words an owner reads', () => {
    expect(humanizeEventType('LinkRevoked')).toBe('Link withdrawn');
    expect(humanizeEventType('LinkRotated')).toBe('New link created (old one withdrawn)');
    expect(humanizeEventType('LinkPinLocked')).toBe('Link locked after 5 wrong PINs');
    expect(humanizeEventType('LinkFilesDownloaded')).toBe('Files downloaded through the link');
    expect(humanizeEventType('ProjectCreated')).toBe('Project created');
  });
});
