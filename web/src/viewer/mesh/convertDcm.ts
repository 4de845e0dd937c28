import { MeshWorkerClient } from './meshWorkerClient';

let client: MeshWorkerClient | undefined;

/**
 * DCM → binary STL (80-byte header) in the shared mesh Web Worker, so no patient file leaves the
 * machine unconverted. Rejects with the module's typed, human message.
 */
export async function convertDcm(file: File): Promise<Uint8Array> {
  client ??= new MeshWorkerClient();
  const { stl } = await client.convertDcm(file);
  return stl;
}
