import { useState } from 'react';
import { mailtoFor } from '../../components/project/SuccessModal';
import type { Project } from '../../api/contract';
import { projectsApi } from '../../api/projects';
import { FAILED_TO_SEND_EMAIL, PLEASE_ENTER_DOCTOR_EMAIL, emailSentTo } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import '../../ui/field.css';

export interface SendEmailModalProps {
  /** The project to send; null: closed. */
  project: Project | null;
  onClose: () => void;
}

/** Send Professional Email (spec §2): the doctor's address, or the mail app with the link. */
export function SendEmailModal({ project, onClose }: SendEmailModalProps) {
  const [doctorEmail, setDoctorEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function send() {
    if (!project) return;
    const to = doctorEmail.trim();
    if (!to) return toast.error(PLEASE_ENTER_DOCTOR_EMAIL);
    setSending(true);
    try {
      await projectsApi.sendEmail(project.id, to);
      toast.success(emailSentTo(to));
      setDoctorEmail('');
      onClose();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : FAILED_TO_SEND_EMAIL);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={!!project}
      onClose={onClose}
      title="Send Professional Email"
      description={project ? `Send the link of "${project.name}" to a doctor.` : undefined}
      testId="email-modal"
      footer={
        <>
          {project?.publicLink && (
            <a className="btn btn--secondary" href={mailtoFor(project.publicLink)}>
              Open in mail app
            </a>
          )}
          <Button
            variant="primary"
            icon="mail"
            loading={sending}
            disabled={!doctorEmail.trim() || sending}
            onClick={() => void send()}
          >
            Send Email
          </Button>
        </>
      }
    >
      <label className="field__label" htmlFor="dash-doctor-email">
        Doctor&apos;s email
      </label>
      <input
        id="dash-doctor-email"
        className="field__input"
        type="email"
        value={doctorEmail}
        onChange={(e) => setDoctorEmail(e.target.value)}
        placeholder="doctor@clinic.com"
      />
    </Modal>
  );
}
