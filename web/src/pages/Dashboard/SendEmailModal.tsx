import { useState } from 'react';
import { mailtoFor } from '../../components/project/SuccessModal';
import type { Project } from '../../api/contract';
import { ApiError } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { FAILED_TO_SEND_EMAIL, PLEASE_ENTER_DOCTOR_EMAIL, emailSentTo } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { useFieldErrors } from '../../ui/useFieldErrors';
import '../../ui/field.css';

export interface SendEmailModalProps {
  /** The project to send; null: closed. */
  project: Project | null;
  onClose: () => void;
}

/** Send Professional Email: the doctor's address, or the mail app with the link. */
export function SendEmailModal({ project, onClose }: SendEmailModalProps) {
  const [doctorEmail, setDoctorEmail] = useState('');
  const [sending, setSending] = useState(false);
  const { errors, fail, clear, reset, scope } = useFieldErrors<'doctorEmail'>();

  async function send() {
    if (!project) return;
    const to = doctorEmail.trim();
    if (!to) return fail({ doctorEmail: PLEASE_ENTER_DOCTOR_EMAIL });
    reset();
    setSending(true);
    try {
      await projectsApi.sendEmail(project.id, to);
      toast.success(emailSentTo(to));
      setDoctorEmail('');
      onClose();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : FAILED_TO_SEND_EMAIL;
      // A refused address belongs to the field; anything else is the sending's outcome.
      if (err instanceof ApiError && err.status === 400) fail({ doctorEmail: message });
      else toast.error(message);
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
            disabled={sending}
            onClick={() => void send()}
          >
            Send Email
          </Button>
        </>
      }
    >
      <form
        ref={scope}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!sending) void send();
        }}
      >
        <TextField
          id="dash-doctor-email"
          label="Doctor's email"
          type="email"
          value={doctorEmail}
          error={errors.doctorEmail}
          onChange={(v) => {
            setDoctorEmail(v);
            clear('doctorEmail');
          }}
          placeholder="doctor@clinic.com"
        />
      </form>
    </Modal>
  );
}
