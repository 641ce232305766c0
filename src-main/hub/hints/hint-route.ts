import type { FastifyInstance } from 'fastify';
import { HUB_HINTS_PATH, hubHintSchema, type HubHint } from '../../../src-preload/contract/hub-hint';
import type { Queryable } from '../db/database';
import { sendProblem, sendThrottled } from '../http/problem';
import { TokenBucket, type BucketRule } from '../devices/device-allowance';
import { access } from '../http/route-access';

/** A device's hint naming a list or a client it already named less than this long ago is not stored again. */
export const DEVICE_HINT_GAP_MS = 10_000;
/**
 * Hints one device may send: a laptop sends one per applied write, so a meeting's worth of queued writes
 * going out at once fits; past it the hub answers 429 with Retry-After (each stored hint is a row to write).
 */
export const DEVICE_HINT_RATE: BucketRule = { size: 30, refillEveryMs: 2_000 };

/**
 * Per device, what it named in the last `gapMs`: a device flooding hints stores at most one per list and
 * per client in each gap, so it cannot make the leader spend the Client ID's budget (the leader coalesces
 * further, hint-worker.ts). Memory holds only names accepted within the gap.
 */
export function createHintLimiter(options: { now?: () => number; gapMs?: number | undefined; rate?: BucketRule } = {}) {
  const now = options.now ?? Date.now;
  const gapMs = options.gapMs ?? DEVICE_HINT_GAP_MS;
  const acceptedAt = new Map<string, number>();
  const rates = new Map<string, TokenBucket>();
  return {
    /** Takes one hint from the device's rate: 0 when it may send it, else the milliseconds to wait. */
    take(deviceId: string): number {
      const at = now();
      let bucket = rates.get(deviceId);
      if (!bucket) rates.set(deviceId, (bucket = new TokenBucket(options.rate ?? DEVICE_HINT_RATE, at)));
      const waitMs = bucket.waitFor(1, at);
      if (waitMs === 0) bucket.take(1, at);
      return waitMs;
    },
    /** The part of the hint this device has not named within the gap (null when nothing is left). */
    admit(deviceId: string, hint: HubHint): HubHint | null {
      const at = now();
      for (const [name, when] of acceptedAt) if (at - when >= gapMs) acceptedAt.delete(name);
      const fresh = (name: string): boolean => {
        const key = `${deviceId}\n${name}`;
        if (acceptedAt.has(key)) return false;
        acceptedAt.set(key, at);
        return true;
      };
      const resources = [...new Set(hint.resources)].filter((resource) => fresh(`list:${resource}`));
      const clientKeys = [...new Set(hint.clientKeys.map((key) => key.toLowerCase()))].filter((key) =>
        fresh(`client:${key}`),
      );
      return resources.length > 0 || clientKeys.length > 0 ? { resources, clientKeys } : null;
    },
  };
}
export type HintLimiter = ReturnType<typeof createHintLimiter>;

/**
 * `POST /hub/v1/hints`: a laptop says what its applied write changed. Device-authenticated like every hub
 * route (the server's hook has verified the id in the header before this runs). Never trusted as data:
 * stored for the mirror leader, which re-reads what it names; answered 202 at once.
 */
export function registerHintRoute(
  app: FastifyInstance,
  deps: { db: Queryable; limiter: HintLimiter; onStored: () => void },
) {
  app.post(HUB_HINTS_PATH, access('device'), async (request, reply) => {
    const parsed = hubHintSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendProblem(reply, 400, 'Bad Request', parsed.error.issues[0]?.message ?? 'Not a hint.', request.url);
    }
    // The device the credential check verified on this route (never a header read again).
    const deviceId = request.device;
    if (!deviceId) return sendProblem(reply, 401, 'Unauthorized', 'Unknown or revoked device.', HUB_HINTS_PATH);
    const waitMs = deps.limiter.take(deviceId);
    if (waitMs > 0)
      return sendThrottled(
        reply,
        { retryAfterMs: waitMs, message: 'This laptop has sent the hub more hints than it takes at once.' },
        HUB_HINTS_PATH,
      );
    const admitted = deps.limiter.admit(deviceId, parsed.data);
    if (admitted) {
      await deps.db.query(
        'INSERT INTO hub_hints (device_id, resources, client_keys) VALUES ($1, $2::jsonb, $3::jsonb)',
        [deviceId, JSON.stringify(admitted.resources), JSON.stringify(admitted.clientKeys)],
      );
      deps.onStored();
    }
    return reply.code(202).send();
  });
}
