import { z } from 'zod';
import { documentKinds, type DocumentKind } from '../../../src-preload/contract/documents';
import { readRequestSchema, readSpecs, type ReadKind, type ReadRequest } from '../../../src-preload/contract/reads';
import { uploadAddressOf, type UploadAddress } from '../../../src-preload/contract/uploaded-files';
import { canonicalRef } from '../../documents/document-names';
import { documentApiPath, downloadDocument } from '../../documents/document-source';
import type { PartnerApiClient, RequestPriority } from '../../partner-api/partner-api-client';
import type { Queryable } from '../db/database';

/** An answer as served: the API's status and content type, and the exact bytes every laptop gets. */
export interface ServedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** One laptop's ask, understood: its cache key (the API path and normalised query) and how to read it once. */
export interface ReadThroughTarget {
  key: string;
  read(api: PartnerApiClient, db: Queryable): Promise<{ answer: ServedAnswer; entityKey: string | null }>;
}

/** A route the hub may read through: the API's path as a route pattern and how to understand a request to it. */
export interface ReadThroughRoute {
  /** What the route reads, for the sentence a refused request gets (`leads.notes`, `idCertificate PDF`). */
  name: string;
  /** Below /api/v1, with `:param` placeholders (`/leads/:leadKey/notes`). */
  path: string;
  /** The target for these params and query; null when they are not what the laptop's reader sends. */
  target(params: Record<string, string>, query: Record<string, unknown>): ReadThroughTarget | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What a laptop's read costs in the hub's request budget: after the work webhooks and hints ask for (at the
 * user's priority), and within the share of each window the budget keeps from it (reserves.ts) — so however
 * much laptops ask, an accepted proposal still reaches every laptop at once. The backstop passes share this
 * tier, in the order they ask.
 */
export const LAPTOP_READ_PRIORITY: RequestPriority = 'prefetch';
const marker = (field: string) => `HUBPARAM${field}X`;
const numeric = /^\d{1,12}$/;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every GET a laptop's on-demand reads (`readSpecs`) and documents (`documentApiPath`) make, as routes the hub
 * reads through — derived from those two lists, so a read kind added to the contract is served by the hub
 * with no second list to keep. Paged lists are left out: the hub serves them from its mirror by date window.
 */
export function readThroughRoutes(): ReadThroughRoute[] {
  const kinds = Object.keys(readSpecs) as ReadKind[];
  return [
    ...kinds.filter((kind) => !('pagedBy' in readSpecs[kind])).map(readKindRoute),
    ...documentKinds.filter((kind): kind is PdfKind => kind !== 'upload').map(documentRoute),
    uploadRoute(),
  ];
}

interface AnySpec {
  path(r: ReadRequest): string;
  query?(r: ReadRequest): Record<string, string | number>;
  response: z.ZodType;
  list: boolean;
}

function readKindRoute(kind: ReadKind): ReadThroughRoute {
  const spec = readSpecs[kind] as unknown as AnySpec;
  const option = readRequestSchema.options.find((o) => o.shape.kind.value === kind);
  if (!option) throw new Error(`No read request for ${kind}.`);
  const fields = Object.keys(option.shape).filter((field) => field !== 'kind');
  // The spec's path and query, asked with a marker for every field, say where each field goes.
  const sample = Object.fromEntries([['kind', kind], ...fields.map((f) => [f, marker(f)])]) as ReadRequest;
  let path = spec.path(sample);
  const inPath = fields.filter((f) => path.includes(marker(f)));
  for (const field of inPath) path = path.replace(marker(field), `:${field}`);
  const queryNames = Object.entries(spec.query?.(sample) ?? {}).map(([name, value]) => ({
    name,
    field: fields.find((f) => value === marker(f)),
  }));
  return {
    name: kind,
    path,
    target(params, query) {
      const allowed = new Set(queryNames.map((q) => q.name));
      if (Object.keys(query).some((name) => !allowed.has(name))) return null;
      const candidate: Record<string, unknown> = { kind };
      for (const field of inPath) candidate[field] = params[field];
      for (const { name, field } of queryNames) if (field) candidate[field] = query[name];
      // Normalised as the laptop's reader sends them: ids as numbers, keys in lower case (one kept answer each).
      for (const [field, value] of Object.entries(candidate)) {
        if (typeof value !== 'string' || field === 'kind') continue;
        const schema = option.shape[field as keyof typeof option.shape] as z.ZodType | undefined;
        if (numeric.test(value) && schema?.safeParse(Number(value)).success) candidate[field] = Number(value);
        else if (uuidShape.test(value)) candidate[field] = value.toLowerCase();
      }
      const parsed = readRequestSchema.safeParse(candidate);
      if (!parsed.success) return null;
      const request = parsed.data;
      const apiQuery = spec.query?.(request);
      const search = new URLSearchParams(
        Object.entries(apiQuery ?? {})
          .map(([name, value]) => [name, String(value)] as [string, string])
          .sort(([a], [b]) => a.localeCompare(b)),
      ).toString();
      const apiPath = spec.path(request);
      return {
        key: search ? `${apiPath}?${search}` : apiPath,
        async read(api) {
          const options = { priority: LAPTOP_READ_PRIORITY, ...(apiQuery ? { query: apiQuery } : {}) };
          const { data, status } = spec.list
            ? await api.list(apiPath, spec.response, options)
            : await api.request('GET', apiPath, spec.response, options);
          return {
            answer: { status, contentType: JSON_TYPE, body: Buffer.from(JSON.stringify(data), 'utf8') },
            // The client the answer names; else what the request is about (a lead's notes: the lead), so the
            // hint a laptop sends after writing to it drops this answer.
            entityKey: clientNamed([data, request]) ?? keyNamed(request),
          };
        },
      };
    },
  };
}

/** The documents one id names (an upload is named by three, `uploadRoute`). */
type PdfKind = Exclude<DocumentKind, 'upload'>;

const documentId: Record<PdfKind, z.ZodType<string>> = {
  bill: z
    .string()
    .regex(numeric)
    .transform((id) => String(Number(id))),
  statement: z
    .string()
    .regex(numeric)
    .transform((id) => String(Number(id))),
  idCertificate: z.uuid().transform((id) => id.toLowerCase()),
};

function documentRoute(kind: PdfKind): ReadThroughRoute {
  const path = documentApiPath({ kind, id: marker('id') }).replace(marker('id'), ':id');
  return {
    name: `${kind} PDF`,
    path,
    target(params, query) {
      const id = documentId[kind].safeParse(params.id);
      if (!id.success || id.data === '0' || Object.keys(query).length > 0) return null;
      const ref = { kind, id: id.data };
      return {
        key: documentApiPath(ref),
        async read(api, db) {
          const { bytes } = await downloadDocument(api, ref, LAPTOP_READ_PRIORITY);
          return {
            answer: { status: 200, contentType: 'application/pdf', body: Buffer.from(bytes) },
            // An identity certificate is named by its client; a bill or statement by its kept detail or mirror.
            entityKey: kind === 'idCertificate' ? ref.id : await ownerOf(db, kind, ref.id),
          };
        },
      };
    },
  };
}

/**
 * A client's uploaded file, at the API's own path. The practice answers there with a signed storage URL; the hub
 * follows it once (main's `downloadDocument`: only to the practice's own origin, without credentials, the type
 * and size checked) and keeps the file itself, which it serves every laptop at that same path with its type — so
 * no laptop ever sees the URL, and the practice's storage is asked once for all of them. The URL is not kept.
 */
function uploadRoute(): ReadThroughRoute {
  // The API's path for one sample upload, its three parts turned into route parameters.
  const sampleKey = '00000000-0000-4000-8000-000000000000';
  const path = documentApiPath({ kind: 'upload', id: `${sampleKey}.1.2` })
    .replace(sampleKey, ':key')
    .replace('/entities/1/', '/entities/:entityOnboardingId/')
    .replace(/\/2$/, '/:documentId');
  return {
    name: 'uploaded file',
    path,
    target(params, query) {
      if (Object.keys(query).length > 0) return null;
      const canonical = canonicalRef({
        kind: 'upload',
        id: `${params.key ?? ''}.${params.entityOnboardingId ?? ''}.${params.documentId ?? ''}`,
      });
      const address = canonical && uploadAddressOf(canonical.id);
      if (!canonical || !address) return null;
      return {
        key: documentApiPath(canonical),
        async read(api, db) {
          const { bytes, contentType } = await downloadDocument(api, canonical, LAPTOP_READ_PRIORITY);
          return {
            answer: { status: 200, contentType, body: Buffer.from(bytes) },
            entityKey: await uploaderOf(db, address),
          };
        },
      };
    },
  };
}

/** The client an uploaded file belongs to: from the onboarding's documents read kept here, else the onboarding's client. */
async function uploaderOf(db: Queryable, address: UploadAddress): Promise<string | null> {
  const documentsPath = readSpecs['onboardings.documents'].path({
    kind: 'onboardings.documents',
    onboardingKey: address.onboardingKey,
  });
  const [row] = await db.query<{ entity_key: string | null }>(
    `SELECT coalesce(
       (SELECT lower(entry->>'entityKey') FROM read_through, jsonb_array_elements(convert_from(body, 'UTF8')::jsonb) AS entry
         WHERE path = $1 AND status = 200 AND (entry->>'entityOnboardingId')::bigint = $2),
       (SELECT lower(record->>'entityKey') FROM mirror_records WHERE resource = 'onboardings' AND key = $3)
     ) AS entity_key`,
    [documentsPath, address.entityOnboardingId, address.onboardingKey],
  );
  return row?.entity_key ?? null;
}

/** The one client an answer (or its request) names, so a hint about that client drops it; null for none or several. */
function clientNamed(values: unknown[]): string | null {
  const keys = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const key = (value as { entityKey?: unknown }).entityKey;
      if (typeof key === 'string') keys.add(key.toLowerCase());
    }
  };
  values.forEach(visit);
  return keys.size === 1 ? [...keys][0]! : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one key (a UUID) a request names, lower case; null for none or several. */
function keyNamed(request: Record<string, unknown>): string | null {
  const keys = Object.values(request).filter((value): value is string => typeof value === 'string' && UUID.test(value));
  return keys.length === 1 ? keys[0]!.toLowerCase() : null;
}

/** Where a bill's or statement's detail is kept: the key its read kind's answer is kept under. */
const detailPath = {
  bill: (billingId: number) => readSpecs['bills.detail'].path({ kind: 'bills.detail', billingId }),
  statement: (statementId: number) => readSpecs['statements.detail'].path({ kind: 'statements.detail', statementId }),
};

/** A PDF's client: from its detail kept here, else from the mirror (bills are mirrored; statements per client). */
async function ownerOf(db: Queryable, kind: 'bill' | 'statement', id: string): Promise<string | null> {
  const resource = kind === 'bill' ? 'bills' : 'statements';
  const [row] = await db.query<{ entity_key: string | null }>(
    `SELECT coalesce(
       (SELECT entity_key FROM read_through WHERE path = $1),
       (SELECT lower(record->>'entityKey') FROM mirror_records WHERE resource = $2 AND key = $3)
     ) AS entity_key`,
    [detailPath[kind](Number(id)), resource, id],
  );
  return row?.entity_key ?? null;
}
