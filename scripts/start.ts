/** `npm start`: build what is missing, then run API + web + projections in one process. */
import { buildIfNeeded } from './build-if-needed.js';

buildIfNeeded();
await import('../api/src/main.js');
