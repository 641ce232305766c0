import type { Region } from '../../src-preload/contract/partner-api';
import type { ConnectInput, ConnectResult } from '../../src-preload/contract/practice';
import { usePractice, type PracticeDeps } from './practice-store';

/** The practice store's actions with their dependencies bound, as the screens call them. */
export interface PracticeService {
  refresh(): Promise<void>;
  connectDemo(region?: Region): Promise<void>;
  connect(input: ConnectInput): Promise<ConnectResult>;
  /** Background runs of the practice are cancelled first, then main and this window forget it. */
  signOut(practiceKey: string): Promise<void>;
  syncNow(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  refreshBudget(): Promise<void>;
}

export function createPracticeService(deps: PracticeDeps & { cancelJobs(): void }): PracticeService {
  const store = () => usePractice.getState();
  return {
    refresh: () => store().refresh(deps),
    connectDemo: (region) => store().connectDemo(deps, region),
    connect: (input) => store().connect(deps, input),
    signOut: (practiceKey) => {
      deps.cancelJobs();
      return store().signOut(deps, practiceKey);
    },
    syncNow: () => store().syncNow(deps),
    pause: () => store().pause(deps),
    resume: () => store().resume(deps),
    refreshBudget: () => store().refreshBudget(deps),
  };
}
