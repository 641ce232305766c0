import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import type {
  DocumentFetchResult,
  DocumentListResult,
  DocumentMeta,
  DocumentOpenResult,
  DocumentRef,
  documentFetchInputSchema,
  documentOpenInputSchema,
  documentShowInputSchema,
  documentShowResultSchema,
} from '../../src-preload/contract/documents';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import type { DocumentSaveCopyResult, documentSaveCopyInputSchema } from '../../src-preload/contract/document-copy';
import { DocumentCacheError, type DocumentCache } from './document-cache';
import type { DocumentCaches } from './document-caches';
import { ENCRYPTION_ALGORITHM } from './document-crypto';
import { canonicalRef, fileNameFor, kindWords, refKey } from './document-names';
import { failed, notConnected, offline, problemFor, type DocumentFailure } from './document-problems';
import { UserFacingError } from '../ipc/user-facing-error';
import { extensionOf } from '../../src-preload/contract/uploaded-files';
import { withExtension } from '../../src-preload/contract/document-copy';
import { downloadDocument } from './document-source';
import type { ViewerCopies } from './viewer-copies';

export interface DocumentServiceDeps {
  caches: DocumentCaches;
  /** Whether this is the practice the person is working in (PracticeSession.isActive); every method refuses any other. */
  isActive: (practiceKey: string) => boolean;
  /** The active, unlocked practice's API client (PracticeSession.readTarget); null for any other practice. */
  targetFor: (practiceKey: string) => { api: PartnerApiClient } | null;
  /** Main's connectivity verdict is "offline": no request is tried. */
  isOffline: () => boolean;
  /** Hands a file to the OS's default viewer; a non-empty answer is an error message (Electron's shell.openPath). */
  openPath: (absolutePath: string) => Promise<string>;
  /** Where decrypted copies for the OS viewer are written (main's cache folder, per session). */
  viewerCopies: ViewerCopies;
  /** The host's save dialog (Electron: dialog.showSaveDialog) offering this name; null when cancelled. Absent: the preview. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Writes the file the user chose; default Node's fs. */
  writeChosenFile?: (absolutePath: string, bytes: Uint8Array) => Promise<void>;
}

/** The words for list and unpin, which answer without a problem code: the bridge hands this sentence to the renderer. */
const NOT_ACTIVE = "This practice's documents are available only while it is the practice you are connected to.";

type OpenInput = z.output<typeof documentOpenInputSchema>;
type FetchInput = z.output<typeof documentFetchInputSchema>;
type ShowInput = z.output<typeof documentShowInputSchema>;
type ShowResult = z.output<typeof documentShowResultSchema>;
type SaveCopyInput = z.output<typeof documentSaveCopyInputSchema>;
type Downloaded = { ok: true; meta: DocumentMeta; bytes: Uint8Array } | DocumentFailure;

/** One download several callers may wait for: it is aborted only once every caller that can cancel has cancelled. */
interface SharedDownload {
  pins: Set<string>;
  done: Promise<Downloaded>;
  controller: AbortController;
  /** Callers still waiting; one without a signal never leaves, so its download is never aborted. */
  waiting: number;
}

interface Prepared {
  ok: true;
  api: PartnerApiClient;
  ref: DocumentRef;
  cache: DocumentCache;
}

/**
 * Bill, statement and identity-certificate PDFs and a client's uploaded files for the renderer: from the
 * practice's cache, verified on every use, or downloaded through the Partner API client (and so through the
 * request budget).
 * Every failure is one of the contract's problems with a plain sentence; nothing throws to the bridge.
 */
