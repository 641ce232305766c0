import type { PracticeSummary } from '../../src-preload/contract/practice';
import type { CheckedOwnCredentials } from './own-credentials-connect';
import type { KnownPractice } from './targets';

/**
 * A practice as the renderer sees it (never a secret). A practice read through the hub writes only with the
 * laptop's own credentials, so its canWrite is theirs (the hub's device access is always read-only).
 */
export function practiceSummary(
  p: KnownPractice,
  problem: string | null,
  own: CheckedOwnCredentials | undefined,
): PracticeSummary {
  const sendsWith = p.through === 'hub' ? own : undefined;
  return {
    practiceKey: p.practiceKey,
    name: p.name,
    region: p.region,
    canWrite: p.through === 'hub' ? (sendsWith?.canWrite ?? false) : p.canWrite,
    isDemo: p.isDemo,
    storage: p.storage,
    problem,
    through: p.through ?? 'partner-api',
    ...(sendsWith ? { sendsWith: { clientId: sendsWith.clientId } } : {}),
  };
}
