import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { onPath, signIn } from "./support/console.ts";
import { english, type Lng, text } from "./support/locales.ts";

const OPERATOR = { phone: "09400000002", password: "demo-operator-2" };
const PLAYER = { phone: "09500000002", password: "demo-player-2" };
/** A small PNG (16×16, gold): the operator's screenshot. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWP4sEWDJMQwqmHLaCh9GK5JAwBUX8wQFwNpRQAAAABJRU5ErkJggg==",
  "base64",
);
/** Where the journey leaves its screenshots (SHOTS_DIR to keep them), none when unset. */
const SHOTS = process.env.SHOTS_DIR;

describe.skipIf(!hasChromium)("support chat", () => {
  const browser = useBrowser();

  it("a player writes to support, an operator answers in the console, the player sees the answer live with the unread badge", async () => {
    const lng: Lng = "en";
    const shot = async (page: import("playwright-core").Page, name: string) => {
      if (!SHOTS) return;
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
    };

    // The player, phone size, on the 2D page: the chat button sits above the bet bar.
    const page = await browser.open("mobile");
    await page.addInitScript(english);
    await page.goto("/login");
    await signIn(page, lng, PLAYER);
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.goto("/two/lottery");
    const button = page.getByTestId("support-button");
    await button.waitFor();
    await shot(page, "player-2d-button-390");
    await button.click();
    const panel = page.getByTestId("support-panel");
    await panel.waitFor();
    const question = `Cash-in not received ${Date.now()}`;
    await page.getByLabel(text(lng, "support:message"), { exact: true }).fill(question);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/support/messages");
    await panel.getByRole("button", { name: text(lng, "support:send"), exact: true }).click();
    expect((await sent).status()).toBe(201);
    await panel.getByText(question).waitFor();
    await shot(page, "player-panel-390");
    // The panel is closed: an answer now shows as the badge.
    await panel
      .getByRole("button", { name: text(lng, "support:close"), exact: true })
      .first()
      .click();
    await button.waitFor();

    // The operator opens the conversation in the console's inbox and answers.
    const desk = await browser.open("desktop");
    await desk.addInitScript(english);
    // What the console's socket hears (the inbox is live over it, not polled).
    const consoleFrames: Record<string, unknown>[] = [];
    desk.on("websocket", (ws) =>
      ws.on("framereceived", (f) => {
        try {
          consoleFrames.push(JSON.parse(String(f.payload)));
        } catch {}
      }),
    );
    await desk.goto("/admin/support");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, lng, OPERATOR);
    await desk.waitForURL(onPath("/admin/support"));
    const row = desk.getByTestId("support-inbox").getByRole("button").filter({ hasText: question });
    await row.click();
    await desk.getByTestId("support-thread").getByText(question).waitFor();
    await desk.getByTestId("support-context").waitFor();
    const reply = `ငွေသွင်းကို စစ်ဆေးနေပါသည် ${Date.now()}`;
    await desk.getByLabel(text(lng, "support:console.answer"), { exact: true }).fill(reply);
    const answered = desk.waitForResponse((r) => /\/api\/admin\/support\/conversations\/\d+\/messages$/.test(new URL(r.url()).pathname));
    await desk.getByRole("button", { name: text(lng, "support:console.send"), exact: true }).click();
    expect((await answered).status()).toBe(201);
    await desk.getByTestId("support-thread").getByText(reply).waitFor();
    await shot(desk, "console-inbox-1280");

    // Live on the player's page, without a reload: the badge, then the answer in the panel.
    await page.getByTestId("support-unread").filter({ hasText: "1" }).waitFor({ timeout: 10_000 });
    await shot(page, "player-badge-390");
    await button.click();
    await panel.getByText(reply).waitFor();
    await page.getByTestId("support-unread").waitFor({ state: "detached" });

    // The console's socket watches the inbox: the player's next message comes to the open conversation over it.
    await expect
      .poll(() => consoleFrames.some((f) => f.type === "watching" && (f.topics as string[]).includes("support:inbox")))
      .toBe(true);
    const followUp = `I paid with KBZPay ${Date.now()}`;
    await page.getByLabel(text(lng, "support:message"), { exact: true }).fill(followUp);
    await panel.getByRole("button", { name: text(lng, "support:send"), exact: true }).click();
    // The sent message in the thread (the box may still hold the same words for a moment).
    await panel.getByTestId("support-messages").getByText(followUp).waitFor();
    await expect.poll(() => consoleFrames.some((f) => f.type === "support_inbox" && f.change === "message")).toBe(true);
    await desk.getByTestId("support-thread").getByText(followUp).waitFor();

    // The operator sends a screenshot back; the player's panel shows it.
    await desk.getByTestId("console-support-file").setInputFiles({ name: "account.png", mimeType: "image/png", buffer: PNG });
    const imaged = desk.waitForResponse((r) => /\/api\/admin\/support\/conversations\/\d+\/images$/.test(new URL(r.url()).pathname));
    await desk.getByRole("button", { name: text(lng, "support:console.send"), exact: true }).click();
    expect((await imaged).status()).toBe(201);
    await panel.getByRole("img", { name: text(lng, "support:image") }).waitFor();
    await shot(page, "player-answer-390");
    if (SHOTS) {
      // The same screens at the other size: the panel on a wide screen, the inbox on a phone.
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, "player-panel-1280");
      await desk.setViewportSize({ width: 390, height: 844 });
      await shot(desk, "console-conversation-390");
      await desk.getByRole("button", { name: text(lng, "support:console.back"), exact: true }).click();
      await desk.getByTestId("support-inbox").waitFor();
      await shot(desk, "console-inbox-390");
    }
    expect(browser.errorsOf(page)).toEqual([]);
    expect(browser.errorsOf(desk)).toEqual([]);
  }, 60_000);
});
