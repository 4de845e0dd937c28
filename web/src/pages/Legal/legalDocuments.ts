import type { LegalPath } from '../../navigation/routeMeta';

export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
}

export interface LegalDocument {
  path: LegalPath;
  /** Full title, the page's h1. */
  title: string;
  /** Label in the side menu. */
  menuLabel: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const LEGAL_LAST_UPDATED = 'July 2025';

const RETENTION_PUBLIC =
  'Projects uploaded without an account (Quick Upload) and their files are deleted automatically after 365 days.';
const RETENTION_LOGS = 'Server logs are deleted after 90 days.';
const NOT_MEDICAL =
  'Cusp is not a medical device. It is not intended for diagnosis, treatment planning or any other clinical decision; check every model in your own certified CAD/CAM software before manufacturing or treatment.';
const NOT_COMPLIANT =
  'Cusp is not certified as compliant with rules for processing health data (for example Article 9 GDPR, HIPAA or national medical-records laws). Upload only data you are allowed to share, and prefer scans without patient names.';

export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [
  {
    path: '/terms',
    title: 'Terms of Service',
    menuLabel: 'Terms of Service',
    intro:
      'These terms apply to everyone who uses Cusp: laboratories and technicians with an account, doctors who open a shared link, and anyone using Quick Upload.',
    sections: [
      {
        heading: '1. A free, experimental tool',
        paragraphs: [
          'Cusp is a free, experimental tool for sharing 3D dental models (STL, PLY and 3Shape DCM) between dental laboratories and doctors. It is provided free of charge and as is, without any promise of availability, fitness for a particular purpose or freedom from errors.',
        ],
      },
      { heading: '2. Not a medical device', paragraphs: [NOT_MEDICAL] },
      { heading: '3. Health data', paragraphs: [NOT_COMPLIANT] },
      {
        heading: '4. Your files',
        bullets: [
          'Files may be deleted at any time, without notice. Always keep your own copies: Cusp is not an archive of record.',
          RETENTION_PUBLIC,
          'You can delete your own projects at any time. Deleting a project deletes its files and its link stops working.',
          'You keep all rights to what you upload. You allow Cusp to store, convert and display it only to provide the service to you and to the people you share it with.',
        ],
      },
      {
        heading: '5. Shared links',
        paragraphs: [
          'Anyone who has a project link can view the project, comment on it and approve it, without an account. Treat links like passwords and send them only to the intended doctor. Deleting the project revokes the link.',
        ],
      },
      {
        heading: '6. Acceptable use',
        bullets: [
          'Upload only dental models and information you are entitled to share.',
          'Do not upload malware, unlawful content or files that are not 3D models.',
          'Do not try to bypass the security check, access other users’ data or overload the service.',
          'Accounts and uploads that break these rules may be removed.',
        ],
      },
      {
        heading: '7. Liability',
        paragraphs: [
          'To the extent the law allows, Cusp and its authors are not liable for lost data, lost profit or any damage arising from the use of the service, including decisions taken on the basis of a model viewed in Cusp.',
        ],
      },
      {
        heading: '8. Changes',
        paragraphs: [
          'These terms are a draft and may change. The date at the top shows the latest update; continued use after a change means you accept the new terms.',
        ],
      },
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    menuLabel: 'Privacy Policy',
    intro:
      'Cusp collects only what it needs to share 3D models between a laboratory and a doctor, and sends nothing to third parties for analytics or advertising.',
    sections: [
      {
        heading: 'What is stored',
        bullets: [
          'Account: your name, e-mail address, company or laboratory name and a password hash (argon2id). Your password itself is never stored.',
          'Projects: project name, patient name, laboratory, notes, the 3D files, doctors’ comments and approvals, and doctor e-mail addresses you enter to send a link.',
          'A record of changes (who uploaded, commented, approved or deleted what, and when) so every project has a full history.',
        ],
      },
      {
        heading: 'How it is protected',
        bullets: [
          'Personal fields and 3D files are encrypted at rest with AES-256-GCM, with a separate key for each project and each user.',
          'Deleting a project destroys its key, so its encrypted data can no longer be read — also in the change history.',
          'Names and other text embedded in uploaded files (STL headers, PLY comments, DCM properties) are removed on upload.',
          'Patient names never appear in e-mail subjects. Logs leave out tokens, passwords and personal fields.',
        ],
      },
      {
        heading: 'How long it is kept',
        bullets: [
          RETENTION_PUBLIC,
          RETENTION_LOGS,
          'Account projects are kept until you delete them or your account; as an experimental tool, Cusp may also delete files at any time.',
        ],
      },
      {
        heading: 'Who else sees it',
        paragraphs: [
          'Only the people you send a project link to, and the administrators of the installation. Cusp loads no external fonts, analytics, advertising or avatar services. Its bot check is self-hosted by default; an installation that switches to Cloudflare Turnstile loads that check from Cloudflare on the sign-up, sign-in and upload pages.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can ask for a copy of your data, its correction or its deletion at any time by writing to the privacy mailbox below.',
        ],
      },
    ],
  },
  {
    path: '/cookies',
    title: 'Cookie Policy',
    menuLabel: 'Cookie Policy',
    intro: 'Cusp uses no cookies — none of its own and none from third parties.',
    sections: [
      {
        heading: 'What Cusp keeps in your browser',
        paragraphs: [
          'After you sign in, Cusp keeps two entries in your browser’s local storage, and nothing else:',
        ],
        bullets: [
          'token — your session token, sent with your own requests so the server knows it is you.',
          'userData — your name, e-mail address, company and role, so the header can show who is signed in.',
        ],
      },
      {
        heading: 'When they are removed',
        paragraphs: [
          'Both entries are removed when you log out, or when the server says the session has ended. Doctors opening a shared link and visitors using Quick Upload get no entries at all.',
        ],
      },
      {
        heading: 'No tracking',
        paragraphs: [
          'There are no analytics, advertising or social-media cookies, pixels or scripts. You can clear Cusp’s storage at any time in your browser’s site settings.',
        ],
      },
    ],
  },
  {
    path: '/gdpr',
    title: 'GDPR Compliance',
    menuLabel: 'GDPR Compliance',
    intro:
      'How Cusp handles personal data under the EU General Data Protection Regulation. This page is a draft and not legal advice.',
    sections: [
      {
        heading: 'Status',
        paragraphs: ['Cusp is a free, experimental tool and not a medical device.', NOT_COMPLIANT],
      },
      {
        heading: 'Roles',
        paragraphs: [
          'When a laboratory uploads patient information, the laboratory decides what is uploaded and why; Cusp processes it only to store, display and share the project as instructed.',
        ],
      },
      {
        heading: 'Privacy by design',
        bullets: [
          'Data minimisation: names embedded in uploaded files are stripped; doctors need no account.',
          'Encryption at rest with AES-256-GCM, one key per project and per user.',
          'Erasure that holds: deleting a project destroys its key (crypto-shredding), so the data is unreadable everywhere, including the change history.',
          'Accountability: every change is recorded with who made it and when.',
        ],
      },
      {
        heading: 'Retention',
        bullets: [
          RETENTION_PUBLIC,
          RETENTION_LOGS,
          'Files may be deleted at any time; keep your own copies.',
        ],
      },
      {
        heading: 'Where data lives',
        paragraphs: [
          'A standard installation keeps all data on the one server it runs on. A scaled installation keeps it in the PostgreSQL database and S3-compatible storage its operator chooses, encrypted before it is written.',
        ],
      },
      {
        heading: 'Your rights',
        bullets: [
          'Access to your data and a copy of it (Articles 15 and 20).',
          'Correction of wrong data (Article 16).',
          'Erasure (Article 17) and restriction of processing (Article 18).',
          'Objection (Article 21), and a complaint to your data-protection authority.',
        ],
      },
    ],
  },
];

/** The document for a path; unknown paths fall back to the Terms. */
export function legalDocumentFor(pathname: string): LegalDocument {
  const p = pathname.replace(/\/+$/, '');
  return LEGAL_DOCUMENTS.find((d) => d.path === p) ?? (LEGAL_DOCUMENTS[0] as LegalDocument);
}
