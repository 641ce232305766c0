import { createStore, type StoreApi } from 'zustand/vanilla';

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  title: string;
  detail?: string;
}

export interface NoticeState {
  notices: Notice[];
  /** The last id given: ids only grow, so "newer than the last one seen" is a plain comparison. */
  lastId: number;
  push(notice: Omit<Notice, 'id'>): void;
  dismiss(id: number): void;
}

export type NoticeStore = StoreApi<NoticeState>;

/** Transient notices shown as toasts; anything a user must act on belongs on a screen instead. One per root. */
export const createNoticeStore = (): NoticeStore =>
  createStore<NoticeState>()((set) => ({
    notices: [],
    lastId: 0,
    push: (notice) =>
      set((state) => ({ lastId: state.lastId + 1, notices: [...state.notices, { ...notice, id: state.lastId + 1 }] })),
    dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  }));
