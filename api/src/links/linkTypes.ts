/**
 * The link shapes the API answers, as far as the web app reads them. Types only, with no runtime
 * imports: the server and the web app both import them.
 */

/** `active`: the link opens; `expired`: past its expiry; `revoked`: withdrawn by the sender. */
export type LinkStateName = 'active' | 'expired' | 'revoked';

/** What a project card shows about its link. */
export interface LinkSummary {
  state: LinkStateName;
  expiresAt: string | null;
  pinSet: boolean;
  openCount: number;
  lastOpenedAt: string | null;
}

export interface LinkView {
  openedAt: string;
  device: 'phone' | 'tablet' | 'desktop' | string;
  browser: string;
}

/** `GET /api/projects/{id}/link` and the answers of the owner's link calls. */
export interface LinkDetails extends LinkSummary {
  publicLink: string;
  /** Until when wrong PINs locked the link, while that lasts; else null. */
  lockedUntil: string | null;
  views: LinkView[];
}
