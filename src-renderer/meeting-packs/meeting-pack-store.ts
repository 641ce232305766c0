import { create } from 'zustand';

interface MeetingPackState {
  /** The pack being fetched now, if any. */
  runningPackId: string | null;
}

/**
 * What the screens show of meeting packs. Preparing, removing and fetching packs is the meeting-pack
 * service's (meeting-packs-job.ts), reached through `useServices().meetingPacks`.
 */
export const useMeetingPacks = create<MeetingPackState>(() => ({ runningPackId: null }));
