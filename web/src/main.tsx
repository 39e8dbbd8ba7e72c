import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initConfig } from './config';
import { App } from './app/App';
import { preloadFirstScreen } from './app/routeChunks';
import { useSession } from './store/session';

// window._CONFIG before the first render: menu urls and the request client read it (nothing reads it at import time)
initConfig();

// The first screen's code (login page, or the main layout with a session) is in before the first render, so it
// renders at once instead of behind a fallback (app/routeChunks.ts); the boot text of index.html shows meanwhile.
void preloadFirstScreen(window.location.pathname, !!useSession.getState().token).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
