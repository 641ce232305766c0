/**
 * Runs inside the app's page from document start (an init script, no imports, so it costs the cold
 * start almost nothing). Times are performance.now(): milliseconds since navigation start.
 *
 * "Painted" is taken as the first task after the next frame: a message posted from
 * requestAnimationFrame is delivered once that frame's style, layout and paint have run.
 */
function afterNextPaint(callback: (at: number) => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(null);
  });
}

interface Keystroke {
  start: number;
  /** The last change to the client list this keystroke caused (React's commit), before any frame. */
  lastChange: number;
  lastPaint: number;
  mutations: number;
}

const state = {
  firstRowDomMs: null as number | null,
  firstRowPaintMs: null as number | null,
  keystroke: null as Keystroke | null,
  lastActivity: 0,
};

let firstRowPainted: (at: number) => void = () => undefined;
/** Resolves with the first row's paint: awaited over the protocol, so nothing polls the page while it starts. */
const firstRowPaint = new Promise<number>((resolve) => (firstRowPainted = resolve));

// Cold start: the first client row in the DOM — or, with no clients stored, the list's empty state, or the
// benchmark's one-line reference page — then the frame that shows it.
const rows = new MutationObserver(() => {
  if (
    state.firstRowDomMs !== null ||
    !document.querySelector('[data-testid="client-row"], [data-testid="client-list-empty"], [data-bench-floor]')
  )
    return;
  state.firstRowDomMs = performance.now();
  rows.disconnect();
  afterNextPaint((at) => firstRowPainted((state.firstRowPaintMs = at)));
});
rows.observe(document, { childList: true, subtree: true });

const inClientList = (node: Node): boolean =>
  (node instanceof Element ? node : node.parentElement)?.closest('.client-list') != null;

function notePaint(keystroke: Keystroke): void {
  afterNextPaint((at) => {
    keystroke.lastPaint = Math.max(keystroke.lastPaint, at);
    state.lastActivity = at;
  });
}

const probe = {
  state,
  firstRowPaint: () => firstRowPaint,
  /**
   * Search latency: from the input event of the search box to the frame painted after the last change
   * the keystroke caused inside the client list (count and rows). A keystroke whose result looks the
   * same ends at the frame after the input itself. Installed on demand, so cold start is not observed.
   */
  watchKeystrokes(): void {
    window.addEventListener(
      'input',
      (event) => {
        if (!(event.target instanceof HTMLInputElement) || event.target.getAttribute('aria-label') !== 'Search clients')
          return;
        const keystroke: Keystroke = { start: performance.now(), lastChange: 0, lastPaint: 0, mutations: 0 };
        state.keystroke = keystroke;
        state.lastActivity = keystroke.start;
        notePaint(keystroke);
      },
      true,
    );
    new MutationObserver((records) => {
      const keystroke = state.keystroke;
      if (!keystroke || !records.some((record) => inClientList(record.target))) return;
      keystroke.mutations++;
      keystroke.lastChange = state.lastActivity = performance.now();
      notePaint(keystroke);
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  },
  /** Milliseconds since the last input, list change or paint caused by a keystroke. */
  quietForMs: (): number => performance.now() - state.lastActivity,
  takeKeystroke(): { ms: number; domMs: number; mutations: number; count: string } | null {
    const keystroke = state.keystroke;
    state.keystroke = null;
    if (!keystroke || keystroke.lastPaint === 0) return null;
    const count = document.querySelector('[data-testid="client-count"]')?.textContent ?? '';
    const domMs = keystroke.mutations > 0 ? keystroke.lastChange - keystroke.start : 0;
    return { ms: keystroke.lastPaint - keystroke.start, domMs, mutations: keystroke.mutations, count };
  },
};
export type RendererBenchProbe = typeof probe;

(globalThis as { __rendererProbe?: RendererBenchProbe }).__rendererProbe = probe;
