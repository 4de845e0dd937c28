import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../../../api/src/domain/project.js';
import { approvalAnswer } from '../../../../api/src/reads/versionAnswers.js';
import type { VersionEntry } from '../../../../projections/src/versions/queries.js';

/** Stands in for the key ring: a sealed value is `sealed:<field>:<clear>`. */
const open = (field: string, sealed: string) => {
  const [tag, f, ...rest] = sealed.split(':');
  if (tag !== 'sealed' || f !== field) throw new Error(`cannot open ${sealed} as ${field}`);
  return rest.join(':');
};
const seal = (field: string, v: string) => `sealed:${field}:${v}`;
const STORED = 'a'.repeat(64);
const UPLOADED = 'b'.repeat(64);

const model: ModelRecord = {
  id: 'm1',
  filename: 'm1.stl',
  originalName: seal('originalName', 'Crown.stl'),
  name: seal('modelName', 'Crown'),
  size: 684,
  type: 'stl',
  material: 'enamel',
  groupedFrom: null,
  groupSize: null,
  blobKey: 'projects/p/m1',
  triangles: 12,
  sha256: seal('fileSha256', STORED),
  uploadedSha256: seal('uploadedSha256', UPLOADED),
};
const versions: VersionEntry[] = [
  { projectId: 'p', n: 1, createdAt: '2026-03-01T10:00:00.000Z', note: null, models: [model] },
];
const row = (files: unknown) => ({
  projectId: 'p',
  version: 1,
  approvedAt: '2026-03-02T10:00:00.000Z',
  approvedBy: null,
  files: files as never,
  checklist: null,
});

describe('the approval in project answers', () => {
  it('opens both sealed hashes of an approval that carries them', () => {
    const a = approvalAnswer(
      row([{ modelId: 'm1', sha256: model.sha256, uploadedSha256: model.uploadedSha256 }]),
      versions,
      open,
    );
    expect(a?.files).toEqual([
      { modelId: 'm1', name: 'Crown.stl', sha256: STORED, uploadedSha256: UPLOADED },
    ]);
  });

  it('reads an approval with one clear hash, taking the upload’s from the unchanged model', () => {
    const a = approvalAnswer(row([{ modelId: 'm1', sha256: STORED }]), versions, open);
    expect(a?.files).toEqual([
      { modelId: 'm1', name: 'Crown.stl', sha256: STORED, uploadedSha256: UPLOADED },
    ]);
  });

  it('reads an approval recorded before hashes or versions with no hash at all', () => {
    const legacy = { ...row(null), version: null };
    expect(approvalAnswer(legacy, versions, open)).toMatchObject({
      version: 1,
      files: [{ modelId: 'm1', name: 'Crown.stl', sha256: null, uploadedSha256: null }],
    });
    const unhashed = approvalAnswer(row([{ modelId: 'm1', sha256: null }]), versions, open);
    expect(unhashed?.files[0]).toMatchObject({ sha256: null, uploadedSha256: null });
  });
});
