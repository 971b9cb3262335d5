import { create } from "zustand";

/** The chat's open state and the staff messages the player has not read (the button's badge). */
interface ChatState {
  open: boolean;
  unread: number;
  /** A visitor's socket has joined the visitor's conversation (answers come live; no polling). */
  visitorLive: boolean;
  setVisitorLive: (live: boolean) => void;
  setOpen: (open: boolean) => void;
  setUnread: (unread: number) => void;
  addUnread: () => void;
}

export const useChat = create<ChatState>()((set) => ({
  open: false,
  unread: 0,
  visitorLive: false,
  setVisitorLive: (visitorLive) => set({ visitorLive }),
  setOpen: (open) => set(open ? { open, unread: 0 } : { open }),
  setUnread: (unread) => set({ unread }),
  addUnread: () => set((s) => (s.open ? s : { unread: s.unread + 1 })),
}));
