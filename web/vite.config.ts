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
    // (api/src/http/viewerPage.ts).
    manifest: true,
    rollupOptions: {
      // A second entry: the viewer's HTML loads it as an async module script to start the decode
      // worker before the app's code arrives (src/viewer/boot/early.ts); the app imports it too.
      input: { index: 'index.html' },
      output: {
        // Everything the early entry needs for a public link's first frame in one chunk (with
        // their dependencies): one request beside the entry instead of a handful, which over
        // HTTP/1.1's six connections queue behind the app's code (tests/bench/viewer.bench.ts).
        codeSplitting: {
          groups: [
            {
              name: 'first-frame',
              test: /src[\\/]viewer[\\/]boot[\\/](early|firstFrame|projectAnswer|prefetch)\.ts$|rolldown[\\/]runtime/,
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
