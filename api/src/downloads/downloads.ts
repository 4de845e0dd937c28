import type { Readable } from 'node:stream';
import type { AppDeps } from '../deps.js';
import { SHA256SUMS_NAME } from '../contract/files.js';
import type { DataKey } from '../blobs/encrypted.js';
import { openWith } from '../crypto/keyRing.js';
import { projectSubject } from '../domain/project.js';
import { AppError, NotFound } from '../errors.js';
import { projectsByIds } from '../../../projections/src/projects/queries.js';
import { versionsOf, type VersionEntry } from '../../../projections/src/versions/queries.js';
import {
  openUploadedFile,
  projectBlobSizes,
  uploadedFileOf,
  type UploadedFile,
} from './uploadedFiles.js';
import { uniqueNames } from './zipNames.js';
import { zipStream } from './zipStream.js';

type Deps = Pick<AppDeps, 'db' | 'blobs' | 'keys'>;

/** The note a zip carries when some of its files are stored copies, not the uploads. */
export const NOT_AS_UPLOADED_NAME = 'NOT-AS-UPLOADED.txt';

/** A project's versions and what opens its sealed fields; 404 for a project that is gone. */
async function projectFiles(deps: Deps, projectId: string) {
  const subject = projectSubject(projectId);
  const dataKey = await deps.keys.existingKey(subject);
  if (!dataKey) throw new NotFound('Project not found');
  const [versions, sizes] = await Promise.all([
    versionsOf(deps.db, [projectId]),
    projectBlobSizes(deps.blobs, projectId),
  ]);
  const open = (field: string, sealed: string) => openWith(dataKey.key, subject, field, sealed);
  return { dataKey, versions, sizes, open };
}

export interface ModelDownload {
  /** The latest version the model belongs to (what a link's download records). */
  version: number;
  file: UploadedFile;
  open(): Promise<Readable>;
}

/** One model's file as uploaded, from any version of the project; 404 when there is none. */
export async function modelDownload(
  deps: Deps,
  projectId: string,
  modelId: string,
): Promise<ModelDownload> {
  const { dataKey, versions, sizes, open } = await projectFiles(deps, projectId);
  for (const v of [...versions].reverse()) {
    const model = v.models.find((m) => m.id === modelId);
    if (!model) continue;
    const file = uploadedFileOf(model, sizes, open);
    if (!file) break;
    return { version: v.n, file, open: () => openUploadedFile(deps.blobs, file, dataKey) };
  }
  throw new NotFound('File not found');
}

export interface VersionDownload {
  version: number;
  /** The zip's file name: the project's name and the version. */
  name: string;
  /** Every file is exactly as uploaded. */
  asUploaded: boolean;
  /** The zip, streamed: opened only when the answer starts. */
  open(): Readable;
}

/** A zip's offsets and sizes are 32-bit without Zip64, which fflate does not write. */
const ZIP_MAX_BYTES = 0xffff_ffff;

/** A version's files as uploaded, as one zip with their checksums; 404 for no such version. */
export async function versionDownload(
  deps: Deps,
  projectId: string,
  version: number,
): Promise<VersionDownload> {
  const { dataKey, versions, sizes, open } = await projectFiles(deps, projectId);
  const entry = versions.find((v) => v.n === version);
  if (!entry) throw new NotFound(`Version ${version} not found`, 'version_not_found');
  const files = entry.models.map((m) => uploadedFileOf(m, sizes, open));
  if (files.some((f) => f === null)) throw new NotFound('File not found');
  const found = files as UploadedFile[];
  const total = found.reduce((sum, f) => sum + f.bytes, 0);
  // Deflate never grows a file by more than a few bytes per 16 KiB block; the rest is headers.
  if (total * 1.01 + found.length * 1024 + 1024 * 1024 > ZIP_MAX_BYTES) {
    throw new AppError(
      413,
      'zip_too_large',
      "This version's files are too large for one zip: download them one by one",
    );
  }
  const stored = found.filter((f) => !f.asUploaded);
  const names = uniqueNames(
    found.map((f) => f.name),
    [SHA256SUMS_NAME, ...(stored.length > 0 ? [NOT_AS_UPLOADED_NAME] : [])],
  );
  const projectName = await nameOf(deps, projectId, open);
  return {
    version,
    name: `${projectName} v${version}.zip`,
    asUploaded: stored.length === 0,
    open: () =>
      zipStream(
        found.map((f, i) => ({
          name: names[i]!,
          sha256: f.sha256,
          open: () => openFile(deps, f, dataKey),
        })),
        {
          mtime: new Date(entry.createdAt),
          texts:
            stored.length > 0
              ? [{ name: NOT_AS_UPLOADED_NAME, text: notAsUploaded(found, names, entry) }]
              : [],
        },
      ),
  };
}

const openFile = (deps: Deps, f: UploadedFile, dataKey: DataKey) =>
  openUploadedFile(deps.blobs, f, dataKey);

async function nameOf(
  deps: Deps,
  projectId: string,
  open: (field: string, sealed: string) => string,
): Promise<string> {
  const [row] = await projectsByIds(deps.db, [projectId]);
  if (!row) throw new NotFound('Project not found');
  return open('name', row.name);
}

/** Why some files of the zip are not byte for byte what the lab uploaded. */
function notAsUploaded(files: UploadedFile[], names: string[], v: VersionEntry): string {
  const listed = files.flatMap((f, i) => (f.asUploaded ? [] : [`  ${names[i]}\n`]));
  return (
    `These files of version ${v.n} were uploaded before Cusp kept files exactly as uploaded.\n` +
    'They are the copies Cusp stored: a binary STL with its 80-byte header cleared, a DCM\n' +
    'converted to STL, a PLY without its comments. Their SHA256SUMS lines are of these copies.\n\n' +
    listed.join('')
  );
}
