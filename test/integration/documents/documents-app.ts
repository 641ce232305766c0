import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices, type MainServices } from '../../../src-main/compose';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { storedNameFor } from '../../../src-main/documents/document-crypto';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { registryCaller } from '../../support/registry-caller';

/** What the running tests started, stopped by `stopDocumentsApps` in afterEach. */
const running: { services: MainServices[]; demos: DemoPractice[] } = { services: [], demos: [] };

export async function stopDocumentsApps(): Promise<void> {
  for (const services of running.services.splice(0)) await services.dispose();
  for (const demo of running.demos.splice(0)) await demo.close();
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
const isDocumentRequest = (url: string): boolean => /\/pdf$|\/certificate$/.test(new URL(url).pathname);

export interface StartOptions {
  capBytes?: number;
  openPathAnswer?: string;
  /** A restart: the data folder (settings, cache) of an earlier start. The new demo practice has the same keys. */
  dataDir?: string;
  /** Default: Node's session cipher (secure, key in memory). */
  cipher?: Cipher;
  /** The save dialog's answer for "Save a copy" (absent: as in the preview, no dialog). */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Called with each request main is about to send, before it leaves (a test may cancel the call here). */
  beforeRequest?: (url: string) => void | Promise<void>;
  /** Answers a request in place of the network (a storage host that redirects, a practice that lies); undefined: the network answers. */
  intercept?: (url: string, init: RequestInit | undefined) => Promise<Response | undefined> | Response | undefined;
}

/**
 * Main composed with Node pieces against a demo practice on 127.0.0.1, reached through the real
 * registry (so every answer is also checked against the contract). Every request main makes is counted
 * by a fetch wrapper; the network switch below it fails requests the way a dropped connection does.
 */
export async function startDocumentsApp(options: StartOptions = {}) {
  const demo = await createDemoPractice({});
  running.demos.push(demo);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'documents-'));
  const network = createNetworkSwitch(fetch);
  const requests: string[] = [];
  /** While set, document downloads wait for it before reaching the server. */
  let hold: Promise<void> | null = null;
  const countingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(url);
    await options.beforeRequest?.(url);
    if (hold && isDocumentRequest(url)) await hold;
    const instead = await options.intercept?.(url, init);
    if (instead) return instead;
    return network.fetch(input, init);
  };
  const opened: { path: string; sha256: string | null }[] = [];
  let t = Date.parse('2025-03-01T09:00:00.000Z');
  const services = createMainServices({
    ...nodeMainDeps({ dataDir, network }),
    ...(options.cipher ? { cipher: options.cipher } : {}),
    fetch: countingFetch,
    // One second per reading, so "least recently used" is never a tie.
    clock: { now: () => new Date((t += 1000)) },
    startDemo: async () => demo,
    // The recorder: what the OS would have been asked to open, and what the file held at that moment.
    openPath: async (path) => {
      opened.push({ path, sha256: existsSync(path) ? sha256(readFileSync(path)) : null });
      return options.openPathAnswer ?? '';
    },
    ...(options.capBytes !== undefined ? { documentCacheCapBytes: options.capBytes } : {}),
    ...(options.chooseSavePath ? { chooseSavePath: options.chooseSavePath } : {}),
  });
  running.services.push(services);
  const call = registryCaller(services.handlers);
  const { practice } = await call('practice.connectDemo');
  const practiceKey = practice.practiceKey as string;
  const state = demo.runtime.practices[0]!;
  const documentsDir = join(dataDir, 'cache', 'practices', practiceKey, 'documents');
  const bills = [...state.bills.values()].filter((b) => b.statusName !== 'Draft');
  const documentRequests = () => requests.filter(isDocumentRequest);
  const goOffline = async () => {
    network.setOnline(false);
    await services.connectivity.check();
  };
  const holdDownloads = () => {
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    return () => {
      hold = null;
      release();
    };
  };
  /** The sealed file of a document, named by main with the practice's key (it must have one by now). */
  const fileOf = async (ref: DocumentRef): Promise<string> => {
    const key = await services.documentCaches.keys.get(practiceKey);
    if (!key) throw new Error('The practice has no document key yet.');
    return join(documentsDir, storedNameFor(key, ref));
  };
  return {
    ...{ call, services, demo, practiceKey, state, bills, documentsDir, dataDir },
    ...{ requests, documentRequests, opened, network, goOffline, holdDownloads, fileOf },
  };
}
export type DocumentsApp = Awaited<ReturnType<typeof startDocumentsApp>>;

export const billRef = (bill: DocumentsApp['bills'][number]): DocumentRef => ({
  kind: 'bill',
  id: String(bill.billingId),
});

export const openBill = (app: DocumentsApp, bill: DocumentsApp['bills'][number]) =>
  app.call('documents.open', { practiceKey: app.practiceKey, ref: billRef(bill), entityKey: bill.entityKey });

/** Flips one byte in the middle of a file. */
export function corrupt(file: string): void {
  const bytes = readFileSync(file);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = bytes[middle]! ^ 0xff;
  writeFileSync(file, bytes);
}
