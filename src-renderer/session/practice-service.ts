import type { Region } from '../../src-preload/contract/partner-api';
import type {
  AddOwnCredentialsInput,
  ConnectHubInput,
  ConnectInput,
  ConnectResult,
} from '../../src-preload/contract/practice';
import type { SyncedResourceName } from '../../src-preload/contract/sync';
import { usePractice, type PracticeDeps } from './practice-store';

/** The practice store's actions with their dependencies bound, as the screens call them. */
export interface PracticeService {
  refresh(): Promise<void>;
  connectDemo(region?: Region): Promise<void>;
  connect(input: ConnectInput): Promise<ConnectResult>;
  connectHub(input: ConnectHubInput): Promise<ConnectResult>;
  addOwnCredentials(input: AddOwnCredentialsInput): Promise<ConnectResult>;
  /** Background runs of the practice are cancelled first, then main and this window forget it. */
  signOut(practiceKey: string): Promise<void>;
  /** A background-style run: what is due. */
  syncNow(): Promise<void>;
  /** A run of only these lists (the practice hub said they changed); false when it could not start now. */
  syncLists(lists: readonly SyncedResourceName[]): Promise<boolean>;
  /** "Sync now": clears a pause and reads everything. */
  syncEverything(): Promise<void>;
  /** A form that needs catalogs (ledger lookups, eForm templates) opened: main reads those more than an hour old. */
  syncCatalogs(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  refreshBudget(): Promise<void>;
}

export function createPracticeService(
  deps: PracticeDeps & {
    cancelJobs(): void;
    /** Catalogs were asked for while a run is under way: ask again once it ends. */
    deferCatalogs?(): void;
  },
): PracticeService {
  const store = () => usePractice.getState();
  return {
    refresh: () => store().refresh(deps),
    connectDemo: (region) => store().connectDemo(deps, region),
    connect: (input) => store().connect(deps, input),
    connectHub: (input) => store().connectHub(deps, input),
    addOwnCredentials: (input) => store().addOwnCredentials(deps, input),
    signOut: (practiceKey) => {
      deps.cancelJobs();
      return store().signOut(deps, practiceKey);
    },
    syncNow: async () => void (await store().syncNow(deps)),
    syncLists: (lists) => store().syncNow(deps, 'due', lists),
    syncEverything: () => store().resume(deps, 'full'),
    syncCatalogs: async () => {
      // Main runs one sync at a time: a form opened during a run would otherwise lose its ask.
      if (store().progress?.running && deps.deferCatalogs) deps.deferCatalogs();
      else await store().syncNow(deps, 'catalogs');
    },
    pause: () => store().pause(deps),
    resume: () => store().resume(deps),
    refreshBudget: () => store().refreshBudget(deps),
  };
}
