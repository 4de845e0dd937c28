import { describe, expect, it } from 'vitest';
import { emptyFieldProblems, fieldA11y } from '../../../../web/src/ui/FieldError';

describe('field errors', () => {
  it('marks a refused field and names its hint and its message', () => {
    expect(fieldA11y('f', undefined)).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
    expect(fieldA11y('f', undefined, 'f-hint')).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': 'f-hint',
    });
    expect(fieldA11y('f', 'Too short', 'f-hint')).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'f-hint f-error',
    });
    // A field sharing another's message points at that one.
    expect(fieldA11y('g', { see: 'f' })).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'f-error',
    });
  });

  it('shows one message for several empty fields, under the first of them', () => {
    expect(
      emptyFieldProblems(
        [
          ['name', 'n', false],
          ['email', 'e', true],
          ['password', 'p', true],
        ],
        'Please fill in all fields',
      ),
    ).toEqual({ email: 'Please fill in all fields', password: { see: 'e' } });
    expect(emptyFieldProblems([['name', 'n', false]], 'x')).toEqual({});
  });
});
