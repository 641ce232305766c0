import { useEffect, useState } from 'react';
import type { BudgetStatus } from '../../../src-preload/contract/budget';
import { useCompanion } from '../../context/services-context';
import { isOnline } from '../../stores/connectivity-store';
import type { WaitContext } from '../../outbox/wait-reason';
import { activePractice } from '../../stores/practice-store';
import { useRegion } from '../../ui/regional/use-region';
import { formatTime } from '../../ui/regional/regional-format';
import { useConnectivity, useOutbox, usePractice } from '../../context/store-hooks';

/**
 * What the Outbox needs to explain each wait: connectivity, credentials, and the request budget (asked once when
 * the screen opens, then as main pushes it: `practice.budget` events carry the time one more request would take),
 * plus a clock that moves with each status so "about 40 s" counts down.
 */
export function useWaitContext(practiceKey: string): Omit<WaitContext, 'byId' | 'behind'> {
  const companion = useCompanion();
  const online = useConnectivity(isOnline);
  const canWrite = usePractice((s) => activePractice(s)?.canWrite ?? false);
  const pausedForCredentials = useOutbox((s) => s.pausedForCredentials);
  const region = useRegion();
  const [seen, setSeen] = useState<{ budget: BudgetStatus | null; now: number }>(() => ({
    budget: null,
    now: Date.now(),
  }));
  useEffect(() => {
    if (!companion || !practiceKey || !online) return;
    let stopped = false;
    const offPushed = companion.on('practice.budget', (pushed) => {
      if (pushed.practiceKey === practiceKey) setSeen({ budget: pushed.status, now: Date.now() });
    });
    void companion.practice
      .budget({ practiceKey, estimateRequests: 1 })
      .then((budget) => {
        if (!stopped) setSeen({ budget, now: Date.now() });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      offPushed();
    };
  }, [companion, practiceKey, online]);
  return {
    now: seen.now,
    online,
    canWrite,
    pausedForCredentials,
    budget: online ? seen.budget : null,
    time: (ms: number) => formatTime(ms, region),
  };
}
