import { create } from "zustand";

/** Which shell overlays are open: the mobile slide-in menu, the logout confirmation, the app QR code. */
interface ShellUiState {
  menuOpen: boolean;
  logoutOpen: boolean;
  qrOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  setLogoutOpen: (open: boolean) => void;
  setQrOpen: (open: boolean) => void;
}

export const useShellUi = create<ShellUiState>()((set) => ({
  menuOpen: false,
  logoutOpen: false,
  qrOpen: false,
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  // Opening a dialog from the slide-in menu closes the menu behind it.
  setLogoutOpen: (logoutOpen) => set(logoutOpen ? { logoutOpen, menuOpen: false } : { logoutOpen }),
  setQrOpen: (qrOpen) => set(qrOpen ? { qrOpen, menuOpen: false } : { qrOpen }),
}));
