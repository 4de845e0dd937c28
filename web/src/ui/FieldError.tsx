import './field.css';

/** The id of the message under the field `fieldId`, which the field names in aria-describedby. */
export const fieldErrorId = (fieldId: string): string => `${fieldId}-error`;

/**
 * What a field whose message may be `error` carries: `aria-invalid` and `aria-describedby`
 * naming its hint (`describedBy`, when it has one) and its message.
 */
export function fieldA11y(
  fieldId: string,
  error: string | undefined,
  describedBy?: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const ids = [describedBy, error ? fieldErrorId(fieldId) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

export interface FieldErrorProps {
  /** The field the message belongs to. */
  fieldId: string;
  /** The message; nothing is drawn without one. */
  message: string | undefined;
}

/** The message under a field that was refused (the field points at it, `fieldA11y`). */
export function FieldError({ fieldId, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(fieldId)} className="field__error" data-testid="field-error">
      {message}
    </p>
  );
}
