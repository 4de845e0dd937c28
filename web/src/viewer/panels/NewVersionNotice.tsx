import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  VIEWER_COMPARE_PARAM,
  VIEWER_VERSION_PARAM,
} from '../../../../api/src/contract/viewerAddress';
import { versionLabel } from '../../components/versions/versionText';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import type { ViewerVersion } from '../mesh/project';
import { useViewerStore } from '../store/useViewerStore';
import { lastSeenKey, readLastSeen, rememberSeen, versionsSince } from '../versions/lastSeen';

interface News {
  projectId: string;
  since: number;
  newer: ViewerVersion[];
}

/**
 * "New version since your last visit", for a doctor back on a link through which they saw an
 * earlier version: the notes of the versions since, and one click to compare the latest with the
 * one they saw (`?compare=`, which the compare code opens side by side). A strip above the 3D
 * area, which it shrinks rather than covers; the doctor's actions stay where they are. Every
 * visit remembers the version shown (`versions/lastSeen.ts`).
 */
export function NewVersionNotice({ token }: { token: string }) {
  const { project, mode, firstFrame } = useViewerStore(
    useShallow((s) => ({ project: s.project, mode: s.mode, firstFrame: s.firstFrame })),
  );
  const [params, setParams] = useSearchParams();
  const [news, setNews] = useState<News | null>(null);
  const titleId = useId();
  // Arriving through the new version's mail, the comparison opens anyway.
  const comparing = params.has(VIEWER_COMPARE_PARAM);

  useEffect(() => {
    if (mode !== 'review' || !project) return;
    let live = true;
    void lastSeenKey(token)
      .then((key) => {
        if (!key || !live) return;
        const since = versionsSince(readLastSeen(key), project.versions);
        setNews((current) =>
          current?.projectId === project.id
            ? current
            : since && !comparing
              ? { projectId: project.id, ...since }
              : null,
        );
        rememberSeen(key, project.shownVersion);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mode, project, token, comparing]);

  if (!news || !firstFrame || !project || news.projectId !== project.id) return null;
  const latest = news.newer[news.newer.length - 1]!;
  const title =
    news.newer.length === 1
      ? 'New version since your last visit'
      : `${news.newer.length} new versions since your last visit`;

  function compare() {
    setParams((p) => {
      const next = new URLSearchParams(p);
      // The latest is shown without `v`; an older one in the address would load first.
      if (project && project.shownVersion !== latest.n) next.delete(VIEWER_VERSION_PARAM);
      next.set(VIEWER_COMPARE_PARAM, String(news!.since));
      return next;
    });
    setNews(null);
  }

  return (
    <section className="vnew" aria-labelledby={titleId} data-testid="new-version-notice">
      <div className="vnew__text">
        <h2 className="vnew__title" id={titleId}>
          {title}
        </h2>
        <ul className="vnew__notes">
          {news.newer.map((v) => (
            <li key={v.n} data-testid="new-version-note">
              <strong>{versionLabel(v.n)}</strong> {v.note ?? 'No note'}
            </li>
          ))}
        </ul>
      </div>
      <div className="vnew__actions">
        <Button size="sm" variant="primary" onClick={compare}>
          Compare with version {news.since}
        </Button>
        <button
          type="button"
          className="vnew__close"
          aria-label="Dismiss"
          title="Dismiss"
          onClick={() => setNews(null)}
        >
          <Icon name="x" size="sm" />
        </button>
      </div>
    </section>
  );
}
