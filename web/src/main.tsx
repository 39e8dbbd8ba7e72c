import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initConfig } from './config';
import { App } from './app/App';

// window._CONFIG before the first render: menu urls and the request client read it (nothing reads it at import time)
initConfig();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
