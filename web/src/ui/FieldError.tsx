import './field.css';

/**
 * A refused field's message, or — when one message speaks for several fields ("Please fill in all
 * fields") — the field whose message it shares, so the text is shown once.
 */
export type FieldProblem = string | { see: string };

/** The id of the message under the field `fieldId`, which the field names in aria-describedby. */
export const fieldErrorId = (fieldId: string): string => `${fieldId}-error`;

/**
 * What a field whose problem may be `error` carries: `aria-invalid` and `aria-describedby`
 * naming its hint (`describedBy`, when it has one) and its message.
 */
export function fieldA11y(
  fieldId: string,
  error: FieldProblem | undefined,
  describedBy?: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const message = !error
    ? undefined
    : fieldErrorId(typeof error === 'string' ? fieldId : error.see);
  const ids = [describedBy, message].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/**
 * One message for every empty field of `fields` ([key, field id, empty?] in the page's order):
 * shown under the first, the others point at it.
 */
export function emptyFieldProblems<K extends string>(
  fields: readonly (readonly [K, string, boolean])[],
  message: string,
): Partial<Record<K, FieldProblem>> {
  const out: Partial<Record<K, FieldProblem>> = {};
  let first: string | null = null;
  for (const [key, id, empty] of fields) {
    if (!empty) continue;
    out[key] = first ? { see: first } : message;
    first ??= id;
  }
  return out;
}

export interface FieldErrorProps {
  /** The field the message belongs to. */
  fieldId: string;
  /** The field's problem; only a message of its own is drawn. */
  message: FieldProblem | undefined;
}

/** The message under a field that was refused (the field points at it, `fieldA11y`). */
export function FieldError({ fieldId, message }: FieldErrorProps) {
  if (typeof message !== 'string' || !message) return null;
  return (
    <p id={fieldErrorId(fieldId)} className="field__error" data-testid="field-error">
      {message}
    </p>
  );
}

/** A refusal that belongs to no one field (wrong credentials, a rate limit), inside the form. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
