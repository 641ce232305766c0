import { z } from 'zod';
import {
  clientFacingTargetSchema,
  type ClientFacingEnter,
  type ClientFacingStatus,
  type PinOwner,
  type PinResult,
} from '../../src-preload/contract/client-facing';
import type { Clock } from '../clock';
import { UserFacingError } from '../ipc/user-facing-error';
import type { SettingsStore } from '../settings/settings-store';
import { hashPin, pinMatches, storedPinSchema, type StoredPin } from './pin-hash';

const ACTIVE_KEY = 'clientFacing.active';
/** The PINs, one per owner (a practice and the staff member using the laptop for it). */
const PINS_KEY = 'clientFacing.pins';
/** The one PIN of older builds, which belonged to nobody: it only leaves a mode such a build entered. */
const LEGACY_PIN_KEY = 'clientFacing.pin';
const TRIES_KEY = 'clientFacing.tries';

/** Wrong PINs allowed before each further try waits. */
export const FREE_TRIES = 3;
const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 15 * 60_000;

const triesSchema = z.strictObject({
  failures: z.number().int().min(0),
  /** Epoch ms before which no PIN is checked. */
  notBefore: z.number().int().min(0),
});
type Tries = z.infer<typeof triesSchema>;

/**
 * The shown client and whose PIN leaves the mode. `userKey` is absent only in what an older build stored,
 * whose one PIN (LEGACY_PIN_KEY) then leaves it.
 */
const activeSchema = clientFacingTargetSchema.extend({ userKey: z.uuid().nullable().optional() });
type Active = z.infer<typeof activeSchema>;
type Owner = PinOwner | 'legacy';

/** The wait after `failures` wrong PINs: none for the free tries, then doubling from 5 s up to 15 minutes. */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

const ownerId = (owner: PinOwner): string => `${owner.practiceKey}/${owner.userKey ?? 'nobody'}`;
const ownerOf = (active: Active): Owner =>
  active.userKey === undefined ? 'legacy' : { practiceKey: active.practiceKey, userKey: active.userKey };

const refused = (sentence: string) => new UserFacingError('refused', sentence);

/**
 * Client-facing mode, held in main: which client the window shows (kept in the settings store, so a crash,
 * reload or restart comes back in the mode) and the PINs that leave it (salted scrypt hashes), one per
 * practice and staff member, so a new practice or a new person at the laptop chooses their own before the
 * first entry. Wrong tries and the time before the next one are stored too, so quitting does not reset the wait.
 *
 * Every call that changes the mode or checks a PIN runs one at a time (`serially`), and a try is counted,
 * with the wait it earns, before the slow hash is compared: guesses sent at once are checked one after the
 * other, each seeing the wait the ones before it earned, so 31 at once get the three free checks and no more.
 */
