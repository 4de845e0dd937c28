import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { LinkViewLog } from '../../components/link/LinkViewLog';
import { linkStateText, openedSummary, type LinkDetails } from '../../components/link/linkText';
import '../../components/link/link.css';

/** The owner's viewer: the link's state and every logged opening. */
export function OwnerLinkSection({ projectId }: { projectId: string }) {
  const [link, setLink] = useState<LinkDetails | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<LinkDetails>(`/projects/${encodeURIComponent(projectId)}/link`, {
        signal: controller.signal,
      })
      .then(setLink)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [projectId]);
  return (
    <section className="vinfo__link" aria-label="Public link" data-testid="owner-link">
      <h2 className="link-settings__h">Public link</h2>
      {failed ? (
        <p>The link's state could not be loaded.</p>
      ) : !link ? (
        <p>Loading…</p>
      ) : (
        <>
          <p data-testid="owner-link-state">
            {linkStateText(link)}
            {link.pinSet ? ' · PIN required' : ''}
            {link.downloadsAllowed ? ' · Downloads allowed' : ''} · {openedSummary(link)}
          </p>
          <LinkViewLog views={link.views} />
        </>
      )}
    </section>
  );
}
