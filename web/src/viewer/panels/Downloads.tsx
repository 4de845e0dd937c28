import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { downloadsApi } from '../../api/downloads';
import { DOWNLOAD_FAILED } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useViewerStore } from '../store/useViewerStore';

/**
 * Who may download here, and how: the owner (bearer token, so the file is fetched and then
 * saved), a doctor whose link allows it (plain links: the grant cookie goes with them), nobody in
 * the demo or on a link that does not allow it.
 */
function useDownloadAccess():
  { kind: 'owner'; projectId: string } | { kind: 'link'; token: string } | null {
  const { mode, projectId, token, allowed } = useViewerStore(
    useShallow((s) => ({
      mode: s.mode,
      projectId: s.project?.id,
      token: s.project?.publicToken,
      allowed: s.project?.downloadsAllowed === true,
    })),
  );
  if (mode === 'owner' && projectId) return { kind: 'owner', projectId };
  if (mode === 'review' && allowed && token) return { kind: 'link', token };
  return null;
}

/** An owner's download in flight: the control waits, a failure is said. */
function useOwnerDownload() {
  const [busy, setBusy] = useState(false);
  const run = async (download: () => Promise<void>) => {
    setBusy(true);
    try {
      await download();
    } catch {
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A layer's file as uploaded, beside its visibility switch. */
export function LayerDownload({ modelId, name }: { modelId: string; name: string }) {
  const access = useDownloadAccess();
  const { busy, run } = useOwnerDownload();
  if (!access) return null;
  const label = `Download ${name}`;
  if (access.kind === 'link') {
    return (
      <a
        className="vl-eye"
        href={downloadsApi.publicFileUrl(access.token, modelId)}
        download
        aria-label={label}
        title="Download the file as uploaded"
        data-testid="layer-download"
      >
        <Icon name="download" size="sm" />
      </a>
    );
  }
  return (
    <button
      type="button"
      className="vl-eye"
      aria-label={label}
      title="Download the file as uploaded"
      disabled={busy}
      aria-busy={busy}
      data-testid="layer-download"
      onClick={() => void run(() => downloadsApi.ownerFile(access.projectId, modelId, name))}
    >
      <Icon name="download" size="sm" />
    </button>
  );
}

/** Every file of the version shown, as uploaded, in one zip with their SHA256SUMS. */
export function VersionDownload() {
  const access = useDownloadAccess();
  const { busy, run } = useOwnerDownload();
  const { version, projectName } = useViewerStore(
    useShallow((s) => ({ version: s.project?.shownVersion ?? 1, projectName: s.project?.name })),
  );
  if (!access) return null;
  const text = `Download version (zip)`;
  const hint = (
    <p className="vl-downloads__hint" id="version-download-hint">
      Version {version}, every file exactly as uploaded, with a SHA256SUMS to check them.
    </p>
  );
  return (
    <div className="vl-downloads" data-testid="version-download">
      {access.kind === 'link' ? (
        <a
          className={buttonClass('secondary', 'sm')}
          href={downloadsApi.publicVersionZipUrl(access.token, version)}
          download
          aria-describedby="version-download-hint"
        >
          <Icon name="download" />
          {text}
        </a>
      ) : (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={busy}
          aria-busy={busy}
          aria-describedby="version-download-hint"
          onClick={() =>
            void run(() =>
              downloadsApi.ownerVersionZip(
                access.projectId,
                version,
                `${projectName ?? 'project'} v${version}.zip`,
              ),
            )
          }
        >
          <Icon name="download" />
          {busy ? 'Preparing the zip…' : text}
        </button>
      )}
      {hint}
    </div>
  );
}
