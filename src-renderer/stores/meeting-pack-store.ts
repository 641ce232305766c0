import { createStore, type StoreApi } from 'zustand/vanilla';

export interface MeetingPackState {
  /** The pack being fetched now, if any. */
  runningPackId: string | null;
}

/**
 * What the screens show of meeting packs. Preparing, removing and fetching packs is the meeting-pack
 * service's (meeting-packs-job.ts), reached through `useServices().meetingPacks`.
 */
export type MeetingPackStore = StoreApi<MeetingPackState>;

export const createMeetingPackStore = (): MeetingPackStore =>
  createStore<MeetingPackState>()(() => ({ runningPackId: null }));
