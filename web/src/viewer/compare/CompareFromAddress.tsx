import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  VIEWER_COMPARE_PARAM,
  VIEWER_VERSION_PARAM,
} from '../../../../api/src/contract/viewerAddress';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { modelHeaders, openSideBySide } from './openSideBySide';

/** The older version `?compare=` asks for, or null when it names none the shown one follows. */
export function comparedVersion(
  raw: string | null,
  project: { shownVersion: number; versions: readonly { n: number }[] },
): number | null {
  if (raw === null || !/^[1-9][0-9]{0,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n < project.shownVersion && project.versions.some((v) => v.n === n) ? n : null;
}

/**
 * Whether the project in the store is the one the address asks for (`?v=`, else the latest): right
 * after the address changes, the store still holds the previous load until the loader starts over.
 */
function showsAskedVersion(
  asked: string | null,
  project: { shownVersion: number; latestVersion: number; versions: readonly { n: number }[] },
): boolean {
  const n = Number(asked);
  const wanted = project.versions.some((v) => v.n === n) ? n : project.latestVersion;
  return project.shownVersion === wanted;
}

/**
 * `?compare=n` (the doctors' mail of a new version links to it): once the shown version's models
 * are in at full detail, it opens side by side with version n, then leaves the address (so
 * switching versions later does not compare again). Loaded only for an address that asks.
 */
export default function CompareFromAddress() {
  const [params, setParams] = useSearchParams();
  const { project, meshes, mode, settled } = useViewerStore(
    useShallow((s) => ({
      project: s.project,
      meshes: s.fullMeshes,
      mode: s.mode,
      settled: s.phase === 'ready' && !isRefining(s),
    })),
  );
  const raw = params.get(VIEWER_COMPARE_PARAM);
  const asked = params.get(VIEWER_VERSION_PARAM);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || raw === null || !project || !settled) return;
    if (!showsAskedVersion(asked, project)) return;
    done.current = true;
    const against = comparedVersion(raw, project);
    if (against !== null) void openSideBySide(project, meshes, against, modelHeaders(mode));
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(VIEWER_COMPARE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [raw, asked, project, settled, meshes, mode, setParams]);
  return null;
}
