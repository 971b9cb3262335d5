import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { api, onPath, signIn } from "./support/console.ts";
import { english, type Lng, text } from "./support/locales.ts";
import { latestOtp, newPhone } from "./support/outbox.ts";
import { registerPlayer } from "./support/players.ts";

/** The second demo operator: not an admin. */
const OPERATOR = { phone: "09400000002", password: "demo-operator-2" };
const ADMIN = { phone: "09400000001", password: "demo-operator-1" };
const ADMIN_NAME = "Demo Operator 1";

interface AdminDraw {
  id: number;
  type: string;
  draw_at: string;
  status: string;
  commitment: string | null;
  void_reason: string | null;
}

/** Open fair 2D draws with the 1D draw that takes its number (same time, same commitment), latest first. */
async function fairPairs(baseUrl: string, token: string): Promise<{ twoD: AdminDraw; oneD: AdminDraw }[]> {
  const list = async (type: string) =>
    (await api<{ data: AdminDraw[] }>(baseUrl, "GET", `admin/draws?type=${type}&limit=50`, undefined, token)).data;
  const [twos, ones] = await Promise.all([list("2D"), list("1D")]);
  return twos
    .filter((d) => d.status === "open" && d.commitment !== null)
    .map((twoD) => ({
      twoD,
      oneD: ones.find((o) => o.status === "open" && o.draw_at === twoD.draw_at && o.commitment === twoD.commitment),
    }))
    .filter((p): p is { twoD: AdminDraw; oneD: AdminDraw } => p.oneD !== undefined)
    .sort((a, b) => Date.parse(b.twoD.draw_at) - Date.parse(a.twoD.draw_at));
}

/**
 * A fair 2D draw still open with the 1D draw that takes its number beside it: the latest such pair, so
 * the draw every board offers first stays open. A change of the 2D schedule and back (the lottery
 * journey does one) makes new 2D draws; the 1D draws at their times that nobody bet on take their seeds.
 */
async function openFairPair(baseUrl: string, token: string): Promise<{ twoD: AdminDraw; oneD: AdminDraw }> {
  const pairs = await fairPairs(baseUrl, token);
  const latest = pairs[0];
  if (!latest || pairs.length < 2) throw new Error(`Expected at least two open fair 2D draws with their 1D draws, found ${pairs.length}.`);
  return latest;
}

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
    await player.addInitScript(english);
    await player.goto("/profile");
    await player.waitForURL(onPath("/login"));
    await signIn(player, lng, { phone, password });
    await player.waitForURL(onPath("/profile"));

    // The operator finds them by phone and opens their page.
    const desk = await browser.open("desktop");
    await desk.addInitScript(english);
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

  it("an operator who is not an admin reads game settings without a form to change them, voids a 2D draw with its 1D, and reads a player's points, who asked for an adjustment and the player's own sign-in (desktop, English)", async () => {
    const lng: Lng = "en";
    const baseUrl = browser.baseUrl;
    const admin = (await api<{ token: string }>(baseUrl, "POST", "user/login", ADMIN)).token;
    // A player who signed in, and a large adjustment the admin asked for, waiting for a second operator.
    const player = await registerPlayer(baseUrl, "Ma Points");
    await api(baseUrl, "POST", "user/login", { phone: player.phone, password: player.password });
    const asked = await api<{ status: string; adjustment_id: number }>(
      baseUrl,
      "POST",
      `admin/users/${player.id}/adjust`,
      { amount: 1_500_000, reason: "Jackpot paid at the counter" },
      admin,
    );
    expect(asked.status).toBe("pending");
    const { twoD, oneD } = await openFairPair(baseUrl, admin);

    const desk = await browser.open("desktop");
    await desk.addInitScript(english);
    await desk.goto("/admin/lottery/settings/2D");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, lng, OPERATOR);
    await desk.waitForURL(onPath("/admin/lottery/settings/2D"));

    // Game settings: read-only, and the page says who can change them.
    await desk.getByText(text(lng, "admin:lottery.read_only"), { exact: true }).waitFor();
    const name = desk.getByLabel(text(lng, "admin:lottery.name"), { exact: true });
    await name.waitFor();
    expect(await name.isDisabled()).toBe(true);
    expect(await desk.getByRole("button", { name: text(lng, "admin:actions.save"), exact: true }).count()).toBe(0);

    // Voiding the 2D draw: the dialog says the 1D draw at the same time goes with it; afterwards it is void.
    await desk.goto(`/admin/lottery/draws/${twoD.id}`);
    await desk.getByRole("button", { name: text(lng, "admin:lottery.void"), exact: true }).click();
    const dialog = desk.getByRole("dialog", { name: text(lng, "admin:lottery.voidTitle"), exact: true });
    await dialog.getByText(text(lng, "admin:lottery.voidDerived", { derived: "1D" }), { exact: true }).waitFor();
    await dialog.getByLabel(text(lng, "admin:reason.label"), { exact: true }).fill("Market closed for a holiday");
    await dialog.getByRole("button", { name: text(lng, "admin:lottery.void"), exact: true }).click();
    await desk.getByText(text(lng, "admin:lottery.voided"), { exact: true }).first().waitFor();
    await desk.goto(`/admin/lottery/draws/${oneD.id}`);
    await desk
      .getByRole("heading", {
        name: text(lng, "admin:lottery.drawTitle", { game: text(lng, "admin:lottery.gameNames.1D"), id: oneD.id }),
        exact: true,
      })
      .waitFor();
    await desk.getByText(text(lng, "admin:lottery.status.void"), { exact: true }).first().waitFor();
    const oneDAfter = await api<AdminDraw>(baseUrl, "GET", `admin/draws/${oneD.id}`, undefined, admin);
    expect(oneDAfter.status).toBe("void");

    // The player's page: points as points, and the pending adjustment names the operator who asked.
    await desk.goto(`/admin/players/${player.id}`);
    await desk.getByRole("heading", { name: player.name, exact: true }).waitFor();
    const points = desk
      .locator("dt", { hasText: new RegExp(`^${text(lng, "admin:balances.point")}$`) })
      .locator("xpath=following-sibling::dd");
    await points.filter({ hasText: new RegExp(`^${text(lng, "admin:balances.pointValue", { points: "0" })}$`) }).waitFor();
    const pending = desk.getByRole("listitem").filter({ hasText: "Jackpot paid at the counter" });
    await pending.getByText(new RegExp(`${text(lng, "admin:adjustments.requestedBy", { who: ADMIN_NAME })} ·`)).waitFor();

    // The audit log: the player's own sign-in is labelled the player's.
    await desk.goto(`/admin/audit-log?actor=${player.phone}&action=auth.login`);
    const row = desk.getByRole("listitem").filter({ hasText: player.phone }).first();
    await row.getByText("auth.login", { exact: true }).waitFor();
    await row
      .getByTestId("audit-actor-player")
      .filter({ hasText: new RegExp(`^${text(lng, "admin:audit.player")}$`) })
      .waitFor();

    await api(baseUrl, "POST", `admin/adjustments/${asked.adjustment_id}/reject`, { reason: "Journey done" }, admin);
  });
});
