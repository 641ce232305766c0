import type { Clock } from '../../../src-main/clock';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { DemoOptionsInput } from '../../../src-main/demo-practice/options';

/** A clock tests move by hand, so rate limits and expiry run on virtual time. */
export function manualClock(start = new Date('2026-11-20T10:00:00.000Z')) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (date) => void (now = date.getTime()),
  };
  return clock;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  /** Which credentials: read-write (default), read-only, none, or explicit headers. */
  as?: 'readWrite' | 'readOnly' | 'none';
  headers?: Record<string, string>;
  /** Practice index (0 = ANZ, 1 = UK). */
  practice?: number;
  /** Base URL override (a regional host, or the bare server). */
  base?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: any;
  bytes: Uint8Array;
}

/** Starts a demo practice on 127.0.0.1 (rate limits off unless asked for) and returns a small HTTP helper. */
export async function startDemo(options: DemoOptionsInput = {}) {
  const demo: DemoPractice = await createDemoPractice({ rateLimit: { enabled: false }, ...options });
  async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const practice = demo.practices[options.practice ?? 0];
    if (!practice) throw new Error('no such practice');
    const headers: Record<string, string> = { ...options.headers };
    const as = options.as ?? 'readWrite';
    if (as !== 'none' && !options.headers) {
      headers['X-Svc-Auth-ID'] = practice[as].clientId;
      headers['X-Svc-Auth-Key'] = practice[as].secret;
    }
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${options.base ?? practice.baseUrl}/api/v1${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const json = type.includes('json') && bytes.length > 0 ? JSON.parse(new TextDecoder().decode(bytes)) : null;
    return { status: response.status, headers: response.headers, json, bytes };
  }
  const state = (index = 0) => {
    const practice = demo.runtime.practices[index];
    if (!practice) throw new Error('no such practice');
    return practice;
  };
  return { demo, call, state };
}
export type TestDemo = Awaited<ReturnType<typeof startDemo>>;
