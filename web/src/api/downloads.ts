import { apiFile } from './client';
import { apiUrl, paths } from './paths';

/** Hands a file to the browser's downloads under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The files as the lab uploaded them. The owner's calls carry the bearer token, which a plain
 * link cannot: the file is fetched, then saved under the name the server gives. A doctor's are
 * plain links (the PIN's grant cookie goes with them), so the browser streams them to disk.
 */
export const downloadsApi = {
  /** One model's file as uploaded (owner, admin). */
  ownerFile: async (projectId: string, modelId: string, fallbackName: string) => {
    const { blob, name } = await apiFile(paths.ownerUploadedFile(projectId, modelId));
    saveFile(blob, name ?? fallbackName);
  },
  /** A version's files as uploaded, as one zip with their SHA256SUMS (owner, admin). */
  ownerVersionZip: async (projectId: string, version: number, fallbackName: string) => {
    const { blob, name } = await apiFile(paths.ownerVersionZip(projectId, version));
    saveFile(blob, name ?? fallbackName);
  },
  publicFileUrl: (token: string, modelId: string) =>
    apiUrl(paths.publicUploadedFile(token, modelId)),
  publicVersionZipUrl: (token: string, version: number) =>
    apiUrl(paths.publicVersionZip(token, version)),
};
