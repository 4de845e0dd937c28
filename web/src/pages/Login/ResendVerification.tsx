import { useState } from 'react';
import { authApi } from '../../api/auth';
import {
  GENERIC_ERROR,
  RESEND_VERIFICATION_EMAIL,
  SENDING,
  VERIFICATION_EMAIL_RESENT,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';

export interface ResendVerificationProps {
  /** The address the sign-in was refused for until it is verified. */
  email: string;
}

/**
 * "Resend verification e-mail", offered when sign-in answers that the address must be verified
 * first. The server answers the same for any address; the new link replaces the older ones.
 */
export function ResendVerification({ email }: ResendVerificationProps) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  async function resend() {
    setState('sending');
    try {
      await authApi.resendVerification({ email });
      setState('sent');
    } catch (err) {
      setState('idle');
      toast.error(err instanceof Error && err.message ? err.message : GENERIC_ERROR);
    }
  }

  if (state === 'sent') {
    return (
      <p className="auth-resend" role="status" data-testid="verification-resent">
        {VERIFICATION_EMAIL_RESENT}
      </p>
    );
  }
  return (
    <Button
      size="sm"
      icon="mail"
      className="auth-resend"
      loading={state === 'sending'}
      onClick={() => void resend()}
    >
      {state === 'sending' ? SENDING : RESEND_VERIFICATION_EMAIL}
    </Button>
  );
}
