import { z } from 'zod';
import {
  clientFacingTargetSchema,
  type ClientFacingStatus,
  type ClientFacingTarget,
  type PinResult,
} from '../../src-preload/contract/client-facing';
import type { Clock } from '../clock';
import { UserFacingError } from '../ipc/user-facing-error';
import type { SettingsStore } from '../settings/settings-store';
import { hashPin, pinMatches, storedPinSchema } from './pin-hash';

const ACTIVE_KEY = 'clientFacing.active';
const PIN_KEY = 'clientFacing.pin';
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

/** The wait after `failures` wrong PINs: none for the free tries, then doubling from 5 s up to 15 minutes. */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

/**
 * Client-facing mode, held in main: which client the window shows (kept in the settings store, so a crash,
 * reload or restart comes back in the mode) and the PIN that leaves it (a salted scrypt hash). Wrong tries
 * and the time before the next one are stored too, so quitting the app does not reset the wait.
 */
export function createClientFacing(deps: {
  settings: SettingsStore;
  clock: Clock;
  /** scrypt's cost; tests lower it. */
  pinCost?: number;
}) {
  const read = <T>(key: string, schema: z.ZodType<T>): T | null => {
    // The settings file can be edited by hand: what does not parse counts as absent.
    const parsed = schema.safeParse(deps.settings.get(key));
    return parsed.success ? parsed.data : null;
  };
  const tries = (): Tries => read(TRIES_KEY, triesSchema) ?? { failures: 0, notBefore: 0 };
  const now = (): number => deps.clock.now().getTime();
  const retryInMs = (): number => Math.max(0, tries().notBefore - now());
  const active = (): ClientFacingTarget | null => read(ACTIVE_KEY, clientFacingTargetSchema);

  const status = (): ClientFacingStatus => ({
    active: active(),
    pinSet: read(PIN_KEY, storedPinSchema) !== null,
    retryInMs: retryInMs(),
  });

  /** Checks a PIN against the stored hash, counting wrong ones; a try during the wait is not even checked. */
  const check = async (pin: string): Promise<boolean> => {
    const stored = read(PIN_KEY, storedPinSchema);
    if (!stored || retryInMs() > 0) return false;
    if (await pinMatches(pin, stored)) {
      deps.settings.set(TRIES_KEY, { failures: 0, notBefore: 0 });
      return true;
    }
    const failures = tries().failures + 1;
    deps.settings.set(TRIES_KEY, { failures, notBefore: now() + waitAfter(failures) });
    return false;
  };

  const answer = (accepted: boolean): PinResult => ({ accepted, retryInMs: retryInMs(), status: status() });

  return {
    status,
    /** True while the window shows one client: main's notifications and badge stay quiet then. */
    isActive: (): boolean => active() !== null,
    async enter(input: ClientFacingTarget & { newPin?: string | undefined }): Promise<ClientFacingStatus> {
      const pinSet = read(PIN_KEY, storedPinSchema) !== null;
      if (!pinSet && !input.newPin) throw new UserFacingError('refused', 'Choose a PIN first: it is asked to leave.');
      if (pinSet && input.newPin) throw new UserFacingError('refused', 'A PIN is already set; change it in Settings.');
      if (input.newPin) deps.settings.set(PIN_KEY, await hashPin(input.newPin, deps.pinCost));
      deps.settings.set(ACTIVE_KEY, { practiceKey: input.practiceKey, entityKey: input.entityKey });
      return status();
    },
    async exit(pin: string): Promise<PinResult> {
      if (!active()) return answer(true);
      const accepted = await check(pin);
      if (accepted) deps.settings.delete(ACTIVE_KEY);
      return answer(accepted);
    },
    async changePin(current: string, next: string): Promise<PinResult> {
      // With no PIN yet there is nothing to prove: Settings may set the first one.
      const accepted = read(PIN_KEY, storedPinSchema) === null || (await check(current));
      if (accepted) deps.settings.set(PIN_KEY, await hashPin(next, deps.pinCost));
      return answer(accepted);
    },
  };
}
export type ClientFacing = ReturnType<typeof createClientFacing>;
