import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { identityProblem, NAME_MAX, type ReviewerIdentity } from './identity';

export interface IdentityDialogProps {
  /** The name given before (when changing it). */
  initial: ReviewerIdentity | null;
  /** Called with the identity, or null when cancelled. */
  onDone: (identity: ReviewerIdentity | null) => void;
}

/** Asks the doctor's name (required) and e-mail (optional, to hear of replies). */
export function IdentityDialog({ initial, onDone }: IdentityDialogProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const emailId = useId();
  const submit = () => {
    const problem = identityProblem(name, email);
    if (problem) {
      setError(problem);
      return;
    }
    onDone({ name: name.trim(), email: email.trim() });
  };
  return (
    <Modal
      open
      onClose={() => onDone(null)}
      title="Who is reviewing?"
      description="Your name goes with your comments so the lab knows who wrote them. It is remembered in this browser for this link."
      testId="identity-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={`${nameId}-form`}>
            Continue
          </Button>
        </>
      }
    >
      <form
        id={`${nameId}-form`}
        className="videntity"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={nameId}>Your name</label>
        <input
          id={nameId}
          className="videntity__input"
          autoComplete="name"
          maxLength={NAME_MAX}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <label htmlFor={emailId}>E-mail (optional — to be told when the lab answers)</label>
        <input
          id={emailId}
          className="videntity__input"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {error ? (
          <p className="videntity__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
