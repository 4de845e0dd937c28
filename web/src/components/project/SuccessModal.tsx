import { useState } from 'react';
import { projectsApi } from '../../api/projects';
import {
  COPIED_TO_CLIPBOARD,
  FAILED_TO_SEND_EMAIL,
  NO_PROJECT_FOUND,
  PLEASE_ENTER_DOCTOR_EMAIL,
  emailSentTo,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Modal } from '../../ui/Modal';
import type { CreateAnswer } from '../../api/contract';
import '../../ui/field.css';

export interface SuccessModalProps {
  result: CreateAnswer | null;
  mode: 'user' | 'public';
  onClose: () => void;
}

export const mailtoFor = (link: string) =>
  `mailto:?subject=${encodeURIComponent('3D dental case for your review')}&body=${encodeURIComponent(`Please review the case here: ${link}`)}`;

/** After a create: the public link with copy, open, Dashboard/Home, a mail link and (signed in) send to a doctor. */
export function SuccessModal({ result, mode, onClose }: SuccessModalProps) {
  const [doctorEmail, setDoctorEmail] = useState('');
  const [sending, setSending] = useState(false);
  const link = result?.publicLink ?? '';

  async function copy() {
    await navigator.clipboard.writeText(link);
    toast.success(COPIED_TO_CLIPBOARD);
  }

  async function send() {
    if (!doctorEmail.trim()) return toast.error(PLEASE_ENTER_DOCTOR_EMAIL);
    if (!result) return toast.error(NO_PROJECT_FOUND);
    setSending(true);
    try {
      await projectsApi.sendEmail(result.projectId, doctorEmail.trim());
      toast.success(emailSentTo(doctorEmail.trim()));
      setDoctorEmail('');
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : FAILED_TO_SEND_EMAIL);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={!!result}
      onClose={onClose}
      title="Project created!"
      description="Share this link with the doctor."
      testId="success-modal"
    >
      <div className="share-link">
        <input
          className="field__input"
          readOnly
          value={link}
          aria-label="Public link"
          data-testid="public-link"
        />
        <Button onClick={() => void copy()} icon="link">
          Copy
        </Button>
      </div>
      <div className="share-actions">
        <a className="btn btn--secondary" href={link} target="_blank" rel="noreferrer">
          {mode === 'user' ? 'Preview/Open' : 'Open'}
        </a>
        {mode === 'user' ? (
          <ButtonLink to="/dashboard" icon="dashboard">
            Dashboard
          </ButtonLink>
        ) : (
          <ButtonLink to="/" icon="home">
            Home
          </ButtonLink>
        )}
        <a className="btn btn--secondary" href={mailtoFor(link)}>
          Share by mail
        </a>
      </div>
      {mode === 'user' && (
        <div className="send-doctor">
          <label className="field__label" htmlFor="doctor-email">
            Send to a doctor
          </label>
          <div className="share-link">
            <input
              id="doctor-email"
              className="field__input"
              type="email"
              placeholder="doctor@clinic.com"
              value={doctorEmail}
              onChange={(e) => setDoctorEmail(e.target.value)}
            />
            <Button
              variant="primary"
              icon="mail"
              loading={sending}
              disabled={!doctorEmail.trim() || sending}
              onClick={() => void send()}
            >
              Send
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
