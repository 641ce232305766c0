import type { Queryable } from '../db/database';
import { lastCompletedPasses } from '../mirror/mirror-store';
import { TIER_EVERY_MS, type SyncResource } from '../../sync/sync-resources';
import { realTimer } from '../../request-budget/budget-timer';

/** What `/readyz` checks, in the order it reports them. */
export const READINESS_CHECKS = ['serving', 'database', 'migrations', 'leader', 'mirror'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** Each check's verdict: 'ok', or a sentence saying what is not ready (never data, never a credential). */
export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessCheck, string>;
}

/** The database must answer within this, or it counts as gone (a server that stopped answering hangs, not fails). */
export const READINESS_TIMEOUT_MS = 2_000;
/** One evaluation serves every ask within this: a public route must not let anyone load the database. */
const READINESS_CACHE_MS = 1_000;
/** Beyond a resource's cadence and the longest wait for the next pass: the pass itself, on a busy budget. */
export const FRESHNESS_GRACE_MS = 15 * 60_000;
const NOT_CHECKED = 'not checked: the database does not answer';

export interface ReadinessDeps {
  db: Queryable;
  /** The schema version this hub migrated the database to at start. */
  schemaVersion: number;
  /** Whether this process leads the mirror. */
  isLeader: () => boolean;
  /** Whether another process holds the leadership (PostgreSQL: its advisory lock is held); false on PGlite. */
  leaderElsewhere: () => Promise<boolean>;
  /** The hub is closing: it still answers, but a balancer should send nothing new. */
  stopping: () => boolean;
  /** The hub's clock (epoch ms; virtual in benchmarks, like the practice's dates the cursors carry). */
  now: () => number;
  /** Each mirrored resource and how old its last complete pass may be (freshnessBounds). */
  freshness: readonly { resource: string; boundMs: number }[];
  timeoutMs?: number;
}

/**
 * How old a resource's last complete pass may be before the hub is not ready: its tier's interval (a list is
 * read on every pass; a catalog daily), plus the backstop's longest wait for the next pass (its idle
 * interval), plus FRESHNESS_GRACE_MS. A hub whose practice refuses or rations its reads falls behind this.
 */
export function freshnessBounds(
  resources: readonly Pick<SyncResource, 'name' | 'tier'>[],
  idleEveryMs: number,
): { resource: string; boundMs: number }[] {
  return resources.map((r) => ({
    resource: r.name,
    boundMs: TIER_EVERY_MS[r.tier] + idleEveryMs + FRESHNESS_GRACE_MS,
  }));
}

/** The highest schema version recorded in the database (0 before any migration). */
export async function schemaVersionOf(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: number | null }>('SELECT max(version)::int AS version FROM hub_migrations');
  return Number(row?.version ?? 0);
}

class NoAnswer extends Error {}

/** The work's answer, or NoAnswer after `ms` on the wall clock (a database that hangs is not ready). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const answered = new AbortController();
  const late = realTimer.sleep(ms, answered.signal).then(() => {
    throw new NoAnswer();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    answered.abort();
  }
}

const minutes = (ms: number): string =>
  ms >= 90 * 60_000 ? `${Math.round(ms / 3_600_000)} h` : `${Math.max(1, Math.round(ms / 60_000))} min`;

/**
 * Whether this hub process should be sent laptops: it is not stopping, its database answers, carries the
 * schema this hub migrated it to, some process leads the mirror, and every mirrored resource's last
 * complete pass is within its bound. Evaluated at most once a second whoever asks (asks meanwhile share it).
 */
export function createReadiness(deps: ReadinessDeps) {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  let last: { at: number; result: Promise<Readiness> } | null = null;

  async function evaluate(): Promise<Readiness> {
    const checks: Record<ReadinessCheck, string> = {
      serving: deps.stopping() ? 'the hub is stopping' : 'ok',
      database: 'ok',
      migrations: NOT_CHECKED,
      leader: NOT_CHECKED,
      mirror: NOT_CHECKED,
    };
    let version: number | null = null;
    try {
      version = await within(timeoutMs, schemaVersionOf(deps.db));
    } catch (error) {
      checks.database =
        error instanceof NoAnswer ? `no answer within ${timeoutMs / 1000} s` : 'unreachable: a query failed';
    }
    if (version !== null)
      checks.migrations =
        version === deps.schemaVersion
          ? 'ok'
          : `the database's schema is version ${version}; this hub runs version ${deps.schemaVersion}`;
    if (deps.isLeader()) checks.leader = 'ok';
    else if (version !== null) {
      const elsewhere = await within(timeoutMs, deps.leaderElsewhere()).catch(() => null);
      checks.leader =
        elsewhere === null
          ? 'not checked: the leadership could not be read'
          : elsewhere
            ? 'ok'
            : 'no process holds the mirror leadership';
    }
    if (version !== null) checks.mirror = await mirrorVerdict();
    return { ready: Object.values(checks).every((verdict) => verdict === 'ok'), checks };
  }

  async function mirrorVerdict(): Promise<string> {
    let passes: Map<string, string>;
    try {
      passes = await within(timeoutMs, lastCompletedPasses(deps.db));
    } catch {
      return 'not checked: the mirror cursors could not be read';
    }
    const now = deps.now();
    const never: string[] = [];
    const late: { resource: string; ageMs: number }[] = [];
    for (const { resource, boundMs } of deps.freshness) {
      const at = passes.get(resource);
      if (!at) never.push(resource);
      else if (now - Date.parse(at) > boundMs) late.push({ resource, ageMs: now - Date.parse(at) });
    }
    const said: string[] = [];
    if (late.length > 0) {
      const oldest = Math.max(...late.map((l) => l.ageMs));
      said.push(`older than its bound: ${late.map((l) => l.resource).join(', ')} (the oldest ${minutes(oldest)})`);
    }
    if (never.length > 0) said.push(`never read whole yet: ${never.join(', ')}`);
    return said.length === 0 ? 'ok' : said.join('; ');
  }

  return {
    check(): Promise<Readiness> {
      const at = performance.now();
      if (last && at - last.at < READINESS_CACHE_MS) return last.result;
      const result = evaluate();
      last = { at, result };
      return result;
    },
  };
}
export type HubReadiness = ReturnType<typeof createReadiness>;
