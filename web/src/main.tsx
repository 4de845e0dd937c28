// First: on a public viewer link, requests start before the rest of the app is evaluated.
import './start';
import { releaseFirstFrame } from './viewer/boot/firstFrame';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './routes/router';
import { useSessionStore } from './stores/useSessionStore';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/pages.css';

useSessionStore.getState().init();
const router = createAppRouter();
// The early script's first frame belongs to the viewer: gone if the app goes elsewhere or fails.
router.subscribe((state) => {
  if (state.errors || !state.location.pathname.startsWith('/viewer/')) releaseFirstFrame();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
