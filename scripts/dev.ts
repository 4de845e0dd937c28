/**
 * `npm run dev`: the API (restarted on change by tsx watch) on :3000 and the Vite dev server on
 * :5173, which proxies /api to it. Open http://127.0.0.1:5173.
 */
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.js';

buildIfNeeded();
const children = [
  spawn('npx', ['tsx', 'watch', 'api/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
