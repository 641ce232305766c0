import type { z } from 'zod';
import type { PracticeState } from '../state/practice-state';
import type { DemoRuntime } from '../runtime';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext<P, Q, B> {
  practice: PracticeState;
  canWrite: boolean;
  clientId: string;
  params: P;
  query: Q;
  body: B;
  now: Date;
  runtime: DemoRuntime;
}

/** A binary answer (PDF, zip). JSON answers are plain values. */
export class FileResult {
  constructor(
    readonly contentType: string,
    readonly bytes: Uint8Array,
    readonly fileName: string,
  ) {}
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Relative to /api/v1, Fastify style (`/bills/:billingId/pdf`). */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  /** More than the summary says, for the OpenAPI document. */
  description?: string;
  /** `write` routes need credentials whose validation says canWrite (contract rule 4). */
  access: 'read' | 'write';
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** JSON schema of the success body, or a file type. */
  response:
    | { status: 200 | 201; schema: z.ZodType }
    | { status: 200; file: 'application/pdf' | 'application/zip' }
    | { status: 200; empty: true };
  /** Error statuses this route can answer besides 401/429 (documented in OpenAPI). */
  errors?: readonly number[];
  handler(context: RouteContext<P, Q, B>): unknown;
}

/** Keeps each route's params/query/body types tied to its schemas. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec<P, Q, B> {
  return spec;
}

// Routes are heterogeneous; the server treats them through this erased view.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteSpec<any, any, any>;