export function createDocumentService(deps: DocumentServiceDeps) {
  /** Downloads in flight per cache and document: a second request for the same PDF joins the first. */
  const inFlight = new WeakMap<DocumentCache, Map<string, SharedDownload>>();

  /** Common checks, before any request or file access: the active practice, a ref that fits its kind. */
  function prepare(practiceKey: string, given: DocumentRef, entityKey?: string): Prepared | DocumentFailure {
    if (!deps.isActive(practiceKey)) return notConnected();
    const target = deps.targetFor(practiceKey);
    if (!target) return notConnected();
    const ref = canonicalRef(given);
    if (!ref) return failed(`That is not a valid ${kindWords[given.kind]} reference.`);
    if (entityKey !== undefined && ref.kind === 'idCertificate' && ref.id !== entityKey.toLowerCase()) {
      return failed('An identity certificate belongs to the client it names, and these two clients differ.');
    }
    return { ok: true, api: target.api, ref, cache: deps.caches.forPractice(practiceKey) };
  }

  /** The cached file's bytes once they pass verification; a damaged copy is downloaded again first when online. */
  async function verifiedBytes(
    p: Prepared,
  ): Promise<{ ok: true; bytes: Uint8Array; meta: DocumentMeta } | DocumentFailure> {
    let cached = await p.cache.read(p.ref);
    if (cached.state === 'corrupt') {
      const got = await download(p, cached.meta.entityKey, 'interactive', true, undefined);
      if (!got.ok) return got;
      cached = await p.cache.read(p.ref);
    }
    if (cached.state === 'absent') {
      return deps.isOffline()
        ? offline(p.ref.kind, false)
        : failed(`Open this ${kindWords[p.ref.kind]} in the app first, so that it is downloaded.`);
    }
    if (cached.state !== 'ok') return failed(`The saved ${kindWords[p.ref.kind]} could not be verified.`);
    return { ok: true, bytes: cached.bytes, meta: cached.meta };
  }

  function download(
    p: Prepared,
    entityKey: string,
    priority: RequestPriority,
    hadCopy: boolean,
    signal: AbortSignal | undefined,
    pinFor?: string,
  ): Promise<Downloaded> {
    let running = inFlight.get(p.cache);
    if (!running) inFlight.set(p.cache, (running = new Map()));
    const key = refKey(p.ref);
    const joined = running.get(key);
    if (joined) {
      if (pinFor !== undefined) joined.pins.add(pinFor);
      return waitFor(joined, signal);
    }
    const pins = new Set(pinFor !== undefined ? [pinFor] : []);
    const controller = new AbortController();
    const done = (async (): Promise<Downloaded> => {
      if (deps.isOffline()) return offline(p.ref.kind, hadCopy);
      try {
        const { bytes, contentType } = await downloadDocument(p.api, p.ref, priority, controller.signal);
        // Pins of requests that joined while the download ran are stored with it.
        const meta = await p.cache.store({ ref: p.ref, entityKey, bytes, contentType, pins: [...pins] });
        return { ok: true, meta, bytes };
      } catch (error) {
        return problemFor(error, p.ref.kind, hadCopy);
      }
    })().finally(() => running.delete(key));
    const shared: SharedDownload = { pins, done, controller, waiting: 0 };
    running.set(key, shared);
    return waitFor(shared, signal);
  }

  /** A caller that cancels stops waiting; the download itself stops when no caller waits any more. */
  function waitFor(shared: SharedDownload, signal: AbortSignal | undefined): Promise<Downloaded> {
    shared.waiting += 1;
    if (!signal) return shared.done;
    const leave = (): void => {
      shared.waiting -= 1;
      if (shared.waiting === 0) shared.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
    return shared.done;
  }

  /** Any unexpected throw (a disk error while recording an open) becomes a `failed` answer. */
  async function guarded<T>(kind: DocumentRef['kind'], task: () => Promise<T>): Promise<T | DocumentFailure> {
    try {
      return await task();
    } catch (error) {
      return problemFor(error, kind, false);
    }
  }

  return {
    /** The bytes to show: the verified cached copy, or downloaded now at interactive priority. Records the open. */
    open: (input: OpenInput, signal?: AbortSignal): Promise<DocumentOpenResult> =>
      guarded(input.ref.kind, async () => {
        const p = prepare(input.practiceKey, input.ref, input.entityKey);
        if (!p.ok) return p;
        const cached = await p.cache.read(p.ref);
        let got: Downloaded =
          cached.state === 'ok'
            ? { ok: true, meta: cached.meta, bytes: cached.bytes }
            : await download(p, input.entityKey, 'interactive', cached.state === 'corrupt', signal);
        if (!got.ok) return got;
        const touched = await p.cache.touch(p.ref);
        if (touched) got = { ...got, meta: touched };
        return { ok: true, meta: got.meta, bytesBase64: Buffer.from(got.bytes).toString('base64') };
      }),

    /** Makes sure a document is cached (downloading it if missing or damaged), optionally pinned for a meeting pack. */
    fetch: (input: FetchInput, signal?: AbortSignal): Promise<DocumentFetchResult> =>
      guarded(input.ref.kind, async () => {
        const p = prepare(input.practiceKey, input.ref, input.entityKey);
        if (!p.ok) return p;
        const cached = await p.cache.read(p.ref);
        let meta: DocumentMeta;
        let downloaded = false;
        if (cached.state === 'ok') {
          meta = cached.meta;
        } else {
          const got = await download(
            p,
            input.entityKey,
            input.priority,
            cached.state === 'corrupt',
            signal,
            input.pinFor,
          );
          if (!got.ok) return got;
          meta = got.meta;
          downloaded = true;
        }
        if (input.pinFor !== undefined) {
          const pinned = await p.cache.pin(p.ref, input.pinFor);
          if (!pinned)
            return failed(
              `The ${kindWords[p.ref.kind]} was removed to make room before it could be pinned. Try again.`,
            );
          meta = pinned;
        }
        return { ok: true, meta, downloaded };
      }),

    /** What the active practice's cache holds, how full it is and how it is encrypted (metadata only, no request). */
    async list(practiceKey: string): Promise<DocumentListResult> {
      if (!deps.isActive(practiceKey)) throw new UserFacingError('refused', NOT_ACTIVE);
      // Locked by the documents passphrase: the sentence says what to do, not "something went wrong".
      const listed = await deps.caches
        .forPractice(practiceKey)
        .list()
        .catch((error: unknown) => {
          throw error instanceof DocumentCacheError && error.reason === 'refused'
            ? new UserFacingError('refused', error.message)
            : error;
        });
      return {
        ...listed,
        encryption: { algorithm: ENCRYPTION_ALGORITHM, keyKept: await deps.caches.keys.keptAs(practiceKey) },
      };
    },

    /** A meeting pack of the active practice is done with: its documents become evictable again. */
    async unpin(practiceKey: string, packId: string): Promise<{ unpinned: number }> {
      if (!deps.isActive(practiceKey)) throw new UserFacingError('refused', NOT_ACTIVE);
      return { unpinned: await deps.caches.forPractice(practiceKey).unpin(packId) };
    },

    /**
     * Hands a decrypted copy of the cached file to the OS's PDF viewer, which cannot read the sealed
     * cache. Only bytes that passed verification are copied, into this session's private folder under a
     * name main built (see viewer-copies); a damaged copy is downloaded again first when online. Never a
     * URL and never a path from the renderer.
     */
    showInSystemViewer: (input: ShowInput): Promise<ShowResult> =>
      guarded(input.ref.kind, async () => {
        const p = prepare(input.practiceKey, input.ref);
        if (!p.ok) return p;
        const cached = await verifiedBytes(p);
        if (!cached.ok) return cached;
        // A client's upload of another type (an office file, a picture) may carry anything the client put in it:
        // it is never handed to the OS to open, only saved where the person chooses.
        if (cached.meta.contentType !== 'application/pdf')
          return failed('Only PDFs open in the system viewer. Use "Save a copy…" for this file.');
        const path = await deps.viewerCopies.write(input.practiceKey, fileNameFor(p.ref), cached.bytes);
        // A sign-out while the copy was written has already wiped the viewer copies: this one must go too.
        if (!deps.isActive(input.practiceKey)) {
          await deps.viewerCopies.wipe(input.practiceKey);
          return notConnected();
        }
        await p.cache.touch(p.ref);
        const error = await deps.openPath(path);
        return error ? failed(`The system viewer could not open the file: ${error}`) : { ok: true as const };
      }),

    /**
     * Saves a copy of the verified cached file where the user chooses in main's own save dialog (the name is
     * only offered). This is the one way a document leaves the cache unencrypted outside main's session
     * folder, and only to the place the person picked.
     */
    saveCopy: async (input: SaveCopyInput): Promise<DocumentSaveCopyResult> => {
      const answer = await guarded(input.ref.kind, async () => {
        const choose = deps.chooseSavePath;
        if (!choose) return failed('Saving a copy needs the desktop app.');
        const p = prepare(input.practiceKey, input.ref);
        if (!p.ok) return p;
        const cached = await verifiedBytes(p);
        if (!cached.ok) return cached;
        // The name is the window's suggestion; the extension is what the verified bytes are.
        const path = await choose(withExtension(input.fileName, extensionOf(cached.meta.contentType)));
        if (path === null) return { ok: true as const, saved: false, savedAs: null };
        // A sign-out while the dialog was open: the practice's documents are gone from this laptop, so is this one.
        if (!deps.isActive(input.practiceKey)) return notConnected();
        await (deps.writeChosenFile ?? writeFile)(path, cached.bytes);
        return { ok: true as const, saved: true, savedAs: basename(path).slice(0, 150) };
      });
      return answer.ok ? answer : { ok: false, message: answer.message };
    },

    /** Sign-out: the practice's key is forgotten, its documents folder and its viewer copies deleted. */
    wipe: (practiceKey: string): Promise<void> => deps.caches.wipe(practiceKey),

    /** At quit: this session's decrypted viewer copies are deleted. */
    dispose: (): void => deps.viewerCopies.dispose(),
  };
}
