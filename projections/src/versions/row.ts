import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { ApprovedFile } from '../../../api/src/domain/versions.js';
import type { ChecklistAnswer } from '../../../api/src/domain/checklist.js';
import type { ModelRecord } from '../../../api/src/domain/project.js';

/** One version of a project as `project_versions` holds it (personal fields still sealed). */
export interface ProjectVersionRow {
  project_id: string;
  n: number;
  created_at: Date | string;
  /** Sealed `versionNote`; null for version 1. */
  note: string | null;
  models: ModelRecord[];
}

export type ApprovalFileRow = ApprovedFile;

/** The latest approval of a project as `project_approvals` holds it. */
export interface ProjectApprovalRow {
  project_id: string;
  /** Null for an approval recorded before versions existed (it was of version 1). */
  version: number | null;
  approved_at: Date | string;
  /** Sealed `authorName`, or null when the doctor gave no name. */
  approved_by: string | null;
  files: ApprovalFileRow[] | null;
  /** The clinical checklist as answered (pins sealed); null when none was asked. */
  checklist: ChecklistAnswer[] | null;
}

/** Pure: the version row an event brings (v1 from the upload, vn from a new version), or null. */
export function versionRowOf(event: ProjectEvent): ProjectVersionRow | null {
  switch (event.type) {
    case 'ProjectCreated':
      return {
        project_id: event.data.projectId,
        n: 1,
        created_at: event.data.createdAt,
        note: null,
        models: event.data.models,
      };
    case 'ProjectVersionAdded':
      return {
        project_id: event.data.projectId,
        n: event.data.version,
        created_at: event.data.createdAt,
        note: event.data.note,
        models: event.data.models,
      };
    default:
      return null;
  }
}

/** Pure: the approval row a `ProjectApproved` brings, or null for any other event. */
export function approvalRowOf(event: ProjectEvent): ProjectApprovalRow | null {
  if (event.type !== 'ProjectApproved') return null;
  const d = event.data;
  return {
    project_id: d.projectId,
    version: d.version ?? null,
    approved_at: d.approvedAt,
    approved_by: d.approvedBy ?? null,
    files: d.files ?? null,
    checklist: d.checklist ?? null,
  };
}
