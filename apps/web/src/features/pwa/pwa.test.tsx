import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { encode } from "uqr";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { canInstall, captureInstallPrompt } from "../../lib/pwa.ts";
import { mockApi, renderRoutes, renderWithProviders } from "../../test/render.tsx";
import { BetBar } from "../lottery/components/bet-bar.tsx";
import { QrCodeDialog } from "../shell/components/qr-code-dialog.tsx";
import { useShellUi } from "../shell/stores/shell-ui.ts";
import { INSTALL_BANNER_HEIGHT } from "./components/install-banner.tsx";
import { INSTALL_BANNER_KEY, INSTALL_BANNER_QUIET_MS, installBannerDismissed } from "./components/install-banner-memory.ts";
import { InstallBannerSlot } from "./components/install-banner-slot.tsx";
import { InstallPage } from "./pages/install-page.tsx";

const LINKS = { play_store: "", qr: "", facebook: "", messenger: "", viber: "", instagram: "" };

/** What Chrome dispatches when the app may be installed; `choice` is what the player picks. */
function offerInstall(choice: "accepted" | "dismissed" = "accepted") {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: choice }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

beforeAll(() => {
  captureInstallPrompt(window);
});

beforeEach(() => {
  localStorage.clear();
  useShellUi.setState({ menuOpen: false, logoutOpen: false, qrOpen: false });
});

describe("Scan QR Code popup", () => {
  it("shows the QR code of this site's install page and a link to it that closes the popup", async () => {
    mockApi({ social_link: { body: { data: LINKS } } });
    useShellUi.setState({ qrOpen: true });
    const { router } = renderRoutes([{ path: "*", element: <QrCodeDialog /> }], { path: "/" });
    expect(screen.getByRole("dialog", { name: "Scan QR Code" })).toBeInTheDocument();
    const qr = await screen.findByRole("img", { name: "QR code of the Shwe Lucky install page" });
    const url = `${window.location.origin}/install`;
    expect(qr).toHaveAttribute("data-qr-text", url);
    // The drawn modules are exactly the code of that address (one 1×1 square per dark module).
    const dark = encode(url, { ecc: "M", border: 2 }).data.flat().filter(Boolean).length;
    expect(qr.querySelector("path")?.getAttribute("d")?.match(/M/g)?.length).toBe(dark);
    expect(screen.queryByRole("link", { name: "Get it on Google Play" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("link", { name: "Open the install page" }));
    expect(router.state.location.pathname).toBe("/install");
    expect(useShellUi.getState().qrOpen).toBe(false);
  });

  it("adds the Play Store link when the site has one", async () => {
    mockApi({ social_link: { body: { data: { ...LINKS, play_store: "https://play.google.com/store/apps/details?id=shwe" } } } });
    useShellUi.setState({ qrOpen: true });
    renderWithProviders(<QrCodeDialog />);
    expect(await screen.findByRole("link", { name: "Get it on Google Play" })).toHaveAttribute(
      "href",
      "https://play.google.com/store/apps/details?id=shwe",
    );
  });
});

describe("install banner", () => {
  beforeEach(async () => {
    // A page that has just started: the player has not touched it yet.
    captureInstallPrompt(window);
    // The banner's lazy chunk is loaded already, so a banner that is not shown is one the slot holds back.
    await import("./components/install-banner.tsx");
  });

  it("appears only once the browser offers to install and the player has engaged with the page, and opens the browser's dialog", async () => {
    renderWithProviders(<InstallBannerSlot />);
    expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument();

    // The player says no in Chrome's dialog: the prompt is used up, the banner goes.
    const { event, prompt } = offerInstall("dismissed");
    expect(event.defaultPrevented).toBe(true);
    // Offered, but the player has not touched the page yet: the page stays as it was drawn (React is
    // given the time it needs to show a banner: the chunk is loaded, only its render is pending).
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument();
    expect(canInstall()).toBe(true);
    // A scroll the page makes itself (scroll restoration) is not the player.
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Tab}");
    const banner = await screen.findByRole("complementary", { name: "Install Shwe Lucky" });
    // Its height is published for the chat button to stand above it (jsdom lays nothing out: 0px).
    expect(document.documentElement.style.getPropertyValue(INSTALL_BANNER_HEIGHT)).toBe("0px");
    await userEvent.click(within(banner).getByRole("button", { name: "Install" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument());
    expect(canInstall()).toBe(false);
    expect(document.documentElement.style.getPropertyValue(INSTALL_BANNER_HEIGHT)).toBe("");
  });

  it("waits while the page shows its bet bar at the bottom, and appears once the bar is gone", async () => {
    function Page() {
      const [betting, setBetting] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setBetting(false)}>
            Leave
          </button>
          {betting ? <BetBar count={0} total={0} signedIn={false} disabled={false} warning={null} onBet={() => undefined} /> : null}
          <InstallBannerSlot />
        </>
      );
    }
    renderWithProviders(<Page />);
    offerInstall("dismissed");
    await userEvent.keyboard("{Tab}");
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("complementary", { name: "Install Shwe Lucky" })).toBeInTheDocument();
  });

  it("stays closed once the player closes it, also on the next visit", async () => {
    const first = renderWithProviders(<InstallBannerSlot />);
    offerInstall("dismissed");
    await userEvent.click(document.body);
    await userEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument();
    expect(installBannerDismissed()).toBe(true);
    first.unmount();

    renderWithProviders(<InstallBannerSlot />);
    offerInstall("dismissed");
    await userEvent.click(document.body);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole("complementary", { name: "Install Shwe Lucky" })).not.toBeInTheDocument();
    // After the quiet period it may be offered again.
    expect(installBannerDismissed(Date.now() + INSTALL_BANNER_QUIET_MS + 1)).toBe(false);
    expect(localStorage.getItem(INSTALL_BANNER_KEY)).not.toBeNull();
  });
});

describe("install page", () => {
  it("offers the browser's install dialog when there is one, and says so once installed", async () => {
    mockApi({ social_link: { body: { data: LINKS } } });
    const { prompt } = offerInstall("accepted");
    renderWithProviders(<InstallPage />, { path: "/install" });
    expect(screen.getByRole("heading", { name: "Get the Shwe Lucky app" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Install the app" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("status")).toHaveTextContent("The app is installed");
  });
});
