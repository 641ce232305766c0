import type { PracticeSessionDeps } from './session-deps';

/** Runs one part of a sign-out; false when it failed (the rest still runs). */
export async function attempt(part: () => unknown): Promise<boolean> {
  try {
    await part();
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes the persisted budget of a Client ID no other practice here uses (`inUse`: the Client IDs the
 * registry still holds; the vault's bindings are asked too); true when nothing is left behind.
 */
export function forgetBudgetUnlessShared(
  deps: Pick<PracticeSessionDeps, 'vault' | 'forgetBudget'>,
  practiceKey: string,
  clientId: string | undefined,
  inUse: readonly string[],
): boolean {
  if (clientId === undefined || !deps.forgetBudget) return true;
  const others = deps.vault.bindings().filter((b) => b.practiceKey !== practiceKey);
  if (inUse.includes(clientId) || others.some((b) => b.binding.clientId === clientId)) return true;
  try {
    deps.forgetBudget(clientId);
    return true;
  } catch {
    return false;
  }
}
