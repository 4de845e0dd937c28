import { describe, expect, it } from 'vitest';
import { ProjectRuleError } from '../../../../api/src/domain/project.js';
import { UserRuleError } from '../../../../api/src/domain/user.js';
import { AppError, NotFound } from '../../../../api/src/errors.js';
import { httpErrorOf } from '../../../../api/src/http/domainErrors.js';
import { WrongExpectedVersion } from '../../../../api/src/store/eventStore.js';

const answer = (err: unknown) => {
  const e = httpErrorOf(err);
  return e instanceof AppError ? { status: e.status, code: e.code, error: e.message } : e;
};

describe('domain errors as HTTP answers', () => {
  it('answers a missing project or feedback 404 with the spec wording', () => {
    expect(answer(new ProjectRuleError('project_not_found', 'x'))).toEqual({
      status: 404,
      code: 'not_found',
      error: 'Project not found',
    });
    expect(answer(new ProjectRuleError('feedback_not_found', 'x'))).toEqual({
      status: 404,
      code: 'not_found',
      error: 'Feedback not found',
    });
  });

  it('answers a repeated approval and an existing project 409', () => {
    expect(answer(new ProjectRuleError('already_approved', 'Project is already approved'))).toEqual(
      { status: 409, code: 'already_approved', error: 'Project is already approved' },
    );
    expect(answer(new ProjectRuleError('project_exists', 'x'))).toEqual({
      status: 409,
      code: 'project_exists',
      error: 'Project already exists',
    });
  });

  it('answers any other project rule 400 with its own code and message', () => {
    expect(answer(new ProjectRuleError('invalid_material', 'PLY only texture'))).toEqual({
      status: 400,
      code: 'invalid_material',
      error: 'PLY only texture',
    });
  });

  it('answers a missing user 404 and a role rule 400', () => {
    expect(answer(new UserRuleError('user_not_found', 'x'))).toEqual({
      status: 404,
      code: 'not_found',
      error: 'User not found',
    });
    expect(answer(new UserRuleError('invalid_role', 'Invalid role'))).toEqual({
      status: 400,
      code: 'invalid_role',
      error: 'Invalid role',
    });
  });

  it('answers a lost concurrent write 409, naming the account or the project', () => {
    expect(answer(new WrongExpectedVersion('user-1', 3n, 4n))).toEqual({
      status: 409,
      code: 'conflict',
      error: 'The account was changed at the same time; please retry',
    });
    expect(answer(new WrongExpectedVersion('project-1', 'no_stream', 0n))).toEqual({
      status: 409,
      code: 'conflict',
      error: 'The project was changed at the same time; please retry',
    });
  });

  it('leaves every other error as it is', () => {
    const plain = new Error('boom');
    const http = new NotFound();
    expect(httpErrorOf(plain)).toBe(plain);
    expect(httpErrorOf(http)).toBe(http);
  });
});
