/**
 * The public link's control (owner side): expiry, PIN, revocation, rotation and the view log.
 * Its events live on the project stream (`project-{uuid}`), so a project's history shows them;
 * this module folds only them. Pure: times, hashes and the sealed PIN hash come with the command.
 */
import type { SealedField } from './sealed.js';

/** One opening of the link is logged per browser per this many minutes. */
export const VIEW_DEDUP_MINUTES = 30;

export type DeviceClass = 'phone' | 'tablet' | 'desktop';

/**
 * Expiry, PIN and downloads as the owner set them. `pinHash` is an argon2id hash sealed with the
 * project key.
 */
export interface LinkSettingsChanged {
  type: 'LinkSettingsChanged';
  data: {
    projectId: string;
    expiresAt: string | null;
    pinHash: SealedField | null;
    /** Whether this change set, cleared or kept the PIN (the audit needs no hash to tell). */
    pin: 'set' | 'cleared' | 'unchanged';
    /**
     * Whether the doctor may download the files as uploaded; absent in events recorded before
     * the setting existed, which left it as it was (off).
     */
    downloadsAllowed?: boolean;
    changedAt: string;
  };
}
/** The link stops working; `tokenHash` (hex SHA-256) names which token. */
export interface LinkRevoked {
  type: 'LinkRevoked';
  data: { projectId: string; tokenHash: string; revokedAt: string };
}
/** A new token replaces the old one, which is revoked from then on (hex SHA-256 of each). */
export interface LinkRotated {
  type: 'LinkRotated';
  data: { projectId: string; previousTokenHash: string; tokenHash: string; rotatedAt: string };
}
/** One opening of the link: no IP, no raw browser id — a keyed hash that changes daily. */
export interface LinkOpened {
  type: 'LinkOpened';
  data: {
    projectId: string;
    viewerKey: string;
    device: DeviceClass;
    browser: string;
    openedAt: string;
  };
}
/** The doctor downloaded files as uploaded: one model (`modelId`) or the whole version (null). */
export interface LinkFilesDownloaded {
  type: 'LinkFilesDownloaded';
  data: { projectId: string; version: number; modelId: string | null; downloadedAt: string };
}
/** Five wrong PINs in a row: the link refuses PINs until `lockedUntil`. */
export interface LinkPinLocked {
  type: 'LinkPinLocked';
  data: { projectId: string; lockedUntil: string; lockedAt: string };
}

export type LinkEvent =
  | LinkSettingsChanged
  | LinkRevoked
  | LinkRotated
  | LinkOpened
  | LinkPinLocked
  | LinkFilesDownloaded;
export const LINK_EVENT_TYPES = [
  'LinkSettingsChanged',
  'LinkRevoked',
  'LinkRotated',
  'LinkOpened',
  'LinkPinLocked',
  'LinkFilesDownloaded',
] as const satisfies readonly LinkEvent['type'][];

export const isLinkEvent = (e: { type: string }): e is LinkEvent =>
  (LINK_EVENT_TYPES as readonly string[]).includes(e.type);

// ---------------------------------------------------------------- state

export interface LinkState {
  expiresAt: string | null;
  pinSet: boolean;
  /** The doctor may download the files as uploaded (off until the owner allows it). */
  downloadsAllowed: boolean;
  /** Hash of the revoked current token, or null while the link works. */
  revokedTokenHash: string | null;
  /** viewer key → time of its last logged opening. */
  lastOpened: ReadonlyMap<string, string>;
}

export const initialLinkState = (): LinkState => ({
  expiresAt: null,
  pinSet: false,
  downloadsAllowed: false,
  revokedTokenHash: null,
  lastOpened: new Map(),
});

export function evolveLink(state: LinkState, event: LinkEvent): LinkState {
  switch (event.type) {
    case 'LinkSettingsChanged':
      return {
        ...state,
        expiresAt: event.data.expiresAt,
        pinSet: event.data.pin === 'unchanged' ? state.pinSet : event.data.pin === 'set',
        downloadsAllowed: event.data.downloadsAllowed ?? state.downloadsAllowed,
      };
    case 'LinkRevoked':
      return { ...state, revokedTokenHash: event.data.tokenHash };
    case 'LinkRotated':
      return { ...state, revokedTokenHash: null };
    case 'LinkOpened': {
      const lastOpened = new Map(state.lastOpened);
      lastOpened.set(event.data.viewerKey, event.data.openedAt);
      return { ...state, lastOpened };
    }
    case 'LinkPinLocked':
    case 'LinkFilesDownloaded':
      return state;
    default: {
      const _never: never = event;
      return state;
    }
  }
}

export const foldLink = (events: readonly { type: string; data: unknown }[]): LinkState =>
  events.filter(isLinkEvent).reduce(evolveLink, initialLinkState());

// ---------------------------------------------------------------- commands

