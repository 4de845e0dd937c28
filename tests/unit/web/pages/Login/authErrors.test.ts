import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../web/src/api/client';
import { authFieldOf, isNetworkError } from '../../../../../web/src/pages/Login/authErrors';

describe('account form refusals', () => {
  it('puts a refusal under the field its code names', () => {
    expect(authFieldOf(new ApiError(400, 'x', 'captcha_required'))).toBe('botCheck');
    expect(authFieldOf(new ApiError(403, 'x', 'captcha_failed'))).toBe('botCheck');
    expect(authFieldOf(new ApiError(400, 'x', 'password_too_short'))).toBe('password');
    expect(authFieldOf(new ApiError(400, 'x', 'invalid_email'))).toBe('email');
    expect(authFieldOf(new ApiError(400, 'x', 'INVALID_EMAIL'))).toBe('email');
  });

  it("keeps wrong credentials, limits and unknown errors as the form's own", () => {
    expect(authFieldOf(new ApiError(401, 'x', 'invalid_credentials'))).toBeNull();
    expect(authFieldOf(new ApiError(429, 'x', 'too_many_requests'))).toBeNull();
    expect(authFieldOf(new Error('x'))).toBeNull();
    expect(isNetworkError(new ApiError(0))).toBe(true);
    expect(isNetworkError(new ApiError(500))).toBe(false);
  });
});
