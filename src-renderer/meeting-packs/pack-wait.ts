import type { MeetingPack } from '../data/meeting-pack-types';

/**
 * Why an unfinished pack is not moving: packs are fetched one at a time, and only online. Empty when it is
 * being fetched now or is finished.
 */
export function packWait(pack: MeetingPack, runningPackId: string | null, online: boolean): string {
  if (pack.state !== 'fetching' && pack.state !== 'waiting-for-connection') return '';
  if (!online) return ' · waiting: offline, it continues when the connection is back';
  if (runningPackId && runningPackId !== pack.packId) return " · waiting: another client's pack is fetched first";
  return '';
}
