import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import enPush from "../../../../public/locales/en/push.json";
import mmPush from "../../../../public/locales/mm/push.json";
import { createInstance } from "../../../lib/i18n-core.ts";
import { I18nextProvider, initReactI18next } from "../../../lib/i18n-react.tsx";
import { mockApi } from "../test/render.tsx";
import { NotificationsCard } from "./notifications-card.tsx";

function renderCard(lng: "en" | "mm" = "en") {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    ns: ["push"],
    defaultNS: "push",
    resources: { en: { push: enPush }, mm: { push: mmPush } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <NotificationsCard />
    </I18nextProvider>,
  );
}

/** A browser with the Push API: a service worker registration whose push manager hands out one subscription. */
function pushBrowser(opts: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  const sub = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      expirationTime: null,
      keys: { p256dh: "P".repeat(87), auth: "A".repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let current = opts.subscribed ? sub : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = sub;
      return sub;
    }),
  };
  const reg = { pushManager };
  vi.stubGlobal("isSecureContext", true);
  vi.stubGlobal("PushManager", function PushManager() {});
  const requestPermission = vi.fn(async () => opts.answer ?? "granted");
  vi.stubGlobal("Notification", { permission: opts.permission ?? "default", requestPermission });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => reg), register: vi.fn(async () => reg), ready: Promise.resolve(reg) },
  });
  return { sub, pushManager, requestPermission };
}

const KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("NotificationsCard", () => {
  it("says so when the browser cannot do push, and the switch stays off and disabled", async () => {
    const api = mockApi({});
    renderCard();
    const toggle = screen.getByRole("switch", { name: /Get a notification/ });
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(toggle).toBeDisabled();
    expect(api.calls).toEqual([]);
  });

  it("in Burmese too", async () => {
    mockApi({});
    renderCard("mm");
    expect(await screen.findByText(/ဤဘရောက်ဆာတွင် အသိပေးချက်များ မပြနိုင်ပါ/)).toBeInTheDocument();
  });

  it("says so when notifications are blocked", async () => {
    pushBrowser({ permission: "denied" });
    mockApi({});
    renderCard();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.getByRole("switch")).toBeDisabled();
  });

  it("opts in: permission, subscription with the server's key, saved with the page's language", async () => {
    const browser = pushBrowser();
    const api = mockApi({
      "GET /api/push/public-key": () => ({ body: { public_key: KEY } }),
      "POST /api/user/save_device_token": () => ({ body: { subscribed: true } }),
    });
    renderCard();
    const toggle = screen.getByRole("switch");
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
    expect(browser.requestPermission).toHaveBeenCalled();
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(options[0].applicationServerKey).toHaveLength(65);
    expect(api.callsTo("/api/user/save_device_token")).toEqual([
      {
        path: "/api/user/save_device_token",
        method: "POST",
        body: {
          endpoint: browser.sub.endpoint,
          expirationTime: null,
          keys: browser.sub.toJSON().keys,
          language: "en",
        },
      },
    ]);
    expect(screen.getByText("Notifications are on for this device.")).toBeInTheDocument();
  });

  it("refused permission: stays off, says so, saves nothing", async () => {
    const browser = pushBrowser({ answer: "denied" });
    const api = mockApi({ "GET /api/push/public-key": () => ({ body: { public_key: KEY } }) });
    renderCard();
    const toggle = screen.getByRole("switch");
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo("/api/user/save_device_token")).toEqual([]);
  });

  it("a server failure shows a line and leaves the switch off", async () => {
    pushBrowser();
    mockApi({
      "GET /api/push/public-key": () => ({
        status: 503,
        body: { message: "Notifications are not available right now.", code: "PUSH_UNAVAILABLE" },
      }),
    });
    renderCard();
    const toggle = screen.getByRole("switch");
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText("Notifications could not be changed. Please try again.")).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-checked", "false");
  });

  it("opts out: shows on when saved, then forgets the subscription on the server and in the browser", async () => {
    const browser = pushBrowser({ permission: "granted", subscribed: true });
    const api = mockApi({
      "POST /api/push/status": () => ({ body: { subscribed: true } }),
      "DELETE /api/user/save_device_token": () => ({ body: { subscribed: false } }),
    });
    renderCard();
    const toggle = screen.getByRole("switch");
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    expect(api.callsTo("/api/user/save_device_token")).toEqual([
      { path: "/api/user/save_device_token", method: "DELETE", body: { endpoint: browser.sub.endpoint } },
    ]);
    expect(browser.sub.unsubscribe).toHaveBeenCalled();
  });
});
