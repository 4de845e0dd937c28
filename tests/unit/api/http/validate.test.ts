import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../../api/src/errors.js';
import { freeText, parseOr400 } from '../../../../api/src/http/validate.js';

function refusal(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError)
      return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe('freeText', () => {
  const body = z.object({ name: freeText(), note: freeText({ multiline: true }) });

  it('gives the text NFC and trimmed', () => {
    expect(parseOr400(body, { name: '  Zoe\u0308 ', note: ' a\n\tb ' })).toEqual({
      name: 'Zoë',
      note: 'a\n\tb',
    });
  });

  it('refuses with 400 invalid_text naming the field, before trimming hides anything', () => {
    expect(refusal(() => parseOr400(body, { name: 'Ada\r', note: '' }))).toEqual({
      status: 400,
      code: 'invalid_text',
      message: expect.stringMatching(/^name: contains characters that are not allowed/),
    });
    expect(refusal(() => parseOr400(body, { name: 'Ada', note: 'a\u0000b' })).code).toBe(
      'invalid_text',
    );
    expect(refusal(() => parseOr400(freeText(), 'x\u202ey', 'modelCustomNames')).message).toMatch(
      /^modelCustomNames: /,
    );
  });

  it('leaves other problems as validation_failed', () => {
    expect(refusal(() => parseOr400(body, { name: 5, note: '' })).code).toBe('validation_failed');
  });
});
