import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { api, onPath, signIn } from "./support/console.ts";
import { type Lng, text } from "./support/locales.ts";
import { latestOtp, newPhone } from "./support/outbox.ts";

const OPERATOR = { phone: "09400000002", password: "demo-operator-2" };

describe.skipIf(!hasChromium)("console: players", () => {
  const browser = useBrowser();

  it("an operator finds a new player, sees where they signed up, and blocks them; the player's open page signs them out (desktop, English)", async () => {
    const lng: Lng = "en";
    // A player registers (API, with the demo SMS outbox) and has the site open on a phone.
    const phone = newPhone();
    const password = "player-pass-1";
    await api(browser.baseUrl, "POST", "user/send_otp", { phone, purpose: "register" });
    const code = await latestOtp(browser.baseUrl, phone);
    const { otp_token } = await api<{ otp_token: string }>(browser.baseUrl, "POST", "user/verify_otp", {
      phone,
      purpose: "register",
      code,
    });
    await api(browser.baseUrl, "POST", "user/verify_register", { phone, name: "Ko Block", password, otp_token });
    const player = await browser.open("mobile");
    await player.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    await player.goto("/profile");
    await player.waitForURL(onPath("/login"));
    await signIn(player, lng, { phone, password });
    await player.waitForURL(onPath("/profile"));

    // The operator finds them by phone and opens their page.
    const desk = await browser.open("desktop");
    await desk.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    await desk.goto("/admin/players");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, lng, OPERATOR);
    await desk.waitForURL(onPath("/admin/players"));
    await desk.getByLabel(text(lng, "admin:players.searchLabel"), { exact: true }).fill(phone);
    await desk.getByRole("link", { name: /Ko Block/ }).click();
    await desk.getByRole("heading", { name: "Ko Block", exact: true }).waitFor();
    // Access and ties: at least the sign-in the player just made.
    await desk.getByRole("heading", { name: text(lng, "admin:player_access.title"), exact: true }).waitFor();
    await desk.getByRole("heading", { name: text(lng, "admin:player_access.sign_ins"), exact: true }).waitFor();

    // Block with a reason.
    await desk.getByRole("button", { name: text(lng, "admin:player.block"), exact: true }).click();
    const dialog = desk.getByRole("dialog");
    await dialog.getByLabel(text(lng, "admin:reason.label"), { exact: true }).fill("Chargeback reported by the wallet");
    const decided = desk.waitForResponse((r) => /\/api\/admin\/users\/\d+\/block$/.test(new URL(r.url()).pathname));
    await dialog.getByRole("button", { name: text(lng, "admin:player.block"), exact: true }).click();
    expect((await decided).status()).toBe(200);
    await desk.getByText(text(lng, "admin:players.blocked"), { exact: true }).first().waitFor();
    await desk.screenshot({ path: "e2e/artifacts/console-player-blocked.png", fullPage: true });

    // The player's next call is refused: the site signs them out.
    await player.reload();
    await player.waitForURL(onPath("/login"), { timeout: 15_000 });
    await signIn(player, lng, { phone, password });
    await player.getByText(text(lng, "auth:errors.BLOCKED")).first().waitFor({ state: "visible" });
  });
});
