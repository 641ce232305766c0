import { createActingUsersStore, type ActingUsersStore } from './acting-users-store';
import { createAppInfoStore, type AppInfoStore } from './app-info-store';
import { createClientFacingStore, type ClientFacingStore } from './client-facing-store';
import { createConnectivityStore, type ConnectivityStore } from './connectivity-store';
import { createLiveStatusStore, type LiveStatusStore } from './live-status-store';
import { createMeetingPackStore, type MeetingPackStore } from './meeting-pack-store';
import { createNoticeStore, type NoticeStore } from './notice-store';
import { createOutboxStore, type OutboxStore } from './outbox-store';
import { createPersistentStorageStore, type PersistentStorageStore } from './persistent-storage-store';
import { createPracticeStore, type PracticeStore } from './practice-store';
import { createPracticeViewsStore, type PracticeViewsStore } from './practice-views';
import { createThemeStore, type ThemeStore } from './theme-store';
import { createUpdateStore, type UpdateStore } from './update-store';
import { createWhoAmIStore, type WhoAmIStore } from './who-am-i-store';

/**
 * Every zustand store of the window: what the screens show, state only. Built per root (one window, one
 * test), so two roots never share state and a test starts from a fresh one instead of resetting globals.
 * The services get the stores they write as explicit deps; components read them through
 * `context/store-hooks.ts`. What talks to main for a store (`watchTheme`, `restartToUpdate`…) lives with its
 * service, never here: this folder imports only the contract, so every other folder may import it.
 */
export interface RendererStores {
  practice: PracticeStore;
  connectivity: ConnectivityStore;
  notices: NoticeStore;
  outbox: OutboxStore;
  meetingPacks: MeetingPackStore;
  liveStatus: LiveStatusStore;
  clientFacing: ClientFacingStore;
  updates: UpdateStore;
  theme: ThemeStore;
  appInfo: AppInfoStore;
  persistentStorage: PersistentStorageStore;
  /** Each screen's search, filters and sort, per practice. */
  views: PracticeViewsStore;
  actingUsers: ActingUsersStore;
  whoAmI: WhoAmIStore;
}

export function createRendererStores(): RendererStores {
  return {
    practice: createPracticeStore(),
    connectivity: createConnectivityStore(),
    notices: createNoticeStore(),
    outbox: createOutboxStore(),
    meetingPacks: createMeetingPackStore(),
    liveStatus: createLiveStatusStore(),
    clientFacing: createClientFacingStore(),
    updates: createUpdateStore(),
    theme: createThemeStore(),
    appInfo: createAppInfoStore(),
    persistentStorage: createPersistentStorageStore(),
    views: createPracticeViewsStore(),
    actingUsers: createActingUsersStore(),
    whoAmI: createWhoAmIStore(),
  };
}
