import { create } from 'zustand';

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  title: string;
  detail?: string;
}

interface NoticeState {
  notices: Notice[];
  push(notice: Omit<Notice, 'id'>): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Transient notices shown as toasts; anything a user must act on belongs on a screen instead. */
export const useNotices = create<NoticeState>((set) => ({
  notices: [],
  push: (notice) => set((state) => ({ notices: [...state.notices, { ...notice, id: nextId++ }] })),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
}));
