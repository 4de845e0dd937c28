/**
 * The admin deletions: which calls, and which toast follows. Free of React and
 * of the toast store so the outcomes are unit-tested with a fake API.
 */
import { ApiError } from '../../api/client';
import {
  FAILED_TO_DELETE_PROJECTS,
  FAILED_TO_DELETE_PUBLIC_PROJECTS,
  FAILED_TO_DELETE_USERS,
  deletedProjects,
  deletedPublicProjects,
  deletedUsers,
} from '../../messages';

export interface DeleteApi {
  deleteUser(id: string): Promise<unknown>;
  deleteProject(id: string): Promise<unknown>;
  bulkDeleteProjects(ids: string[]): Promise<unknown>;
}

export interface DeleteOutcome {
  /** How many were deleted. */
  deleted: number;
  /** The toast to show: success when everything went, else the error. */
  toast: { kind: 'success' | 'error'; message: string };
}

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

/** Users: one DELETE per user. Stops at the first failure. */
export async function deleteUsersAction(
  api: DeleteApi,
  ids: readonly string[],
): Promise<DeleteOutcome> {
  let deleted = 0;
  try {
    for (const id of ids) {
      await api.deleteUser(id);
      deleted++;
    }
  } catch (err) {
    return { deleted, toast: { kind: 'error', message: errorText(err, FAILED_TO_DELETE_USERS) } };
  }
  return { deleted, toast: { kind: 'success', message: deletedUsers(deleted) } };
}

/** Projects: one selected → DELETE; several → bulk-delete with `ids`. */
export async function deleteProjectsAction(
  api: DeleteApi,
  ids: readonly string[],
  kind: 'projects' | 'public',
): Promise<DeleteOutcome> {
  const fallback = kind === 'public' ? FAILED_TO_DELETE_PUBLIC_PROJECTS : FAILED_TO_DELETE_PROJECTS;
  try {
    if (ids.length === 1) await api.deleteProject(ids[0]!);
    else await api.bulkDeleteProjects([...ids]);
  } catch (err) {
    return { deleted: 0, toast: { kind: 'error', message: errorText(err, fallback) } };
  }
  const n = ids.length;
  return {
    deleted: n,
    toast: {
      kind: 'success',
      message: kind === 'public' ? deletedPublicProjects(n) : deletedProjects(n),
    },
  };
}
