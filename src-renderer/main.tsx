// First: the contract's zod schemas are built while later imports load (see zod-jitless.ts).
import './zod-jitless';
import '@radix-ui/themes/styles.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { installErrorReporting } from './app/error-reporting';

installErrorReporting(window.companion ?? null);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
