import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { launchPersistentChromium } from '../../e2e/support/chromium';
import type { RendererBenchProbe } from './probe';

/**
 * Chromium's own trace of a cold start, the same categories the Performance panel records, so the file
 * opens there ("Load profile…") and the summary below says where the time went without opening it.
 */
const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.compile',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

/** Starts tracing on the page's target; the returned function ends it and hands back every event. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

export function writeTrace(file: string, events: readonly TraceEvent[]): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
}

/** Milliseconds of one kind of work on the page's main thread, between navigation and the mark. */
export interface StartBreakdown {
  /** Navigation start → the first list paint (the span summarised). */
  totalMs: number;
  /** Main-thread busy time by kind (top-level slices only, so nothing is counted twice). */
  mainThreadMs: Record<string, number>;
  /** Main thread idle in that span: waiting for the network, IndexedDB, the bridge or a timer. */
  idleMs: number;
  /** Each script or stylesheet fetched: when its request started and ended, from navigation start. */
  resources: { url: string; startMs: number; endMs: number; kB: number }[];
  /** The app's own `performance.mark`s (start-up milestones), from navigation start. */
  marks: Record<string, number>;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The kinds of work a main-thread task is split into, by the trace events that do it. */
const KINDS: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  'v8.compile': 'compile scripts',
  'v8.compileModule': 'compile scripts',
  'V8.CompileCode': 'compile scripts',
  'v8.produceModuleCache': 'compile scripts',
  EvaluateScript: 'evaluate scripts',
  'v8.evaluateModule': 'evaluate scripts',
  FunctionCall: 'JS callbacks',
  'v8.callFunction': 'JS callbacks',
  FireIdleCallback: 'JS callbacks',
  BlinkScheduler_PerformMicrotaskCheckpoint: 'JS callbacks',
  RunMicrotasks: 'JS callbacks',
  TimerFire: 'JS callbacks',
  EventDispatch: 'JS callbacks',
  FireAnimationFrame: 'JS callbacks',
  UpdateLayoutTree: 'style recalculation',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MajorGC: 'garbage collection',
  MinorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'V8.GC_MARK_COMPACTOR': 'garbage collection',
};

/** What is left of a task once its known events are counted: the browser's own work (IPC, module linking …). */
const OTHER = 'other browser work';

/** App URL's resources: scripts, stylesheets and fonts of the page's own origin. */
const isOwnResource = (url: string, appUrl: string) =>
  url.startsWith(new URL(appUrl).origin) && /\.(js|css|woff2?)(\?|$)/.test(url);

/**
 * The start-up breakdown: the page's renderer main thread (the thread that parsed the app's HTML), its
 * top-level tasks from the navigation to the app until `untilMs` after it, each split by the outermost
 * known events inside it (what is left of a task is the browser's own work).
 */
export function summariseStartTrace(events: readonly TraceEvent[], appUrl: string, untilMs: number): StartBreakdown {
  const parse = events.find(
    (e) =>
      e.name === 'ParseHTML' && String((e.args?.['beginData'] as { url?: string } | undefined)?.url).startsWith(appUrl),
  );
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && String(e.args?.data?.['documentLoaderURL']).startsWith(appUrl))
    .at(-1);
  if (!parse || !navigation) throw new Error('The trace has no navigation to the app.');
  const origin = navigation.ts;
  const end = origin + untilMs * 1000;
  const onMain = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const mainThreadMs: Record<string, number> = {};
  const add = (kind: string, from: number, to: number) => {
    const ms = (Math.min(to, end) - Math.max(from, origin)) / 1000;
    if (ms > 0) mainThreadMs[kind] = (mainThreadMs[kind] ?? 0) + ms;
  };
  let busy = 0;
  let taskEnd = -Infinity;
  let kindEnd = -Infinity;
  let taskKnown = 0;
  let task: TraceEvent | null = null;
  const closeTask = () => {
    if (task) mainThreadMs[OTHER] = (mainThreadMs[OTHER] ?? 0) + Math.max(0, task.dur! - taskKnown) / 1000;
  };
  for (const e of onMain) {
    if (e.ts + e.dur! <= origin || e.ts >= end) continue;
    if (e.name === 'RunTask' && e.ts >= taskEnd) {
      closeTask();
      task = e;
      taskEnd = e.ts + e.dur!;
      taskKnown = 0;
      busy += (Math.min(taskEnd, end) - Math.max(e.ts, origin)) / 1000;
      continue;
    }
    const kind = KINDS[e.name];
    if (!kind || e.ts < kindEnd || e.ts >= taskEnd) continue;
    kindEnd = e.ts + e.dur!;
    taskKnown += e.dur!;
    add(kind, e.ts, kindEnd);
  }
  closeTask();
  for (const kind of Object.keys(mainThreadMs)) mainThreadMs[kind] = round(mainThreadMs[kind]!);

  const sent = new Map<string, { url: string; ts: number }>();
  const resources: StartBreakdown['resources'] = [];
  for (const e of events) {
    const data = e.args?.data as { requestId?: string; url?: string; encodedDataLength?: number } | undefined;
    if (!data?.requestId) continue;
    if (e.name === 'ResourceSendRequest' && data.url && isOwnResource(data.url, appUrl) && e.ts >= origin)
      sent.set(data.requestId, { url: data.url, ts: e.ts });
    const start = sent.get(data.requestId);
    if (e.name === 'ResourceFinish' && start)
      resources.push({
        url: new URL(start.url).pathname,
        startMs: round((start.ts - origin) / 1000),
        endMs: round((e.ts - origin) / 1000),
        kB: round((data.encodedDataLength ?? 0) / 1024),
      });
  }
  // The app's own marks, and the browser's paint milestones.
  const marks: Record<string, number> = {};
  for (const e of events) {
    if (e.ts < origin || e.name in marks) continue;
    const own = e.cat.includes('blink.user_timing') && e.name.startsWith('start:');
    const paint = e.cat.includes('loading') && (e.name === 'firstPaint' || e.name === 'firstContentfulPaint');
    if (own || (paint && e.pid === parse.pid)) marks[e.name] = round((e.ts - origin) / 1000);
  }
  return { totalMs: round(untilMs), mainThreadMs, idleMs: round(untilMs - busy), resources, marks };
}

/**
 * One more cold start, as `coldStart` runs it, with Chromium tracing on from before the navigation to the
 * first list paint: the trace is written to `file` (opens in DevTools' Performance panel) and summarised.
 */
export async function traceColdStart(
  userDataDir: string,
  url: string,
  probeSource: string,
  file: string | null,
): Promise<StartBreakdown> {
  const context = await launchPersistentChromium(userDataDir);
  try {
    await context.addInitScript({ content: probeSource });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const stop = await startTrace(cdp);
    let paintMs: number;
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      paintMs = await page.evaluate(() =>
        (globalThis as unknown as { __rendererProbe: RendererBenchProbe }).__rendererProbe.firstRowPaint(),
      );
      // The frames just after the paint, so the trace shows it whole.
      await page.waitForTimeout(200);
    } catch (error) {
      await stop();
      throw error;
    }
    const events = await stop();
    if (file) writeTrace(file, events);
    return summariseStartTrace(events, url, paintMs);
  } finally {
    await context.close();
  }
}
