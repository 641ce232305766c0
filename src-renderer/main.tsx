// First: zod is switched to jitless before any module builds a schema (see zod-jitless.ts).
import './zod-jitless';
// Second: the client list's first page is read while the rest of the code is evaluated (see first-page-early.ts).
import { firstPage } from './first-page-early';
import './styles/radix-theme.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { createRendererServices } from './app/renderer-services';
import { createAppRouter } from './app/router';
import { whenReadyForFirstRender } from './app/first-render';
import { ServicesProvider } from './context/services-context';
import { windowBridge } from './bridge/companion';
import { markStart } from './start-up/start-marks';

markStart('code-run');

// Built and started while the page's scripts run: error reporting is on, and the desktop inbox listens,
// before anything renders (main sends links that waited for the window right after the load). Every
// background piece starts here, not in a component's effect, and `services.stop()` ends them.
const services = createRendererServices({ companion: windowBridge(), firstPage });
const router = createAppRouter();
services.start({ router });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// The first render waits (briefly) for main to say which practice is shown, so it is not drawn twice.
void whenReadyForFirstRender({ practice: services.stores.practice, hasBridge: services.companion !== null }).then(() =>
  createRoot(container).render(
    <StrictMode>
      <ServicesProvider services={services}>
        <ErrorBoundary>
          <App router={router} />
        </ErrorBoundary>
      </ServicesProvider>
    </StrictMode>,
  ),
);
