import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.CUSP_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react()],
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
      input: { index: 'index.html', early: 'src/viewer/boot/early.ts' },
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