export function createClientFacing(deps: {
  settings: SettingsStore;
  clock: Clock;
  /** scrypt's cost; tests lower it. */
  pinCost?: number;
  /** The shortest PIN the administrator's policy allows (src-main/policy); default the contract's 4 digits. */
  pinMinLength?: number;
}) {
  const tooShort = (pin: string): boolean => pin.length < (deps.pinMinLength ?? 4);
  const tooShortText = () =>
    `Your administrator asks for a PIN of at least ${deps.pinMinLength ?? 4} digits: choose a longer one.`;
  const read = <T>(key: string, schema: z.ZodType<T>): T | null => {
    // The settings file can be edited by hand: what does not parse counts as absent.
    const parsed = schema.safeParse(deps.settings.get(key));
    return parsed.success ? parsed.data : null;
  };
  /** Each owner's PIN read on its own: one damaged entry does not take the others with it. */
  const pins = (): Record<string, StoredPin> => {
    const raw = deps.settings.get(PINS_KEY);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    const kept: Record<string, StoredPin> = {};
    for (const [id, value] of Object.entries(raw)) {
      const parsed = storedPinSchema.safeParse(value);
      if (parsed.success) kept[id] = parsed.data;
    }
    return kept;
  };
  const pinOf = (owner: Owner): StoredPin | null =>
    owner === 'legacy' ? read(LEGACY_PIN_KEY, storedPinSchema) : (pins()[ownerId(owner)] ?? null);
  const active = (): Active | null => read(ACTIVE_KEY, activeSchema);
  const setPin = (owner: PinOwner, pin: StoredPin): void => {
    deps.settings.set(PINS_KEY, { ...pins(), [ownerId(owner)]: pin });
    // The nobody's PIN of an older build is kept only while a mode it entered still needs it to leave.
    const shown = active();
    if (!shown || shown.userKey !== undefined) deps.settings.delete(LEGACY_PIN_KEY);
  };

  const tries = (): Tries => read(TRIES_KEY, triesSchema) ?? { failures: 0, notBefore: 0 };
  const now = (): number => deps.clock.now().getTime();
  const retryInMs = (): number => Math.max(0, tries().notBefore - now());

  const status = (owner?: PinOwner): ClientFacingStatus => {
    const shown = active();
    const asked: Owner | null = owner ?? (shown ? ownerOf(shown) : null);
    return {
      active: shown ? { practiceKey: shown.practiceKey, entityKey: shown.entityKey } : null,
      pinSet: asked !== null && pinOf(asked) !== null,
      retryInMs: retryInMs(),
    };
  };

  /**
   * Checks a PIN against the owner's hash. A try during the wait is not even compared. Otherwise the try is
   * recorded as wrong, with the wait it earns, before the slow comparison, and cleared if the PIN was right:
   * a second try that arrives during the comparison (or a crash in it) finds the wait already there.
   */
  const check = async (owner: Owner, pin: string): Promise<boolean> => {
    const stored = pinOf(owner);
    if (!stored || retryInMs() > 0) return false;
    const failures = tries().failures + 1;
    deps.settings.set(TRIES_KEY, { failures, notBefore: now() + waitAfter(failures) });
    if (!(await pinMatches(pin, stored))) return false;
    deps.settings.set(TRIES_KEY, { failures: 0, notBefore: 0 });
    return true;
  };

  // One call at a time: each waits for the one before it, whatever became of it.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const answer = (accepted: boolean): PinResult => ({ accepted, retryInMs: retryInMs(), status: status() });

  return {
    status,
    /** True while the window shows one client: main's notifications and badge stay quiet then. */
    isActive: (): boolean => active() !== null,
    enter: (input: ClientFacingEnter): Promise<ClientFacingStatus> =>
      serially(async () => {
        const owner: PinOwner = { practiceKey: input.practiceKey, userKey: input.userKey };
        const shown = active();
        if (shown) {
          // The same client again changes nothing; another one only after the PIN has left this one.
          if (shown.practiceKey === input.practiceKey && shown.entityKey === input.entityKey) return status();
          throw refused('The window already shows a client: leave client view with the PIN first.');
        }
        const pinSet = pinOf(owner) !== null;
        if (!pinSet && !input.newPin) throw refused('Choose a PIN first: it is asked to leave.');
        if (pinSet && input.newPin) throw refused('A PIN is already set; change it in Settings.');
        if (input.newPin && tooShort(input.newPin)) throw refused(tooShortText());
        if (input.newPin) setPin(owner, await hashPin(input.newPin, deps.pinCost));
        const next: Active = { practiceKey: input.practiceKey, entityKey: input.entityKey, userKey: input.userKey };
        deps.settings.set(ACTIVE_KEY, next);
        return status(owner);
      }),
    exit: (pin: string): Promise<PinResult> =>
      serially(async () => {
        const shown = active();
        if (!shown) return answer(true);
        const accepted = await check(ownerOf(shown), pin);
        if (accepted) deps.settings.delete(ACTIVE_KEY);
        return answer(accepted);
      }),
    changePin: (owner: PinOwner, current: string, next: string): Promise<PinResult> =>
      serially(async () => {
        // Settings is not shown in the mode; a PIN is never set or changed from the client's side of the screen.
        if (active()) throw refused('Leave client view first: the PIN is changed in Settings.');
        if (tooShort(next)) throw refused(tooShortText());
        // With no PIN yet there is nothing to prove: Settings may set the first one.
        const accepted = pinOf(owner) === null || (await check(owner, current));
        if (accepted) setPin(owner, await hashPin(next, deps.pinCost));
        return { ...answer(accepted), status: status(owner) };
      }),
    /**
     * Sign-out: the practice's PINs go with the rest of it, so joining it again asks for a new one. Not while
     * the window shows one of its clients: that PIN is still the way out.
     */
    forgetPractice: (practiceKey: string): void => {
      if (active()?.practiceKey === practiceKey) return;
      const kept = Object.fromEntries(Object.entries(pins()).filter(([id]) => !id.startsWith(`${practiceKey}/`)));
      deps.settings.set(PINS_KEY, kept);
    },
  };
}
