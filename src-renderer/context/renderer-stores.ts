import { createClientFacingStore, type ClientFacingStore } from '../client-facing/client-facing-store';
import { createConnectivityStore, type ConnectivityStore } from '../connectivity/connectivity-store';
import { createAppInfoStore, type AppInfoStore } from '../desktop/app-info-store';
import { createPersistentStorageStore, type PersistentStorageStore } from '../desktop/persistent-storage';
import { createThemeStore, type ThemeStore } from '../desktop/theme-store';
import { createMeetingPackStore, type MeetingPackStore } from '../meeting-packs/meeting-pack-store';
import { createNoticeStore, type NoticeStore } from '../notices/notice-store';
import { createOutboxStore, type OutboxStore } from '../outbox/outbox-store';
import { createActingUsersStore, type ActingUsersStore } from '../session/acting-users-store';
import { createPracticeStore, type PracticeStore } from '../session/practice-store';
import { createPracticeViewsStore, type PracticeViewsStore } from '../session/practice-views';
import { createWhoAmIStore, type WhoAmIStore } from '../session/who-am-i-store';
import { createLiveStatusStore, type LiveStatusStore } from '../sync/live-status-store';
import { createUpdateStore, type UpdateStore } from '../updates/update-store';

/**
 * Every zustand store of the window: what the screens show, state only. Built per root (one window, one
 * test), so two roots never share state and a test starts from a fresh one instead of resetting globals.
 * The services get the stores they write as explicit deps; components read them through
 * `context/store-hooks.ts`.
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
