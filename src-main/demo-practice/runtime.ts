import type { Clock } from '../clock';
import type { FaultQueue } from './http/fault-queue';
import type { RateLimiter } from './http/rate-limiter';
import type { DemoOptions } from './options';
import type { PracticeState } from './state/practice-state';
import type { StorageSigner } from './routes/uploaded-files';
import type { WebhookDeliverer } from './webhooks/webhook-deliverer';

/** One API request as the demo saw it: what tests count to prove "exactly once". */
export interface LoggedRequest {
  at: string;
  practiceKey: string | null;
  clientId: string | null;
  method: string;
  url: string;
  operationId: string | null;
  status: number;
}

/** One fetch of the simulated storage host (signed links), and whether the caller sent any credential with it. */
export interface LoggedStorageRequest {
  at: string;
  path: string;
  status: number;
  credentialsSent: boolean;
}

/** The demo's live state, shared by every route: data, clock, options (mutable for fault injection), events. */
export interface DemoRuntime {
  options: DemoOptions;
  clock: Clock;
  practices: PracticeState[];
  rateLimiter: RateLimiter;
  webhooks: WebhookDeliverer;
  requestLog: LoggedRequest[];
  /** One-shot faults for the next matching requests (tests ask for exactly one at a chosen moment). */
  faultQueue: FaultQueue;
  /** Public origin of the server (http://127.0.0.1:port), for links the API hands out. */
  origin: string;
  storage: StorageSigner;
  /** Every fetch of the storage host, which the request log (API paths only) does not see. */
  storageLog: LoggedStorageRequest[];
}
