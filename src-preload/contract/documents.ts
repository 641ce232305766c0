import { z } from 'zod';
import { cancelIdSchema } from './cancel-id';
import { keptContentTypes, UPLOAD_ID_PATTERN } from './uploaded-files';

/**
 * Documents main keeps in the practice's cache folder: bill and statement PDFs, a client's identity
 * certificate, and the files a client uploaded to an onboarding (a PDF, an image or another kept type). The
 * renderer names a document by what it is, never by a path or a URL; main alone decides where the file lives and
 * which requests fetch it.
 */
export const documentKinds = ['bill', 'statement', 'idCertificate', 'upload'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * bill → billingId, statement → statementId (both as decimal strings), idCertificate → entityKey, upload →
 * "<onboardingKey>.<entityOnboardingId>.<documentId>" (uploaded-files.ts `uploadRefId`).
 */
export const documentRefSchema = z.strictObject({
  kind: z.enum(documentKinds),
  id: z
    .string()
    .max(80)
    .refine(
      (id) =>
        /^(\d{1,12}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(id) ||
        UPLOAD_ID_PATTERN.test(id),
      'Not a document id',
    ),
});
export type DocumentRef = z.infer<typeof documentRefSchema>;

export const documentMetaSchema = z.strictObject({
  ref: documentRefSchema,
  /** The client the document belongs to (for the Documents screen and meeting packs). */
  entityKey: z.uuid(),
  /** The document's name (e.g. `bill-1042.pdf`); on disk it is stored encrypted under a name that does not say what it is. */
  fileName: z.string().max(200),
  /** What the bytes are (a bill's PDF, a client's photo): one of the kept types; manifests written before it are PDFs. */
  contentType: z.enum(keptContentTypes as [string, ...string[]]).default('application/pdf'),
  /** Hex SHA-256 of the bytes as downloaded; checked on every open, after decryption. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
  fetchedAt: z.iso.datetime(),
  lastOpenedAt: z.iso.datetime().nullable(),
  /** Meeting packs holding the document; a pinned document is never evicted. */
  pinnedBy: z.array(z.string().max(64)).max(100),
});
export type DocumentMeta = z.infer<typeof documentMetaSchema>;

/**
 * Why a document cannot be shown, each with its own plain sentence in `message`:
 * - offline-not-downloaded: never fetched and there is no connection (can be queued for download);
 * - corrupt-offline: the cached copy failed its hash or size check and cannot be re-fetched now;
 * - not-available: the practice has no such document (404: a draft bill, no completed ID verification, an
 *   upload removed);
 * - not-connected: this practice is not the active, unlocked one;
 * - failed: anything else (server error, refused answer).
 */
export const documentProblemSchema = z.enum([
  'offline-not-downloaded',
  'corrupt-offline',
  'not-available',
  'not-connected',
  'failed',
]);
export type DocumentProblem = z.infer<typeof documentProblemSchema>;

const failure = z.strictObject({ ok: z.literal(false), problem: documentProblemSchema, message: z.string().max(1000) });

const practiceKey = z.uuid();
const packId = z.string().min(1).max(64);
/** Names this call for `practice.cancel` (cancel-id.ts): the window gave up on it, so main stops its requests. */
const cancelId = cancelIdSchema.optional();

/** `documents.open`: the bytes to show, from the cache (verified) or fetched now at interactive priority. */
export const documentOpenInputSchema = z.strictObject({
  practiceKey,
  ref: documentRefSchema,
  entityKey: z.uuid(),
  cancelId,
});
export const documentOpenResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), meta: documentMetaSchema, bytesBase64: z.base64().max(70 * 1024 * 1024) }),
  failure,
]);
export type DocumentOpenResult = z.infer<typeof documentOpenResultSchema>;

/** `documents.fetch`: make sure a document is in the cache (download if missing or corrupt); optionally pin it. */
export const documentFetchInputSchema = z.strictObject({
  practiceKey,
  ref: documentRefSchema,
  entityKey: z.uuid(),
  priority: z.enum(['interactive', 'prefetch']),
  pinFor: packId.optional(),
  cancelId,
});
export const documentFetchResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), meta: documentMetaSchema, downloaded: z.boolean() }),
  failure,
]);
export type DocumentFetchResult = z.infer<typeof documentFetchResultSchema>;

/**
 * Where the key that encrypts a practice's saved documents is kept: the OS password store, sealed under
 * the documents passphrase the user set (a laptop without a secure password store), or main's memory for
 * this session only (then saved documents are deleted at the next start). Never the weak password store.
 */
export const documentKeyKeptSchema = z.enum(['keychain', 'passphrase', 'session-only']);
export type DocumentKeyKept = z.infer<typeof documentKeyKeptSchema>;

/** The documents passphrase: none set, set but not entered this session, or entered. */
export const documentPassphraseStateSchema = z.enum(['not-set', 'locked', 'unlocked']);
export type DocumentPassphraseState = z.infer<typeof documentPassphraseStateSchema>;

/** `documents.passphraseStatus`: whether a passphrase protects saved documents here (no secure password store), and its state. */
export const documentPassphraseStatusSchema = z.strictObject({
  needed: z.boolean(),
  state: documentPassphraseStateSchema,
});
export type DocumentPassphraseStatus = z.infer<typeof documentPassphraseStatusSchema>;

/** `documents.enterPassphrase`: sets the passphrase when none is set, else unlocks this session with it. Never stored. */
export const documentPassphraseInputSchema = z.strictObject({ passphrase: z.string().min(1).max(1_000) });
export const documentPassphraseResultSchema = z.strictObject({
  ok: z.boolean(),
  message: z.string().max(500).nullable(),
  state: documentPassphraseStateSchema,
});
export type DocumentPassphraseResult = z.infer<typeof documentPassphraseResultSchema>;

/** `documents.changePassphrase`: a new passphrase, proven by the current one. Neither is stored. */
export const documentPassphraseChangeSchema = z.strictObject({
  current: z.string().min(1).max(1_000),
  next: z.string().min(1).max(1_000),
});

/** `documents.list`: what the cache holds for the active practice, how full it is, and how it is encrypted. */
export const documentListInputSchema = z.strictObject({ practiceKey });
export const documentListResultSchema = z.strictObject({
  documents: z.array(documentMetaSchema).max(100_000),
  /** Sizes of the documents themselves (what was downloaded), not of their encrypted files. */
  usedBytes: z.number().int().min(0),
  capBytes: z.number().int().min(0),
  encryption: z.strictObject({ algorithm: z.literal('AES-256-GCM'), keyKept: documentKeyKeptSchema }),
});
export type DocumentListResult = z.infer<typeof documentListResultSchema>;

/** `documents.unpin`: a meeting pack is done with; its documents become evictable again. */
export const documentUnpinInputSchema = z.strictObject({ practiceKey, packId });
/** How many cached documents the pack held (0 when it held none). */
export const documentUnpinResultSchema = z.strictObject({ unpinned: z.number().int().min(0) });

/** `documents.showInSystemViewer`: hand the verified cached file to the OS's PDF viewer. */
export const documentShowInputSchema = z.strictObject({ practiceKey, ref: documentRefSchema });
export const documentShowResultSchema = z.discriminatedUnion('ok', [z.strictObject({ ok: z.literal(true) }), failure]);
