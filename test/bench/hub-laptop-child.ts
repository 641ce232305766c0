/**
 * One laptop of the hub benchmark, in a process of its own (its own fake IndexedDB and event loop, as a laptop
 * has its own machine): main composed with Node pieces and the renderer's real ingest into Dexie.
 *
 * - `HUB_BENCH_MODE=hub`: connects to HUB_URL with ENROLMENT_CODE, prints `{"ready":true}`, waits for a line
 *   on stdin, then syncs everything the hub serves and prints what it stored and how long it took. With
 *   FIXTURE_OUT it also writes every page it received there (the next mode's fixture).
 * - `HUB_BENCH_MODE=fixture`: ingests the pages in FIXTURE_IN into a fresh database, no network, and prints
 *   how long the ingest alone took.
 */
import 'fake-indexeddb/auto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { SyncPageEvent } from '../../src-preload/contract/practice';
import { ingestPage } from '../../src-renderer/sync/ingest';
import { practiceDb } from '../support/practice-db';
import { startNodeApp } from '../support/node-companion';
import { syncIntoDexie } from '../support/sync-into-dexie';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function stored(practiceKey: string) {
  const db = practiceDb(practiceKey);
  try {
    return { clients: await db.entities.count(), contacts: await db.contacts.count() };
  } finally {
    db.close();
  }
}

async function throughHub(): Promise<void> {
  const hubUrl = env('HUB_URL');
  /** Every request main sent anywhere but the hub (the Partner API included): the figure must stay 0. */
  let elsewhere = 0;
  let toHub = 0;
  /** ms from sending each request to the hub to its answer's headers (the hub's query and queueing). */
  const hubAnswerMs: number[] = [];
  const app = await startNodeApp({
    wrapFetch: (fetch) => (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(`${hubUrl}/`)) {
        elsewhere += 1;
        return fetch(input, init);
      }
      toHub += 1;
      const sent = performance.now();
      return fetch(input, init).then((response) => {
        hubAnswerMs.push(performance.now() - sent);
        return response;
      });
    },
  });
  const connected = await app.companion.practice.connectHub({
    hubUrl,
    enrolmentCode: env('ENROLMENT_CODE'),
    remember: false,
    acceptWeakStorage: false,
  });
  if (!connected.ok) throw new Error(connected.message);
  const { practiceKey } = connected.practice;
  const pages: SyncPageEvent[] = [];
  const keepPages = process.env['FIXTURE_OUT'];
  if (keepPages) app.companion.on('sync.page', (page) => void pages.push(structuredClone(page)));
  const requestsBefore = toHub;
  const answersBefore = hubAnswerMs.length;
  say({ ready: true });
  await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));

  const started = performance.now();
  // What the hub does not serve yet (billing windows, reports) fails by name; the lists arrive.
  const failed = await syncIntoDexie(app.companion, practiceKey).then(
    () => '',
    (error: unknown) => String(error),
  );
  const seconds = (performance.now() - started) / 1000;
  if (keepPages) writeFileSync(keepPages, JSON.stringify({ practiceKey, pages }));
  say({
    done: true,
    seconds,
    ...(await stored(practiceKey)),
    hubRequests: toHub - requestsBefore,
    hubAnswerMs: hubAnswerMs.slice(answersBefore),
    elsewhere,
    failed,
  });
  await app.close();
}

async function fromFixture(): Promise<void> {
  const { practiceKey, pages } = JSON.parse(readFileSync(env('FIXTURE_IN'), 'utf8')) as {
    practiceKey: string;
    pages: SyncPageEvent[];
  };
  const db = practiceDb(practiceKey);
  const started = performance.now();
  for (const page of pages) await ingestPage(db, page);
  const seconds = (performance.now() - started) / 1000;
  db.close();
  const records = pages.reduce((n, page) => n + page.records.length, 0);
  say({ done: true, seconds, records, pages: pages.length, ...(await stored(practiceKey)) });
}

const mode = env('HUB_BENCH_MODE');
await (mode === 'fixture' ? fromFixture() : throughHub());
process.exit(0);
