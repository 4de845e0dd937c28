import { describe, expect, it } from 'vitest';
import {
  approvalLine,
  isCurrentApproval,
  outdatedApprovalLine,
  versionOption,
  versionUploadedLine,
} from '../../../../../web/src/components/versions/versionText';
import { versionForm } from '../../../../../web/src/components/versions/NewVersionModal';
import { showVersion, toViewerProject } from '../../../../../web/src/viewer/mesh/project';

const approval = { version: 2, by: 'Dr Rivera', at: '2026-11-26T10:00:00.000Z', files: [] };

describe('version wording', () => {
  it('says which version was approved, by whom and when', () => {
    expect(approvalLine(approval)).toBe('Approved v2 by Dr Rivera on Nov 26, 2026');
    expect(approvalLine({ ...approval, by: null })).toBe('Approved v2 on Nov 26, 2026');
  });

  it('says the approval was for an older version once a newer one exists, and only then', () => {
    expect(outdatedApprovalLine(approval, 2)).toBeNull();
    expect(outdatedApprovalLine(null, 3)).toBeNull();
    expect(outdatedApprovalLine(approval, 3)).toBe('The approval was for v2; v3 awaits review');
  });

  it('holds an approval current (its record offered) only for the latest version while approved', () => {
    expect(isCurrentApproval(approval, 2, 'approved')).toBe(true);
    expect(isCurrentApproval(approval, 3, 'approved')).toBe(false);
    expect(isCurrentApproval(approval, 2, 'pending_review')).toBe(false);
    expect(isCurrentApproval(null, 1, 'approved')).toBe(false);
  });

  it('lists a version with its date and a shortened note', () => {
    const v = { n: 3, createdAt: '2026-11-26T10:00:00.000Z', note: 'x'.repeat(80) };
    expect(versionOption(v)).toBe(`v3 · Nov 26, 2026 · ${'x'.repeat(59)}…`);
    expect(versionOption({ ...v, note: null })).toBe('v3 · Nov 26, 2026');
  });
});

describe('the owner told of an upload', () => {
  it('says how many doctors the new version was mailed to, and nothing when none', () => {
    expect(versionUploadedLine({ version: 2, doctorsNotified: 0 })).toBe('Version v2 uploaded');
    expect(versionUploadedLine({ version: 2, doctorsNotified: 1 })).toBe(
      'Version v2 uploaded; 1 doctor was told by e-mail',
    );
    expect(versionUploadedLine({ version: 3, doctorsNotified: 4 })).toBe(
      'Version v3 uploaded; 4 doctors were told by e-mail',
    );
  });
});

describe('new version form', () => {
  it('keeps, replaces (taking the layer name and material) and adds files', async () => {
    const models = [
      { id: 'a', name: 'Crown 16', originalName: 'crown.stl', material: 'enamel' },
      { id: 'b', name: 'Antagonist', originalName: 'lower.stl', material: 'gypsum' },
      { id: 'c', name: 'Scan', originalName: 'scan.stl', material: 'default' },
    ];
    const replacement = new File(['solid x'], 'crown-v2.stl');
    const extra = new File(['solid y'], 'gingiva.stl');
    const form = versionForm(
      'Crown reshaped',
      models,
      { a: 'replace', c: 'remove' },
      { a: replacement },
      [extra],
    );
    expect(JSON.parse(String(form.get('versionData')))).toEqual({
      note: 'Crown reshaped',
      keep: ['b'],
    });
    expect(form.getAll('models').map((f) => (f as File).name)).toEqual([
      'crown-v2.stl',
      'gingiva.stl',
    ]);
    expect(JSON.parse(String(form.get('modelCustomNames')))).toEqual(['Crown 16', '']);
    expect(JSON.parse(String(form.get('modelMaterials')))).toEqual(['enamel', '']);
  });
});

describe('viewer versions', () => {
  const model = (id: string) => ({ id, filename: `${id}.stl`, name: id, size: 1, type: 'stl' });
  const raw = {
    id: 'p',
    createdAt: '2026-11-25T10:00:00.000Z',
    models: [model('b')],
    versions: [
      { n: 1, createdAt: '2026-11-25T10:00:00.000Z', note: null, models: [model('a')] },
      { n: 2, createdAt: '2026-11-26T10:00:00.000Z', note: 'New crown', models: [model('b')] },
    ],
    approval: approval,
  };

  it('opens the latest version and shows an earlier one on request', () => {
    const p = toViewerProject(raw, { kind: 'public', token: 'pub_x' });
    expect([p.latestVersion, p.shownVersion]).toEqual([2, 2]);
    expect(p.models.map((m) => m.id)).toEqual(['b']);
    const v1 = showVersion(p, 1);
    expect([v1.shownVersion, v1.models.map((m) => m.id)]).toEqual([1, ['a']]);
    expect(v1.models[0]!.viewUrl).toBe('/api/public/projects/pub_x/view/a');
    expect(showVersion(p, 9)).toBe(p);
    expect(p.approval).toEqual(approval);
  });

  it('treats an answer without versions as version 1', () => {
    const p = toViewerProject({ ...raw, versions: undefined, approval: null }, { kind: 'demo' });
    expect(p.versions.map((v) => v.n)).toEqual([1]);
    expect(p.approval).toBeNull();
  });
});
