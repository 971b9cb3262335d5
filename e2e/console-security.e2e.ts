import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { api, onPath, signIn } from "./support/console.ts";
import { english, type Lng, text } from "./support/locales.ts";

const ADMIN = { phone: "09400000001", password: "demo-operator-1" };

/** The code an authenticator app shows `ahead` steps from now. */
const totp = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

describe.skipIf(!hasChromium)("console security", () => {
  const browser = useBrowser();

  it("an admin invites an operator, who sets their own password and two-step sign-in through the link and needs a code at the next sign-in (desktop, English)", async () => {
    const lng: Lng = "en";
    const admin = (await api<{ token: string }>(browser.baseUrl, "POST", "user/login", ADMIN)).token;
    const phone = `0977${String(Date.now()).slice(-7)}`;
    const password = "night-shift-pass";
    const invited = await api<{ change: { status: string }; invitation: { path: string } }>(
      browser.baseUrl,
      "POST",
      "admin/operators",
      { phone, name: "Night Shift", role: "operator" },
      admin,
    );
    // The demo has a single admin: the account is added at once (the console says maker–checker is not in force).
    expect(invited.change.status).toBe("applied");

    // The invitee completes the invitation on their own device, without signing in.
    const desk = await browser.open("desktop");
    await desk.addInitScript(english);
    await desk.goto(invited.invitation.path);
    await desk.getByTestId("invitation-for").waitFor();
    await desk.getByRole("button", { name: text(lng, "admin:security.start"), exact: true }).click();
    await desk.getByRole("img", { name: text(lng, "admin:security.qr_label"), exact: true }).waitFor();
    const secret = (await desk.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await desk.getByLabel(text(lng, "admin:invitation.password"), { exact: true }).fill(password);
    await desk.getByLabel(text(lng, "admin:invitation.confirm"), { exact: true }).fill(password);
    await desk.getByLabel(text(lng, "admin:security.code"), { exact: true }).fill(await totp(secret));
    await desk.getByRole("button", { name: text(lng, "admin:invitation.complete"), exact: true }).click();
    const codes = desk.getByTestId("recovery-codes").locator("li");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await desk.screenshot({ path: "e2e/artifacts/console-security-enrolled.png" });

    // A new sign-in elsewhere: the console asks for the code first; a wrong one is refused.
    const other = await browser.open("mobile");
    await other.addInitScript(english);
    await other.goto("/admin");
    await other.waitForURL(onPath("/login"));
    await signIn(other, lng, { phone, password });
    await other.waitForURL(onPath("/admin"));
    await other.getByRole("heading", { name: text(lng, "admin:security.verify_title"), exact: true }).waitFor();
    await other.screenshot({ path: "e2e/artifacts/console-security-code.png" });
    await other.getByLabel(text(lng, "admin:security.code"), { exact: true }).fill("000000");
    await other.getByRole("button", { name: text(lng, "admin:security.verify"), exact: true }).click();
    await other.getByText(text(lng, "admin:errors.WRONG_CODE"), { exact: true }).waitFor();
    // The code of the next step (the one that set up the factor is spent; one step of drift is allowed).
    await other.getByLabel(text(lng, "admin:security.code"), { exact: true }).fill(await totp(secret, 1));
    await other.getByRole("button", { name: text(lng, "admin:security.verify"), exact: true }).click();
    await other.getByRole("heading", { name: text(lng, "admin:dashboard.title"), exact: true }).waitFor();
  });
});
