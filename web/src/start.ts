/**
 * The entry chunk's first module (main.tsx imports it first): on a public viewer link the
 * project request and the viewer page's code start before the rest of the app is evaluated. It
 * lives beside main.tsx because it joins the viewer and its page, which import neither the other.
 */
import { startViewer } from './viewer/boot/start';

startViewer(() => import('./pages/Viewer/ViewerPage'));
