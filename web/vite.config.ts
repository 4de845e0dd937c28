import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.CUSP_API_URL ?? 'http://127.0.0.1:3000';

/** R3F's `<Canvas>` registers the whole THREE namespace when it first renders. */
const CANVAS_EXTENDS_ALL = 'React.useMemo(() => extend(THREE), []);';

/**
 * Drops that registration from @react-three/fiber's build, so three tree-shakes: the viewer
 * registers the classes it uses itself (src/viewer/scene/threeCatalogue.ts). Fails the build
 * when the line is not there (a new R3F), rather than silently shipping all of three again.
 */
function r3fCatalogue(): Plugin {
  return {
    name: 'cusp:r3f-catalogue',
    apply: 'build',
    transform(code, id) {
      if (!/@react-three[\\/]fiber[\\/]dist[\\/]react-three-fiber\.esm\.js$/.test(id)) return;
      if (!code.includes(CANVAS_EXTENDS_ALL)) {
        this.error(`@react-three/fiber changed: "${CANVAS_EXTENDS_ALL}" not found in ${id}`);
      }
      return { code: code.replace(CANVAS_EXTENDS_ALL, ''), map: null };
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), r3fCatalogue()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The app runs under `script-src 'self'`: the polyfill would be bundled anyway, but keeping
    // it off guarantees Vite never emits an inline <script> into index.html.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: the server reads it to preload the viewer's chunks on /viewer/…
    // (api/src/routes/viewerPage.ts).
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html' },
      output: {
        // Everything a public link's first frame needs in one chunk that imports nothing
        // (src/viewer/boot/early.ts with its dependencies): the viewer's HTML loads it as an async
        // module script, found in the manifest by this name (api/src/routes/viewerPage.ts), and
        // the app's entry imports it, so it runs once. One request, not a chain of them that
        // queues over HTTP/1.1's six connections (tests/bench/viewer.bench.ts). Keep dynamic
        // imports of modules inside it out of it: their namespace objects would need a runtime
        // chunk, a second request.
        codeSplitting: {
          groups: [
            {
              name: 'first-frame',
              test: /src[\\/]viewer[\\/]boot[\\/](early|firstFrame|projectAnswer|prefetch)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
