import { spawn } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import { generate } from "otplib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { api, onPath, signIn } from "./support/console.ts";
import { english, type Lng, text } from "./support/locales.ts";
import { type RunningServer, repoRoot, startServer } from "./support/server.ts";

/**
 * The first day of a production installation (docs/first-day.md), in APP_MODE=production on a
 * fresh PostgreSQL database: `npm run operator:create`, the admin's first console sign-in with the
 * second factor, the first payment method and promo code made in the console (browser), then
 * through the API: a second operator, the lottery's odds and first open draw, a player who
 * registers with the SMS code the (local, fake) gateway received, cashes in with the promo code,
 * is approved, sees the balance and bonus, bets on the first draw, passes level 2 and cashes out.
 */

const hasDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (hasChromium && !hasDatabase) {
  console.log(
    "[e2e] first-day journey SKIPPED: it runs in APP_MODE=production on PostgreSQL; set TEST_DATABASE_URL to a server it may create a database on.",
  );
}

const lng: Lng = "en";
const ADMIN = { phone: "09420000001", name: "First Admin", password: randomBytes(12).toString("base64url") };
const OPERATOR = { phone: "09420000002", name: "Second Pair", password: randomBytes(12).toString("base64url") };
const PLAYER = { phone: "09430000001", name: "Aung Aung", password: randomBytes(12).toString("base64url") };

/** The code an authenticator app shows `ahead` steps of 30 s from now. */
const totp = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

/** A fresh VAPID key pair (P-256; the private key exactly 32 bytes) and strong secrets, as `docs/operations.md` asks for. */
function productionSecrets(smsUrl: string): Record<string, string> {
  let ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  while (ecdh.getPrivateKey().length !== 32) {
    ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
  }
  return {
    HOUSE_SECRET: randomBytes(32).toString("hex"),
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString("base64url"),
    VAPID_SUBJECT: "mailto:ops@shwe-lucky.example",
    SMS_GATEWAY_URL: smsUrl,
    SMS_GATEWAY_TOKEN: randomBytes(24).toString("hex"),
  };
}

