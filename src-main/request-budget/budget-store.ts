import { z } from 'zod';
import { MAX_LIMIT, type AnnouncedLimits } from './limit-adoption';
import { MAX_PHANTOM_BATCHES, type PhantomBatches } from './phantom-batches';

/**
 * What a budget must remember across restarts: forgetting the sends of the last day would let a
 * restarted app blow straight through the server's windows.
 */
export interface PersistedBudget {
  version: 1;
  /** Epoch ms of our own sends within the last 24 h, ascending. */
  sent: number[];
  /** A 429's Retry-After, as epoch ms, while it has not expired. */
  pausedUntil: number | null;
  /**
   * Requests the server counted that we never sent (another laptop on the same Client ID), learned from
   * X-RateLimit-Remaining and filed under the window that revealed them: such a phantom counts in that
   * window and every wider one, never a narrower one. Kept coalesced, as [epoch ms, how many] ascending,
   * at most MAX_PHANTOM_BATCHES per window (phantom-batches.ts), so the file stays small whatever the
   * headers said. `phantoms` (one epoch ms per phantom) is what older builds wrote; it is still read.
   */
  serverHints?: { batches?: PhantomBatches; phantoms?: { minute: number[]; hour: number[]; day: number[] } };
  /**
   * The limits the server announced for this Client ID's windows (X-RateLimit-Limit of a counted
   * response, mapped to its window: limit-adoption.ts). Absent while it has announced none.
   */
  limits?: AnnouncedLimits;
}

export interface BudgetStore {
  load(clientId: string): PersistedBudget | undefined;
  save(clientId: string, state: PersistedBudget): void;
  /** Drops what was kept for this Client ID (sign-out of the last practice using it); throws if it cannot. */
  forget(clientId: string): void;
}

/** The settings store's shape (src-main/settings/settings-store.ts), narrowed to what is needed. */
export interface BudgetSettings {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  /** Optional so narrower stand-ins fit; without it a forgotten budget is overwritten with nothing. */
  delete?(key: string): void;
}

export const settingsKey = (clientId: string): string => `requestBudget.${clientId}`;

// Generous bounds: a day holds at most perDay sends; anything far larger is not ours to trust.
const MAX_ENTRIES = 200_000;
const times = z.array(z.number()).max(MAX_ENTRIES);
const batches = z.array(z.tuple([z.number(), z.number().int().min(1)])).max(MAX_PHANTOM_BATCHES);
const persistedSchema = z.object({
  version: z.literal(1),
  sent: times,
  pausedUntil: z.number().nullable(),
  serverHints: z
    .object({
      batches: z.object({ minute: batches, hour: batches, day: batches }).optional(),
      phantoms: z.object({ minute: times, hour: times, day: times }).optional(),
    })
    .optional(),
  limits: z.unknown().optional(),
});
const limit = z.number().int().min(1).max(MAX_LIMIT);
const limitsSchema = z.strictObject({ minute: limit.optional(), hour: limit.optional(), day: limit.optional() });

/**
 * Validates untrusted stored data; anything unreadable is undefined ("start empty"), never an exception.
 * Unreadable or absurd limits (not whole, zero, beyond the headers' nine digits) are dropped on their own:
 * the history of sends is still worth keeping. (Limits that break minute ≤ hour ≤ day are dropped when
 * the budget loads them: limit-adoption.ts.)
 */
export function parsePersistedBudget(value: unknown): PersistedBudget | undefined {
  const result = persistedSchema.safeParse(value);
  if (!result.success) return undefined;
  const { sent, pausedUntil, serverHints } = result.data;
  const parsed: PersistedBudget = { version: 1, sent, pausedUntil };
  if (serverHints?.batches || serverHints?.phantoms) {
    parsed.serverHints = {};
    if (serverHints.batches) parsed.serverHints.batches = serverHints.batches;
    if (serverHints.phantoms) parsed.serverHints.phantoms = serverHints.phantoms;
  }
  const limits = limitsSchema.safeParse(result.data.limits);
  if (limits.success && Object.values(limits.data).some((v) => v !== undefined)) {
    const kept: AnnouncedLimits = {};
    for (const [name, v] of Object.entries(limits.data)) if (v !== undefined) kept[name as keyof AnnouncedLimits] = v;
    parsed.limits = kept;
  }
  return parsed;
}

const copy = (state: PersistedBudget): PersistedBudget => structuredClone(state);

/** For tests and for the browser preview: survives budget rebuilds, not process restarts. */
export function createMemoryBudgetStore(): BudgetStore & { peek(clientId: string): PersistedBudget | undefined } {
  const states = new Map<string, PersistedBudget>();
  return {
    load: (clientId) => {
      const state = states.get(clientId);
      return state ? copy(state) : undefined;
    },
    save: (clientId, state) => {
      states.set(clientId, copy(state));
    },
    forget: (clientId) => void states.delete(clientId),
    peek: (clientId) => states.get(clientId),
  };
}

/**
 * Persists under `requestBudget.<clientId>` in the settings store (electron-store in the app). Writes
 * go straight through: the budget itself coalesces saves (see request-budget.ts), so this stays simple.
 * Loads are validated because the file is user-editable and may be half-written by an older build.
 */
export function createSettingsBudgetStore(settings: BudgetSettings): BudgetStore {
  return {
    load(clientId) {
      let raw: unknown;
      try {
        raw = settings.get(settingsKey(clientId));
      } catch {
        return undefined;
      }
      return parsePersistedBudget(raw);
    },
    save(clientId, state) {
      settings.set(settingsKey(clientId), copy(state));
    },
    forget(clientId) {
      if (settings.delete) settings.delete(settingsKey(clientId));
      else settings.set(settingsKey(clientId), undefined);
    },
  };
}
