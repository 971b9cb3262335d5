import { create } from "zustand";

/** The chat's open state and the staff messages the player has not read (the button's badge). */
interface ChatState {
  open: boolean;
  unread: number;
  setOpen: (open: boolean) => void;
  setUnread: (unread: number) => void;
  addUnread: () => void;
}

export const useChat = create<ChatState>()((set) => ({
  open: false,
  unread: 0,
  setOpen: (open) => set(open ? { open, unread: 0 } : { open }),
  setUnread: (unread) => set({ unread }),
  addUnread: () => set((s) => (s.open ? s : { unread: s.unread + 1 })),
}));