export interface ChangeLinkSettings {
  type: 'ChangeLinkSettings';
  /** `pinHash` undefined keeps the current PIN; null clears it. `downloadsAllowed` undefined keeps it. */
  data: {
    projectId: string;
    expiresAt: string | null;
    pinHash: SealedField | null | undefined;
    downloadsAllowed?: boolean | undefined;
    now: string;
  };
}
export interface RevokeLink {
  type: 'RevokeLink';
  data: { projectId: string; tokenHash: string; now: string };
}
export interface RotateLink {
  type: 'RotateLink';
  data: { projectId: string; previousTokenHash: string; tokenHash: string; now: string };
}
export interface RecordLinkOpening {
  type: 'RecordLinkOpening';
  data: { projectId: string; viewerKey: string; device: DeviceClass; browser: string; now: string };
}
export interface RecordLinkDownload {
  type: 'RecordLinkDownload';
  data: { projectId: string; version: number; modelId: string | null; now: string };
}
export interface LockLinkPin {
  type: 'LockLinkPin';
  data: { projectId: string; lockedUntil: string; now: string };
}

export type LinkCommand =
  | ChangeLinkSettings
  | RevokeLink
  | RotateLink
  | RecordLinkOpening
  | RecordLinkDownload
  | LockLinkPin;

export class LinkRuleError extends Error {
  constructor(
    readonly code: 'expiry_in_past' | 'link_revoked' | 'same_token' | 'downloads_not_allowed',
    message: string,
  ) {
    super(message);
    this.name = 'LinkRuleError';
  }
}

export const DOWNLOADS_NOT_ALLOWED_MESSAGE = 'The sender does not allow downloading the files';

const minutesBetween = (from: string, to: string): number =>
  (Date.parse(to) - Date.parse(from)) / 60_000;

/**
 * Decides a link command for an active project (the caller checks that the project exists and
 * that the caller may act on it).
 */
export function decideLink(command: LinkCommand, state: LinkState): LinkEvent[] {
  switch (command.type) {
    case 'ChangeLinkSettings': {
      const d = command.data;
      if (d.expiresAt !== null && Date.parse(d.expiresAt) <= Date.parse(d.now)) {
        throw new LinkRuleError('expiry_in_past', 'The expiry date must be in the future');
      }
      const pin =
        d.pinHash === undefined || (d.pinHash === null && !state.pinSet)
          ? 'unchanged'
          : d.pinHash === null
            ? 'cleared'
            : 'set';
      const downloadsAllowed = d.downloadsAllowed ?? state.downloadsAllowed;
      if (
        pin === 'unchanged' &&
        d.expiresAt === state.expiresAt &&
        downloadsAllowed === state.downloadsAllowed
      ) {
        return [];
      }
      return [
        {
          type: 'LinkSettingsChanged',
          data: {
            projectId: d.projectId,
            expiresAt: d.expiresAt,
            // "unchanged" carries no hash: the read model keeps the one it has.
            pinHash: pin === 'set' ? (d.pinHash ?? null) : null,
            pin,
            downloadsAllowed,
            changedAt: d.now,
          },
        },
      ];
    }
    case 'RevokeLink': {
      const d = command.data;
      if (state.revokedTokenHash === d.tokenHash) return [];
      return [
        {
          type: 'LinkRevoked',
          data: { projectId: d.projectId, tokenHash: d.tokenHash, revokedAt: d.now },
        },
      ];
    }
    case 'RotateLink': {
      const d = command.data;
      if (d.previousTokenHash === d.tokenHash) {
        throw new LinkRuleError('same_token', 'A rotated link needs a new token');
      }
      return [
        {
          type: 'LinkRotated',
          data: {
            projectId: d.projectId,
            previousTokenHash: d.previousTokenHash,
            tokenHash: d.tokenHash,
            rotatedAt: d.now,
          },
        },
      ];
    }
    case 'RecordLinkOpening': {
      const d = command.data;
      if (state.revokedTokenHash !== null) throw new LinkRuleError('link_revoked', 'Link revoked');
      const last = state.lastOpened.get(d.viewerKey);
      if (last !== undefined && minutesBetween(last, d.now) < VIEW_DEDUP_MINUTES) return [];
      return [
        {
          type: 'LinkOpened',
          data: {
            projectId: d.projectId,
            viewerKey: d.viewerKey,
            device: d.device,
            browser: d.browser,
            openedAt: d.now,
          },
        },
      ];
    }
    case 'RecordLinkDownload': {
      const d = command.data;
      if (state.revokedTokenHash !== null) throw new LinkRuleError('link_revoked', 'Link revoked');
      if (!state.downloadsAllowed) {
        throw new LinkRuleError('downloads_not_allowed', DOWNLOADS_NOT_ALLOWED_MESSAGE);
      }
      return [
        {
          type: 'LinkFilesDownloaded',
          data: {
            projectId: d.projectId,
            version: d.version,
            modelId: d.modelId,
            downloadedAt: d.now,
          },
        },
      ];
    }
    case 'LockLinkPin': {
      const d = command.data;
      return [
        {
          type: 'LinkPinLocked',
          data: { projectId: d.projectId, lockedUntil: d.lockedUntil, lockedAt: d.now },
        },
      ];
    }
    default: {
      const _never: never = command;
      throw new Error('unknown link command');
    }
  }
}
