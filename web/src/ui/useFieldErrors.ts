import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldProblem } from './FieldError';

export type FieldErrors<K extends string> = Partial<Record<K, FieldProblem>>;

/**
 * The refused fields of one form and their messages. `fail` shows a set of messages and moves
 * focus to the first refused field inside `scope` (in the page's order); editing a field may
 * `clear` its message without moving focus again. The form keeps every value the user chose.
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [attempt, setAttempt] = useState(0);
  const scope = useRef<HTMLFormElement & HTMLDivElement>(null);

  useEffect(() => {
    if (attempt === 0) return;
    scope.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const fail = useCallback((next: FieldErrors<K>) => {
    setErrors(next);
    setAttempt((a) => a + 1);
  }, []);

  const clear = useCallback((key: K) => {
    setErrors((e) => {
      if (!(key in e)) return e;
      const rest = { ...e };
      delete rest[key];
      return rest;
    });
  }, []);

  const reset = useCallback(() => setErrors({}), []);

  return { errors, fail, clear, reset, scope };
}
