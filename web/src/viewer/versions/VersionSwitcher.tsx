import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { versionLabel, versionOption } from '../../components/versions/versionText';
import type { ViewerProject } from '../mesh/project';
import '../../ui/field.css';

/**
 * v1 … vn with date and note; the viewer opens the latest. Picking a version puts `?v=n` in the
 * address (the loader shows that version's models); the latest drops it.
 */
export function VersionSwitcher({ project }: { project: ViewerProject }) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const shown = project.versions.find((v) => v.n === project.shownVersion);
  const old = project.shownVersion < project.latestVersion;
  return (
    <div className="vversions" data-testid="version-switcher">
      <label className="field__label" htmlFor={id}>
        Version
      </label>
      <select
        id={id}
        className="field__input"
        value={project.shownVersion}
        onChange={(e) => {
          const n = Number(e.target.value);
          const next = new URLSearchParams(params);
          if (n === project.latestVersion) next.delete('v');
          else next.set('v', String(n));
          setParams(next);
        }}
      >
        {[...project.versions].reverse().map((v) => (
          <option key={v.n} value={v.n}>
            {versionOption(v)}
            {v.n === project.latestVersion ? ' (latest)' : ''}
          </option>
        ))}
      </select>
      {shown?.note ? (
        <p className="vversions__note" data-testid="version-note">
          {versionLabel(shown.n)}: {shown.note}
        </p>
      ) : null}
      {old ? (
        <p className="vversions__note" role="status" data-testid="version-old">
          You are looking at {versionLabel(project.shownVersion)}; the latest is{' '}
          {versionLabel(project.latestVersion)}.
        </p>
      ) : null}
    </div>
  );
}
