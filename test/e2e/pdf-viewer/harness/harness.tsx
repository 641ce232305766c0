/**
 * Test-only page (never part of the app): mounts the real PdfViewer, with the app's styles, under the
 * production CSP, and lets a test hand it bytes through `window.__pdfHarness`. Built by
 * test/e2e/support/pdf-harness.ts with the same Vite plugins as the renderer.
 */
import '@radix-ui/themes/styles.css';
import '../../../../src-renderer/styles/app.css';
import './harness.css';
import { Text, Theme } from '@radix-ui/themes';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import {
  PdfViewer,
  PdfWorkerProvider,
  createPdfWorkerHolder,
  type PdfProblem,
} from '../../../../src-renderer/pdf-viewer';
import { warmUpPdfViewer } from '../../../../src-renderer/pdf-viewer/lazy';

interface Opened {
  id: number;
  bytes: Uint8Array;
  title: string;
  initialPage: number;
}

export interface HarnessEvent {
  id: number;
  /** The viewer's own figure: bytes received → first page painted. */
  viewerMs?: number;
  /** open() called → first page painted (what the benchmark reports). */
  openMs?: number;
  problem?: PdfProblem['kind'];
}

let state: { opened: Opened | null; pings: number } = { opened: null, pings: 0 };
const listeners = new Set<() => void>();
const set = (next: Partial<typeof state>): void => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const events: HarnessEvent[] = [];
const openedAt = new Map<number, number>();
let nextId = 1;
/** The page's one pdf.js worker, as the app's composition root builds it. */
const pdfWorker = createPdfWorkerHolder();

function decode(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const harness = {
  /** Shows the file (bytes as base64) in the viewer; returns an id for its events. Timing starts here. */
  open(base64: string, title: string, initialPage = 1): number {
    const bytes = decode(base64);
    const id = nextId++;
    openedAt.set(id, performance.now());
    set({ opened: { id, bytes, title, initialPage } });
    return id;
  },
  /** Unmounts the viewer. */
  close(): void {
    set({ opened: null });
  },
  /** Re-renders the page's React tree: the test waits for the new count to prove it is alive. */
  ping(): number {
    set({ pings: state.pings + 1 });
    return state.pings;
  },
  events: (): HarnessEvent[] => events.slice(),
  /** The app's own warm-up (as its composition root runs it when idle); resolves with ms taken, or -1 if it failed. */
  async warmUp(): Promise<number> {
    const started = performance.now();
    return (await warmUpPdfViewer(pdfWorker)) ? performance.now() - started : -1;
  },
};
export type PdfHarness = typeof harness;
(window as unknown as { __pdfHarness: PdfHarness }).__pdfHarness = harness;

function HarnessPage() {
  const { opened, pings } = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return (
    <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
      <div className="pdf-harness">
        <Text as="p" size="1" data-testid="harness-alive">
          alive {pings}
        </Text>
        <div className="pdf-harness__viewer">
          {opened ? (
            <PdfViewer
              key="viewer"
              bytes={opened.bytes}
              title={opened.title}
              initialPage={opened.initialPage}
              onFirstPagePainted={(ms) => {
                const start = openedAt.get(opened.id);
                events.push({
                  id: opened.id,
                  viewerMs: ms,
                  ...(start !== undefined ? { openMs: performance.now() - start } : {}),
                });
              }}
              onProblem={(problem) => events.push({ id: opened.id, problem: problem.kind })}
            />
          ) : null}
        </div>
      </div>
    </Theme>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The harness page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <PdfWorkerProvider holder={pdfWorker}>
      <HarnessPage />
    </PdfWorkerProvider>
  </StrictMode>,
);