/** A local HTTP server that plays the SMS aggregator: it keeps every message and answers a message id. */
async function startSmsGateway(): Promise<{ url: string; messages: { to: string; text: string }[]; close(): Promise<void> }> {
  const messages: { to: string; text: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const message = JSON.parse(body) as { to: string; text: string };
      messages.push(message);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ message_id: `fake-${messages.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it answers something other than undefined (a condition, never a fixed wait). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `npm run operator:create` as the operator runs it on the server (password from OPERATOR_PASSWORD). */
function operatorCreate(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "operator:create", "--", ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      output += c.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/**
 * A level-2 screenshot: any real PNG does. Written here (a 64×64 gradient) rather than taken from a
 * browser page, whose capture of a blank new tab can fail on a busy machine.
 */
function screenshotPng(): Buffer {
  const size = 64;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(x * 4, y * 4, 160);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.skipIf(!hasChromium || !hasDatabase)("first day of a production installation", () => {
  let server: RunningServer;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let browser: Browser;
  let env: Record<string, string>;

  beforeAll(async () => {
    sms = await startSmsGateway();
    env = productionSecrets(sms.url);
    server = await startServer({ mode: "production", env });
    expect(server.database).toBe("postgres");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sms?.close();
  });

  it("an operator starts from an empty database and takes the first player's money in and out without SQL", async () => {
    const base = server.baseUrl;
    // 1. The first admin, from the command line on the server.
    const created = await operatorCreate(
      { ...env, APP_MODE: "production", DATABASE_URL: server.databaseUrl as string, OPERATOR_PASSWORD: ADMIN.password },
      ["--phone", ADMIN.phone, "--name", ADMIN.name, "--role", "admin"],
    );
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain(`Added admin ${ADMIN.name}`);

    // 2. First console sign-in: production asks for two-step sign-in before anything else.
    const context = await newContext(browser, "desktop", base);
    const page = await context.newPage();
    await page.addInitScript(english);
    await page.goto("/admin");
    await page.waitForURL(onPath("/login"));
    await signIn(page, lng, ADMIN);
    await page.waitForURL(onPath("/admin"));
    await page.getByRole("button", { name: text(lng, "admin:security.start"), exact: true }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel(text(lng, "admin:security.code"), { exact: true }).fill(await totp(secret));
    await page.getByRole("button", { name: text(lng, "admin:security.enable"), exact: true }).click();
    await page.getByTestId("recovery-codes").locator("li").first().waitFor();
    await page.getByRole("button", { name: text(lng, "admin:security.recovery_saved"), exact: true }).click();
    await page.getByRole("heading", { name: text(lng, "admin:dashboard.title"), exact: true }).waitFor();
    const adminToken = await page.evaluate(
      () => (JSON.parse(localStorage.getItem("user-info") ?? "{}") as { state?: { user?: { token?: string } } }).state?.user?.token ?? "",
    );
    expect(adminToken).not.toBe("");

    // 3. The first payment method, in the console (a new site has none: players could not cash in).
    await page.goto("/admin/payment-methods");
    await page.getByText(text(lng, "admin:payments.none"), { exact: true }).waitFor();
    const method = page.getByTestId("new-payment-method");
    await method.getByLabel(text(lng, "admin:payments.name"), { exact: true }).fill("KBZPay");
    await method.getByLabel(text(lng, "admin:payments.logo"), { exact: true }).fill("/img/payments/kbzpay.svg");
    await method.getByLabel(text(lng, "admin:payments.account_name"), { exact: true }).fill("Shwe Lucky Ltd");
    await method.getByLabel(text(lng, "admin:payments.account_number"), { exact: true }).fill("09791234567");
    await method.getByLabel(text(lng, "admin:payments.min_amount"), { exact: true }).fill("1,000");
    await method.getByLabel(text(lng, "admin:payments.max_amount"), { exact: true }).fill("5,000,000");
    await method.getByRole("button", { name: text(lng, "admin:payments.add"), exact: true }).click();
    await page.getByTestId("payment-method-1").waitFor();
    const cashInMethods = await api<{ id: number; name: string; account_number: string }[]>(base, "GET", "payment-method/show-cashin");
    expect(cashInMethods).toEqual([expect.objectContaining({ id: 1, name: "KBZPay", account_number: "09791234567" })]);

    // 4. The first promo code, in the console: 10 % up to 5,000 Ks, turnover × 2, once per player.
    await page.goto("/admin/promo-codes");
    await page.getByText(text(lng, "admin:promos.none"), { exact: true }).waitFor();
    const promo = page.getByTestId("new-promo-code");
    await promo.getByLabel(text(lng, "admin:promos.code"), { exact: true }).fill("FIRSTDAY");
    await promo.getByLabel(text(lng, "admin:promos.percent"), { exact: true }).fill("10");
    await promo.getByLabel(text(lng, "admin:promos.max_bonus"), { exact: true }).fill("5,000");
    await promo.getByLabel(text(lng, "admin:promos.turnover_multiplier"), { exact: true }).fill("2");
    await promo.getByLabel(text(lng, "admin:promos.max_uses"), { exact: true }).fill("1,000");
    await promo.getByLabel(text(lng, "admin:promos.max_uses_per_player"), { exact: true }).fill("1");
    await promo.getByRole("button", { name: text(lng, "admin:promos.create"), exact: true }).click();
    const promoCard = page.getByTestId("promo-code-FIRSTDAY");
    await promoCard.waitFor();
    await page.getByRole("region", { name: "FIRSTDAY" }).getByText(text(lng, "admin:promos.state_running"), { exact: true }).waitFor();
    await page.screenshot({ path: "e2e/artifacts/first-day-promo-codes.png" });
    await context.close();

    // 5. A second operator (the second pair of eyes), invited by the admin: they complete the
    //    invitation on their own device with their own password and second factor. With one admin,
    //    the account is added at once (the console says maker–checker is not in force yet).
    const invited = await api<{ change: { status: string }; invitation: { path: string } }>(
      base,
      "POST",
      "admin/operators",
      { phone: OPERATOR.phone, name: OPERATOR.name, role: "operator" },
      adminToken,
    );
    expect(invited.change.status).toBe("applied");
    const invitation = invited.invitation.path.split("#")[1] ?? "";
    const opSetup = await api<{ secret: string }>(base, "POST", "console-invitation/setup", { token: invitation });
    await api(base, "POST", "console-invitation/complete", {
      token: invitation,
      password: OPERATOR.password,
      code: await totp(opSetup.secret),
    });
    const opToken = (await api<{ token: string }>(base, "POST", "user/login", { phone: OPERATOR.phone, password: OPERATOR.password }))
      .token;
    // The code that set up the factor is spent; the next step's code passes (one step of drift is allowed).
    await api(base, "POST", "admin/2fa/verify", { code: await totp(opSetup.secret, 1) }, opToken);

    // 6. The lottery: the admin sets the 2D odds; the first 2D draw is open for bets.
    await api(base, "PUT", "admin/lottery/2D", { odds: 85 }, adminToken);
    const draw = await until("an open 2D draw", async () => {
      const list = await api<{ data: { id: number; status: string }[] }>(
        base,
        "GET",
        "admin/draws?type=2D&status=open",
        undefined,
        opToken,
      );
      return list.data[0];
    });

    // 7. The first player registers with the code the SMS gateway received.
    await api(base, "POST", "user/send_otp", { phone: PLAYER.phone, purpose: "register" });
    const sent = await until("the registration SMS", async () => sms.messages.find((m) => m.to === `+95${PLAYER.phone.slice(1)}`));
    const code = /\b(\d{6})\b/.exec(sent.text)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const { otp_token } = await api<{ otp_token: string }>(base, "POST", "user/verify_otp", {
      phone: PLAYER.phone,
      purpose: "register",
      code,
    });
    const session = await api<{ token: string }>(base, "POST", "user/verify_register", {
      phone: PLAYER.phone,
      name: PLAYER.name,
      password: PLAYER.password,
      otp_token,
    });
    const player = session.token;

    // 8. Cash-in with the promo code; the second operator approves; the player sees main balance and bonus.
    const cashIn = await api<{ id: number }>(
      base,
      "POST",
      "cash-in",
      { payment_method_id: 1, amount: 50_000, last_six_digits: "482913", promo_code: "firstday" },
      player,
    );
    await api(base, "POST", `admin/cash-requests/${cashIn.id}/approve`, {}, opToken);
    const profile = await api<{ balance: number; game_balance: number; turnover: number }>(base, "GET", "user/profile", undefined, player);
    expect(profile).toMatchObject({ balance: 50_000, game_balance: 5_000 });
    const codes = await api<{ data: { code: string; uses: number }[] }>(base, "GET", "admin/promo-codes", undefined, adminToken);
    expect(codes.data).toEqual([expect.objectContaining({ code: "FIRSTDAY", uses: 1 })]);

    // 9. A bet on the first draw.
    await api(base, "POST", "user/betting", { draw_id: draw.id, lines: [{ number: "25", amount: 1_000 }] }, player);

    // 10. Level 2 (needed for cash-out): the player uploads a screenshot and the admin approves it.
    const png = screenshotPng();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "wallet.png");
    const upload = await fetch(`${base}/api/user/lvl_2`, { method: "POST", headers: { authorization: `Bearer ${player}` }, body: form });
    expect(upload.status, await upload.text()).toBe(200);
    const me = await api<{ id: number }>(base, "GET", "user/profile", undefined, player);
    await api(base, "POST", `admin/users/${me.id}/lvl_2`, { decision: "approve" }, adminToken);

    // 11. The first cash-out, approved by the admin: the money left main balance at the request and is paid out.
    const cashOut = await api<{ id: number }>(
      base,
      "POST",
      "cash-out",
      { payment_method_id: 1, amount: 20_000, account_number: "09795550001", holder_name: PLAYER.name, password: PLAYER.password },
      player,
    );
    await api(base, "POST", `admin/cash-requests/${cashOut.id}/approve`, {}, adminToken);
    const after = await api<{ balance: number; game_balance: number }>(base, "GET", "user/profile", undefined, player);
    expect(after).toMatchObject({ balance: 50_000 - 1_000 - 20_000, game_balance: 5_000 });
    const history = await api<{ data: { id: number; status: string }[] }>(base, "GET", "user/cash_out_history", undefined, player);
    expect(history.data.find((r) => r.id === cashOut.id)?.status).toBe("approved");

    // Every console change of the day is in the audit log.
    const audit = await api<{ data: { action: string }[] }>(base, "GET", "admin/audit-log?per_page=200", undefined, adminToken);
    const actions = new Set(audit.data.map((a) => a.action));
    for (const action of ["payment_method.create", "promo_code.create", "cash_request.approve"]) expect(actions).toContain(action);
  });
});
