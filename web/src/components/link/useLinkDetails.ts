import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { GENERIC_ERROR } from '../../messages';
import type { LinkDetails } from './linkText';

/** How often an open Link settings dialog asks again (the PIN lock, openings). */
export const LINK_REFRESH_MS = 10_000;

const errorText = (err: unknown) =>
  err instanceof Error && err.message ? err.message : GENERIC_ERROR;

/**
 * The owner's view of a project's link, fetched when `projectId` is set and again every
 * `LINK_REFRESH_MS` while it stays set, so the lock and the wrong PINs shown are current. A failed
 * refresh keeps what is shown; only a failed first load is an error.
 */
export function useLinkDetails(projectId: string | null) {
  const [link, setLink] = useState<LinkDetails | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!projectId) return;
    try {
      const next = await api.get<LinkDetails>(`/projects/${projectId}/link`);
      setLink(next);
      setLoadError(null);
    } catch (err) {
      setLink((shown) => {
        if (!shown) setLoadError(errorText(err));
        return shown;
      });
    }
  }, [projectId]);

  useEffect(() => {
    setLink(null);
    setLoadError(null);
    if (!projectId) return;
    void refresh();
    const timer = window.setInterval(() => void refresh(), LINK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [projectId, refresh]);

  return { link, setLink, loadError, refresh };
}
