/** Public mailboxes shown in the footer and on the legal pages. */
export const SUPPORT_EMAIL = 'support@cusp.dental';
export const PRIVACY_EMAIL = 'privacy@cusp.dental';
export const LEGAL_EMAIL = 'legal@cusp.dental';
