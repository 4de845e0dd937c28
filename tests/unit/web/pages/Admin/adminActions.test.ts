import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../web/src/api/client';
import {
  deleteProjectsAction,
  deleteUsersAction,
  type DeleteApi,
} from '../../../../../web/src/pages/Admin/adminActions';

function fakeApi(failOn?: string) {
  const calls: string[] = [];
  const api: DeleteApi = {
    deleteUser: async (id) => {
      calls.push(`user ${id}`);
      if (id === failOn) throw new ApiError(404, 'User not found');
    },
    deleteProject: async (id) => {
      calls.push(`project ${id}`);
      if (id === failOn) throw new ApiError(500);
    },
    bulkDeleteProjects: async (ids) => {
      calls.push(`bulk ${ids.join(',')}`);
      if (failOn && ids.includes(failOn)) throw new ApiError(400, 'Invalid project ids: x');
    },
  };
  return { api, calls };
}

describe('deleteUsersAction', () => {
  it('deletes users one call each and reports the count', async () => {
    const { api, calls } = fakeApi();
    const out = await deleteUsersAction(api, ['u1', 'u2']);
    expect(calls).toEqual(['user u1', 'user u2']);
    expect(out.toast).toEqual({ kind: 'success', message: 'Successfully deleted 2 user(s)' });
  });
  it("shows the server's message on failure", async () => {
    const { api } = fakeApi('u2');
    const out = await deleteUsersAction(api, ['u1', 'u2']);
    expect(out).toEqual({ deleted: 1, toast: { kind: 'error', message: 'User not found' } });
  });
});

describe('deleteProjectsAction', () => {
  it('uses DELETE for one project and bulk-delete for several', async () => {
    const { api, calls } = fakeApi();
    expect((await deleteProjectsAction(api, ['p1'], 'projects')).toast.message).toBe(
      'Successfully deleted 1 project(s)',
    );
    expect((await deleteProjectsAction(api, ['p1', 'p2'], 'public')).toast.message).toBe(
      'Successfully deleted 2 public project(s)',
    );
    expect(calls).toEqual(['project p1', 'bulk p1,p2']);
  });
  it('falls back to the spec texts when the server gives none', async () => {
    const { api } = fakeApi('p1');
    expect((await deleteProjectsAction(api, ['p1'], 'projects')).toast).toEqual({
      kind: 'error',
      message: 'Failed to delete projects',
    });
    expect((await deleteProjectsAction(api, ['p1'], 'public')).toast.message).toBe(
      'Failed to delete public projects',
    );
    expect((await deleteProjectsAction(api, ['p1', 'x'], 'projects')).toast.message).toBe(
      'Invalid project ids: x',
    );
  });
});
