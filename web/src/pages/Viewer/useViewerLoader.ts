/**
 * Loads what the viewer shows: the project (public link, owner's project, or the demo), the
 * materials, then every model's geometry, updating the viewer store as each one lands.
 */
import { useEffect } from 'react';
import { ApiError } from '../../api/client';
import { fetchMaterials as fetchMaterialTable } from '../../api/materials';
import { projectsApi } from '../../api/projects';
import { publicLinkApi } from '../../api/publicLink';
import { FAILED_TO_LOAD_PROJECT, failedToLoadLayer, layerCannotBeShown } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { useViewerStore, type ViewerMode } from '../../viewer/store/useViewerStore';
import {
  DEMO_MANIFEST_URL,
  demoDelayMs,
  demoProject,
  type DemoAsset,
} from '../../viewer/mesh/demoProject';
import { clearPrefetch, takeProject } from '../../viewer/boot/prefetch';
import { gateOf, useLinkGate } from '../../viewer/link/useLinkGate';
import { recordOpening } from '../../viewer/link/recordOpening';
import { loadModels } from '../../viewer/mesh/loadModels';
import { mergeMaterials } from '../../viewer/mesh/materials';
import {
  accessFor,
  showVersion,
  toViewerProject,
  type ViewerAccess,
  type ViewerProject,
} from '../../viewer/mesh/project';

function modeOf(access: ViewerAccess): ViewerMode {
  return access.kind === 'demo' ? 'demo' : access.kind === 'public' ? 'review' : 'owner';
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(t), { once: true });
  });

async function fetchProject(access: ViewerAccess, signal: AbortSignal): Promise<ViewerProject> {
  if (access.kind === 'demo') {
    await sleep(demoDelayMs(), signal);
    const res = await fetch(DEMO_MANIFEST_URL, { signal });
    if (!res.ok) throw new ApiError(res.status);
    return demoProject((await res.json()) as DemoAsset[]);
  }
  if (access.kind === 'public') {
    // Requested by the entry chunk before the viewer's code arrived (viewer/boot/prefetch.ts).
    const early = takeProject(access.token);
    if (early) {
      const answer = await early;
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (answer.ok) return toViewerProject(answer.body, access);
      // A PIN or a closed link: asked again below, where the answer's code is read.
      if (answer.status !== 401 && answer.status !== 410) throw new ApiError(answer.status);
    }
  }
  const raw =
    access.kind === 'public'
      ? await publicLinkApi.get(access.token, signal)
      : await projectsApi.get(access.id, signal);
  return toViewerProject(raw, access);
}

async function fetchMaterials(signal: AbortSignal): Promise<void> {
  try {
    const remote = await fetchMaterialTable(signal);
    useViewerStore.getState().setMaterials(mergeMaterials(remote));
  } catch (err) {
    // Material load failures are only logged.
    if (!signal.aborted) console.warn('materials could not be loaded', err);
  }
}

/** `version`: the version to show (`?v=` in the address); null or unknown shows the latest. */
export function useViewerLoader(routeId: string, version: number | null = null): void {
  // A successful unlock bumps it: the viewer loads again, now with the grant cookie.
  const attempt = useLinkGate((s) => s.attempt);
  useEffect(() => {
    useLinkGate.getState().setGate(null);
    const access = accessFor(routeId);
    const controller = new AbortController();
    const { signal } = controller;
    const store = useViewerStore.getState();
    store.start(modeOf(access));
    if (access.kind !== 'demo') void fetchMaterials(signal);

    void (async () => {
      let project: ViewerProject;
      try {
        project = await fetchProject(access, signal);
      } catch (err) {
        if (signal.aborted) return;
        const status = err instanceof ApiError ? err.status : 0;
        const gate =
          access.kind === 'public' && err instanceof ApiError ? gateOf(status, err.code) : null;
        if (gate) {
          useLinkGate.getState().setGate(gate);
          useViewerStore.getState().setNotFound();
          return;
        }
        if (status !== 404 && status !== 410) toast.error(FAILED_TO_LOAD_PROJECT);
        useViewerStore.getState().setNotFound();
        return;
      }
      if (signal.aborted) return;
      project = showVersion(project, version);
      useViewerStore.getState().setProject(project);
      if (access.kind === 'public') recordOpening(access.token);
      const headers: Record<string, string> = {};
      if (access.kind === 'owner') {
        const token = localStorage.getItem('token');
        if (token) headers.Authorization = `Bearer ${token}`;
      }
      await loadModels(
        project.models.map((m) => ({
          id: m.id,
          name: m.originalName,
          urls: [m.viewUrl, m.fileUrl].filter((u): u is string => !!u),
          ...(m.coarseUrl ? { coarseUrl: m.coarseUrl } : {}),
        })),
        {
          onLoaded: (id, mesh) => {
            if (signal.aborted) mesh.geometry.dispose();
            else useViewerStore.getState().addMesh(id, mesh);
          },
          onCoarse: (id, mesh) => {
            if (signal.aborted) mesh.geometry.dispose();
            else useViewerStore.getState().addMesh(id, mesh);
          },
          onFailed: (id, name, error) => {
            if (signal.aborted) return;
            const unviewable = project.models.find((m) => m.id === id)?.viewUnavailable;
            if (!unviewable) console.warn('model failed to load', { id, error });
            toast.error(unviewable ? layerCannotBeShown(name) : failedToLoadLayer(name));
            useViewerStore.getState().modelFailed(id);
          },
        },
        { signal, headers },
      );
    })();

    return () => {
      controller.abort();
      clearPrefetch();
      useViewerStore.getState().reset();
    };
  }, [routeId, version, attempt]);
}
