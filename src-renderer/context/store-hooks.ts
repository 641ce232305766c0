import { useMemo } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { LiveStatus } from '../../src-preload/contract/live-updates';
import type { AppInfoState } from '../stores/app-info-store';
import type { ClientFacingState } from '../stores/client-facing-store';
import type { ConnectivityState } from '../stores/connectivity-store';
import type { MeetingPackState } from '../stores/meeting-pack-store';
import type { NoticeState } from '../stores/notice-store';
import type { OutboxState } from '../stores/outbox-store';
import type { StorageState } from '../stores/persistent-storage-store';
import type { PracticeState } from '../stores/practice-store';
import type { RendererStores } from '../stores/renderer-stores';
import type { ThemeStoreState } from '../stores/theme-store';
import type { UpdateState } from '../stores/update-store';
import { useServices } from './services-context';

/**
 * React's way into the root's stores (`useServices().stores`). Kept apart from the stores and the services
 * (which never import it), so the context → root → services types do not loop back here.
 */
export function useStores(): RendererStores {
  return useServices().stores;
}

interface StoreHook<S> {
  (): S;
  <U>(selector: (state: S) => U): U;
}

const identity = <S>(state: S): S => state;

function storeHook<S>(pick: (stores: RendererStores) => StoreApi<S>): StoreHook<S> {
  return (<U>(selector?: (state: S) => U) =>
    useStore(pick(useStores()), (selector ?? identity) as (state: S) => U)) as StoreHook<S>;
}

export const usePractice = storeHook<PracticeState>((s) => s.practice);
export const useConnectivity = storeHook<ConnectivityState>((s) => s.connectivity);
export const useNotices = storeHook<NoticeState>((s) => s.notices);
export const useOutbox = storeHook<OutboxState>((s) => s.outbox);
export const useMeetingPacks = storeHook<MeetingPackState>((s) => s.meetingPacks);
export const useLiveStatus = storeHook<LiveStatus>((s) => s.liveStatus);
export const useClientFacing = storeHook<ClientFacingState>((s) => s.clientFacing);
export const useUpdates = storeHook<UpdateState>((s) => s.updates);
export const useTheme = storeHook<ThemeStoreState>((s) => s.theme);
export const useAppInfo = storeHook<AppInfoState>((s) => s.appInfo);
export const usePersistentStorage = storeHook<StorageState>((s) => s.persistentStorage);

/** What a screen does with its views: the same two calls whatever the screen. */
export interface ScreenViewActions<V> {
  update(practiceKey: string, patch: Partial<V>): void;
  reset(practiceKey: string): void;
}

/**
 * A screen's search, filters, sorts and pages for this session, per practice, in the root's views store:
 * `useView(practiceKey)` reads it (the defaults until changed), `useViews(select)` picks `update`/`reset`.
 */
export function screenViews<V extends object>(screen: string, defaults: V) {
  const useView = (practiceKey: string): V =>
    useStore(useStores().views, (s) => (s.screens[screen]?.[practiceKey] as V | undefined) ?? defaults);
  function useViews<U>(select: (actions: ScreenViewActions<V>) => U): U {
    const views = useStores().views;
    const actions = useMemo<ScreenViewActions<V>>(
      () => ({
        update: (practiceKey, patch) => views.getState().update(screen, practiceKey, patch, defaults),
        reset: (practiceKey) => views.getState().reset(screen, practiceKey, defaults),
      }),
      [views],
    );
    return select(actions);
  }
  return { useView, useViews };
}
