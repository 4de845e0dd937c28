import type { MailMessage } from './mailer.js';
import { escapeHtml, MAIL_BODY_STYLE } from './templates.js';

/*
 * The mails about a project: the link sent to a doctor, and the technician's notice of a doctor's
 * feedback or approval. Subjects are fixed texts: never a patient's or a project's name.
 */

/** Who shares a case with a doctor; null for an anonymous upload (no account behind it). */
export interface DoctorMailSender {
  name: string;
  companyName: string;
}

/** "Ada Lab (Ada Dental Lab)", or the neutral wording when there is no account behind the case. */
function senderLine(sender: DoctorMailSender | null): string {
  if (!sender || sender.name.trim() === '') return 'A dental laboratory';
  const company = sender.companyName.trim();
  return company ? `${sender.name} (${company})` : sender.name;
}

/**
 * The mail to the doctor: fixed subject (never a patient name), escaped HTML and plain text. The
 * body names the technician and company who share the case, so the doctor knows who is asking.
 */
export function doctorMail(
  to: string,
  projectName: string,
  link: string,
  sender: DoctorMailSender | null,
): MailMessage {
  const from = senderLine(sender);
  return {
    to,
    subject: 'A dental case is ready for your review',
    text: `Hello,

${from} has shared a 3D case with you on Cusp: ${projectName}

Open it in your browser (no account needed):
${link}

You can inspect the models in 3D, leave feedback and approve the work.
`,
    html: `<!doctype html>
<html><head><meta charset="utf-8"><title>A dental case is ready for your review</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">A dental case is ready for your review</h1>
<p style="margin:0 0 16px">${escapeHtml(from)} has shared a 3D case with you on Cusp: <strong>${escapeHtml(projectName)}</strong></p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the case</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p style="margin:0 0 16px">You can inspect the models in 3D, leave feedback and approve the work; no account is needed.</p>
</body></html>`,
  };
}

/**
 * The technician's notification. Subjects are fixed texts: never the patient's name, never the
 * project name (it often is the patient's name). The body names the project for the technician.
 * An approval mail speaks of the approval only; the feedback mail quotes the comment.
 */
export type ReviewMailKind = 'feedback' | 'changes' | 'approved';

export function reviewMail(
  kind: ReviewMailKind,
  to: string,
  technician: string,
  projectName: string,
  link: string,
  message?: string,
): MailMessage {
  const approved = kind === 'approved';
  const subject = approved
    ? 'A doctor approved your case on Cusp'
    : kind === 'changes'
      ? 'A doctor requested changes on your case on Cusp'
      : 'A doctor left feedback on your case on Cusp';
  const lead = approved
    ? `The doctor approved the case "${projectName}".`
    : kind === 'changes'
      ? `The doctor requested changes on the case "${projectName}":`
      : `The doctor left feedback on the case "${projectName}":`;
  const quote = approved ? undefined : message;
  const after = approved
    ? 'Your dashboard now shows the case as approved.'
    : 'Your dashboard shows the comment as unread until you mark it as read.';
  const text = `Hello ${technician},

${lead}
${quote ? `\n${quote}\n` : ''}
Open the case: ${link}
${after}
`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">Hello ${escapeHtml(technician)},</p>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
${quote ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #0f766e;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>` : ''}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the case</a></p>
<p style="margin:0 0 16px">${escapeHtml(after)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export const DIGEST_SUBJECT = 'Doctors left more comments on your case on Cusp';

/**
 * The technician's digest of the comments that followed a mailed one within the digest interval:
 * how many, and the link; the texts stay in the app (one mail, however many comments).
 */
export function commentDigestMail(
  to: string,
  technician: string,
  projectName: string,
  link: string,
  comments: number,
): MailMessage {
  const lead =
    comments === 1
      ? `A doctor left 1 more comment on the case "${projectName}".`
      : `Doctors left ${comments} more comments on the case "${projectName}".`;
  const after = 'Your dashboard shows them as unread until you mark them as read.';
  const text = `Hello ${technician},

${lead}

Open the case: ${link}
${after}
`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(DIGEST_SUBJECT)}</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(DIGEST_SUBJECT)}</h1>
<p style="margin:0 0 16px">Hello ${escapeHtml(technician)},</p>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the case</a></p>
<p style="margin:0 0 16px">${escapeHtml(after)}</p>
</body></html>`;
  return { to, subject: DIGEST_SUBJECT, text, html };
}

/**
 * The doctor's mail when the lab answers. The subject is a fixed text (never a patient or
 * project name); the body quotes the answer and carries the link.
 */
export function replyMail(to: string, doctor: string, reply: string, link: string): MailMessage {
  const subject = 'The lab answered your comment on Cusp';
  const text = `Hello ${doctor},

The lab answered your comment:

${reply}

Open the case: ${link}
`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">Hello ${escapeHtml(doctor)},</p>
<p style="margin:0 0 16px">The lab answered your comment:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #0f766e;white-space:pre-wrap">${escapeHtml(reply)}</blockquote>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the case</a></p>
</body></html>`;
  return { to, subject, text, html };
}

/** What the doctors' mail about a new version says; every value clear, escaped here. */
export interface NewVersionMailFacts {
  projectName: string;
  /** The project's laboratory as the lab entered it; empty: the neutral wording. */
  laboratory: string;
  version: number;
  previous: number;
  note: string;
  /** The doctor's viewer opened on `version` compared with `previous`. */
  link: string;
}

export const NEW_VERSION_SUBJECT = 'A new version of a dental case is ready for your review';

/**
 * The mail to a doctor when the lab uploads a new version: who, which case and version, the
 * lab's note quoted, and the link that opens the new version beside the previous one. The
 * subject is a fixed text (never a patient or project name).
 */
export function newVersionMail(to: string, doctor: string, f: NewVersionMailFacts): MailMessage {
  const lab = f.laboratory.trim() || 'The dental laboratory';
  const greeting = doctor.trim() ? `Hello ${doctor.trim()},` : 'Hello,';
  const lead = `${lab} uploaded version ${f.version} of the case "${f.projectName}" on Cusp.`;
  const action = `Compare version ${f.version} with version ${f.previous}`;
  const text = `${greeting}

${lead}

What changed:
${f.note}

${action} in your browser (no account needed):
${f.link}
`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(NEW_VERSION_SUBJECT)}</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(NEW_VERSION_SUBJECT)}</h1>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 8px">What changed:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #0f766e;white-space:pre-wrap">${escapeHtml(f.note)}</blockquote>
<p style="margin:24px 0"><a href="${escapeHtml(f.link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(f.link)}</p>
</body></html>`;
  return { to, subject: NEW_VERSION_SUBJECT, text, html };
}
