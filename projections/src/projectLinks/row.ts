import type { LinkEvent } from '../../../api/src/domain/projectLink.js';

/** One project's link settings and view summary (`project_link_state`). */
export interface LinkRow {
  projectId: string;
  expiresAt: string | null;
  /** argon2id hash sealed with the project key (field `linkPin`); null without a PIN. */
  pinHash: string | null;
  /** When the current PIN was set: grants made under an older PIN stop working. */
  pinSetAt: string | null;
  /** The doctor may download the files as uploaded. */
  downloadsAllowed: boolean;
  /** Hex SHA-256 of the current token when it was revoked; null while the link works. */
  revokedTokenHash: string | null;
  openCount: number;
  lastOpenedAt: string | null;
  lockedUntil: string | null;
  /** Stream revision of the last event applied (replays of older events change nothing). */
  revision: number;
}

const empty = (projectId: string): LinkRow => ({
  projectId,
  expiresAt: null,
  pinHash: null,
  pinSetAt: null,
  downloadsAllowed: false,
  revokedTokenHash: null,
  openCount: 0,
  lastOpenedAt: null,
  lockedUntil: null,
  revision: -1,
});

/** The row after one link event (pure); `revision` is the event's stream revision. */
export function evolveLinkRow(row: LinkRow | null, event: LinkEvent, revision: number): LinkRow {
  const base = row ?? empty(event.data.projectId);
  if (revision <= base.revision) return base;
  const next = { ...base, revision };
  switch (event.type) {
    case 'LinkSettingsChanged': {
      const d = event.data;
      const settings = {
        ...next,
        expiresAt: d.expiresAt,
        downloadsAllowed: d.downloadsAllowed ?? base.downloadsAllowed,
      };
      if (d.pin === 'set') return { ...settings, pinHash: d.pinHash, pinSetAt: d.changedAt };
      if (d.pin === 'cleared') return { ...settings, pinHash: null, pinSetAt: null };
      return settings;
    }
    case 'LinkRevoked':
      return { ...next, revokedTokenHash: event.data.tokenHash };
    case 'LinkRotated':
      return { ...next, revokedTokenHash: null };
    case 'LinkOpened':
      return { ...next, openCount: base.openCount + 1, lastOpenedAt: event.data.openedAt };
    case 'LinkPinLocked':
      return { ...next, lockedUntil: event.data.lockedUntil };
    case 'LinkFilesDownloaded':
      // Kept in the audit log (every event is); nothing of the row changes.
      return base;
    default: {
      const _never: never = event;
      return base;
    }
  }
}
