import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError, fieldA11y, type FieldProblem } from './FieldError';
import './field.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'value' | 'onChange'
> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The message when the field was refused; shown under it and named by the input. */
  error?: FieldProblem | undefined;
  /** Shown under the input (a hint, a rule). */
  children?: ReactNode;
}

/** A labelled text input of the app's forms (`.field`); other input attributes pass through. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  children,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        {...input}
        {...fieldA11y(id, error, describedBy)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
