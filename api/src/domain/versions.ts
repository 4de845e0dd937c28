/**
 * Versions of a project and the approval bound to one of them. Pure, like the rest of the
 * aggregate: the version number is derived from the stream, hashes and times arrive with the
 * command. A version is the full list of models the viewer shows; removed models' files stay
 * stored (earlier versions still show them) until the project is deleted.
 */
import type { ModelRecord, SealedModelRecord } from './models.js';
import type { SealedField } from './sealed.js';

/**
 * One file of an approved version: the model and its two SHA-256 hashes as the model records them
 * (sealed, or clear hex in events from before files were sealed). The size is not repeated: a
 * model's file never changes, so readers take it from the model.
 */
export interface ApprovedFile {
  modelId: string;
  /** The file as stored and downloaded; null for a model stored before hashes were recorded. */
  sha256: string | null;
  /**
   * The bytes as the lab uploaded them; null for a model stored before they were hashed, absent
   * on approvals recorded before the approval carried it.
   */
  uploadedSha256?: string | null;
}

export interface ProjectVersionAdded {
  type: 'ProjectVersionAdded';
  data: {
    projectId: string;
    /** 2, 3, … (the upload that created the project is version 1). */
    version: number;
    /** "What changed", sealed with the project's key under the field name `versionNote`. */
    note: SealedField;
    /**
     * Every model of this version: the kept ones (in their order, as recorded before: a model
     * from before sizes were sealed keeps its clear size) then the new ones.
     */
    models: ModelRecord[];
    added: string[];
    removed: string[];
    createdAt: string;
  };
}

export interface AddProjectVersion {
  type: 'AddProjectVersion';
  data: {
    projectId: string;
    /** Ids of the current version's models that stay. */
    keep: string[];
    /** New files, already stored; exact sizes and triangle counts sealed. */
    added: SealedModelRecord[];
    note: SealedField;
    now: string;
  };
}

/** What `decide` needs to know of the project for a version or an approval. */
export interface VersionedProject {
  projectId: string;
  version: number;
  models: readonly ModelRecord[];
}

export type VersionRuleCode =
  'model_not_found' | 'no_models' | 'no_changes' | 'version_superseded' | 'version_not_found';

export const APPROVAL_OUTDATED = (asked: number, latest: number): string =>
  `Version ${asked} is not the latest: version ${latest} was uploaded since. Please review version ${latest} before approving.`;

/** The next version's models, or the broken rule. */
export function nextVersion(
  current: VersionedProject,
  command: AddProjectVersion['data'],
):
  { ok: true; event: ProjectVersionAdded } | { ok: false; code: VersionRuleCode; message: string } {
  const currentIds = new Set(current.models.map((m) => m.id));
  const keep = new Set(command.keep);
  for (const id of keep) {
    if (!currentIds.has(id)) {
      return {
        ok: false,
        code: 'model_not_found',
        message: 'A kept file is not in the latest version',
      };
    }
  }
  const kept = current.models.filter((m) => keep.has(m.id));
  const models = [...kept, ...command.added];
  if (models.length === 0) {
    return { ok: false, code: 'no_models', message: 'A version needs at least one file' };
  }
  const removed = current.models.filter((m) => !keep.has(m.id)).map((m) => m.id);
  if (command.added.length === 0 && removed.length === 0) {
    return {
      ok: false,
      code: 'no_changes',
      message: 'A new version must add, replace or remove at least one file',
    };
  }
  return {
    ok: true,
    event: {
      type: 'ProjectVersionAdded',
      data: {
        projectId: current.projectId,
        version: current.version + 1,
        note: command.note,
        models,
        added: command.added.map((m) => m.id),
        removed,
        createdAt: command.now,
      },
    },
  };
}

/** Which version an approval is for (`asked`, or the latest) and the files it covers. */
export function approvalOf(
  current: VersionedProject,
  asked: number | undefined,
):
  | { ok: true; version: number; files: ApprovedFile[] }
  | { ok: false; code: VersionRuleCode; message: string; latestVersion?: number } {
  const version = asked ?? current.version;
  if (version < current.version) {
    return {
      ok: false,
      code: 'version_superseded',
      message: APPROVAL_OUTDATED(version, current.version),
      latestVersion: current.version,
    };
  }
  if (version > current.version) {
    return { ok: false, code: 'version_not_found', message: `There is no version ${version}` };
  }
  return {
    ok: true,
    version,
    files: current.models.map((m) => ({
      modelId: m.id,
      sha256: m.sha256 ?? null,
      uploadedSha256: m.uploadedSha256 ?? null,
    })),
  };
}
