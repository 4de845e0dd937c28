import type { MailMessage } from './mailer.js';

/** HTML escaping for every value put into a mail body: user text must never become markup. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The `<body>` style of every mail. Long words (a 200-character project name without a space)
 * break instead of widening the mail past a phone's screen.
 */
export const MAIL_BODY_STYLE =
  'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px;overflow-wrap:anywhere;word-break:break-word';

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
${button}
<p style="margin:32px 0 0;font-size:12px;color:#777">Cusp: share and review 3D dental scans.</p>
</body></html>`;
}

const VERIFICATION_VALIDITY = 'The link is valid for 24 hours and can be used once.';
/** A resend voids the earlier links; its mail says so, since theirs said 24 hours. */
const REPLACES_EARLIER_LINKS = 'It replaces the verification links we sent you before.';
const NOT_YOU = 'If you did not create an account, you can ignore this message.';

export function verificationMail(
  to: string,
  name: string,
  link: string,
  opts: { replacesEarlier?: boolean } = {},
): MailMessage {
  const greeting = `Hello ${name},`;
  const validity = opts.replacesEarlier
    ? `${VERIFICATION_VALIDITY} ${REPLACES_EARLIER_LINKS}`
    : VERIFICATION_VALIDITY;
  return {
    to,
    subject: 'Verify your email address',
    text: `${greeting}

Please confirm your email address to finish creating your Cusp account:

${link}

${validity} ${NOT_YOU}
`,
    html: layout(
      'Verify your email address',
      [
        escapeHtml(greeting),
        'Please confirm your email address to finish creating your Cusp account.',
        `${validity} ${NOT_YOU}`,
      ],
      { label: 'Verify email address', href: link },
    ),
    devLink: link,
  };
}

export function welcomeMail(to: string, name: string, loginLink: string): MailMessage {
  const greeting = `Hello ${name},`;
  return {
    to,
    subject: 'Welcome to Cusp',
    text: `${greeting}

Your email address is verified and your Cusp account is ready. Sign in here:

${loginLink}
`,
    html: layout(
      'Welcome to Cusp',
      [escapeHtml(greeting), 'Your email address is verified and your Cusp account is ready.'],
      { label: 'Sign in', href: loginLink },
    ),
  };
}

/**
 * Sent when someone registers with an address that already has an account: the page answers the
 * same as for a new address (no enumeration), and the owner learns about it here. While the
 * account is unverified, the mail carries a fresh verification link instead; the link of the first
 * mail keeps working until its stated expiry (that mail must not turn out to have lied).
 */
export function alreadyRegisteredMail(
  to: string,
  name: string,
  link: { verify: string } | { login: string },
): MailMessage {
  const greeting = `Hello ${name},`;
  if ('verify' in link) {
    return {
      to,
      subject: 'Verify your email address',
      text: `${greeting}

Someone, probably you, tried to register again with this email address. Your account is not verified yet; confirm your address here:

${link.verify}

The link is valid for 24 hours and can be used once. Links we sent you earlier keep working until they expire.
`,
      html: layout(
        'Verify your email address',
        [
          escapeHtml(greeting),
          'Someone, probably you, tried to register again with this email address. Your account is not verified yet; confirm your address with the button below.',
          'The link is valid for 24 hours and can be used once. Links we sent you earlier keep working until they expire.',
        ],
        { label: 'Verify email address', href: link.verify },
      ),
      devLink: link.verify,
    };
  }
  return {
    to,
    subject: 'You already have a Cusp account',
    text: `${greeting}

Someone, probably you, tried to register with this email address, but it already has a Cusp account. Sign in here:

${link.login}

If this was not you, you can ignore this message.
`,
    html: layout(
      'You already have a Cusp account',
      [
        escapeHtml(greeting),
        'Someone, probably you, tried to register with this email address, but it already has a Cusp account.',
        'If this was not you, you can ignore this message.',
      ],
      { label: 'Sign in', href: link.login },
    ),
  };
}

/**
 * The forgot-password mail. No `devLink`: a reset link in the log would let anyone who reads the
 * log take the account over (the embedded outbox keeps the .eml for local use).
 */
export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hello ${name},`;
  const lead = 'Someone, probably you, asked to reset the password of your Cusp account.';
  const validity = 'The link is valid for 1 hour and can be used once.';
  const ignore =
    'If you did not ask for this, you can ignore this message: your password stays unchanged.';
  return {
    to,
    subject: 'Reset your Cusp password',
    text: `${greeting}

${lead} Choose a new password here:

${link}

${validity} ${ignore}
`,
    html: layout(
      'Reset your Cusp password',
      [
        escapeHtml(greeting),
        `${lead} Choose a new password with the button below.`,
        validity,
        ignore,
      ],
      { label: 'Choose a new password', href: link },
    ),
  };
}

/** Sent after a reset: the owner learns of it even when someone else did it. */
export function passwordChangedMail(to: string, name: string, forgotLink: string): MailMessage {
  const greeting = `Hello ${name},`;
  const lead =
    'The password of your Cusp account was just changed with a reset link, and every signed-in session was ended.';
  const notYou =
    'If this was not you, choose a new password right away with the button below and tell our support.';
  return {
    to,
    subject: 'Your Cusp password was changed',
    text: `${greeting}

${lead}

${notYou}

${forgotLink}
`,
    html: layout('Your Cusp password was changed', [escapeHtml(greeting), lead, notYou], {
      label: 'Reset the password again',
      href: forgotLink,
    }),
  };
}
