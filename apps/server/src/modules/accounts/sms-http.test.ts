import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { buildApp } from "../../app.ts";
import type { ZodApp } from "../../app-context.ts";
import { type Config, ConfigError, loadConfig, type SmsGatewayConfig, testConfig } from "../../config/env.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { openTestDatabase } from "../../test/test-app.ts";
import { newPhone, post } from "./accounts.test-helpers.ts";
import { ConsoleSmsGateway } from "./sms.ts";
import { HttpSmsGateway } from "./sms-http.ts";
import { DEFAULT_SMS_BODY_TEMPLATE, parseSmsBodyTemplate, SmsTemplateError } from "./sms-template.ts";

// ---------------------------------------------------------------------------------------------
// A stand-in SMS aggregator on 127.0.0.1: records every request and answers from a script.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** Answer only once this resolves. */
  hold?: Promise<void>;
}

class StubGateway {
  readonly received: Received[] = [];
  private script: Reply[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        const n = this.received.length;
        const reply = this.script.shift() ?? { status: 200, body: JSON.stringify({ message_id: `m-${n}` }) };
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(reply.body ?? "");
        };
        const wait = reply.hold ?? new Promise<void>((r) => setTimeout(r, reply.delayMs ?? 0));
        void wait.then(answer);
      });
    });
    await new Promise<void>((r) => this.server?.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/sms`;
  }

  /** The next answers, in order; afterwards 200 with a message id. */
  answer(...replies: Reply[]): void {
    this.script = replies;
  }

  reset(): void {
    this.received.length = 0;
    this.script = [];
  }

  /** The code in the n-th (default last) message received. */
  code(n = this.received.length - 1): string {
    const text: string = JSON.parse(this.received[n]?.body ?? "{}").text ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in ${text}`);
    return code;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()));
  }
}

// ---------------------------------------------------------------------------------------------
// A production app whose log (level trace) is kept in memory.

const TOKEN = "sms-gateway-token-0123456789";
const stub = new StubGateway();
const logLines: string[] = [];
let database: Database;
let closeDatabase: () => Promise<void>;
const apps: ZodApp[] = [];

function smsConfig(overrides: Partial<SmsGatewayConfig> = {}): SmsGatewayConfig {
  return {
    url: stub.url,
    token: TOKEN,
    bodyTemplate: '{"recipient":{"msisdn":"{{to_e164}}","local":"{{to}}"},"text":"{{text}}","ref":"{{reference}}","kind":"{{purpose}}"}',
    timeoutMs: 2000,
    maxAttempts: 3,
    retryDelayMs: 10,
    messageIdField: "message_id",
    ...overrides,
  };
}

async function productionApp(sms: SmsGatewayConfig | undefined): Promise<ZodApp> {
  const config: Config = testConfig({ mode: "production", logLevel: "trace", rateLimits: { enabled: false, factor: 1 }, sms });
  const logger = pino({ level: "trace" }, { write: (line: string) => void logLines.push(line) });
  const { app } = await buildApp({ config, database, logger });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  await stub.start();
  const opened = await openTestDatabase(testConfig(), false);
  database = opened.database;
  closeDatabase = async () => {
    await database.close();
    await opened.drop();
  };
});
afterEach(() => stub.reset());
afterAll(async () => {
  for (const app of apps) await app.close();
  await closeDatabase();
  await stub.close();
});

interface DeliveryRow {
  id: number;
  phone: string;
  purpose: string;
  gateway: string;
  status: string;
  attempts: number;
  provider_message_id: string | null;
  last_error: string | null;
}

async function deliveries(phone: string): Promise<DeliveryRow[]> {
  const res = await database.db.execute(sql`select * from sms_deliveries where phone = ${phone} order by id`);
  return rowsOf<DeliveryRow>(res);
}

/** Every text column of sms_deliveries, and the demo outbox, searched for the code. */
async function rowsHolding(code: string, phone: string): Promise<number> {
  const cols = rowsOf<{ column_name: string }>(
    await database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'sms_deliveries' and data_type = 'text' and column_name <> 'phone'`,
    ),
  ).map((c) => c.column_name);
  expect(cols).toEqual(expect.arrayContaining(["purpose", "status", "provider_message_id", "last_error"]));
  let n = 0;
  for (const col of cols) {
    const res = await database.db.execute(
      sql`select count(*)::int as n from sms_deliveries where phone = ${phone} and ${sql.identifier(col)} like ${`%${code}%`}`,
    );
    n += Number(rowsOf<{ n: number }>(res)[0]?.n);
  }
  const outbox = await database.db.execute(
    sql`select count(*)::int as n from sms_outbox where "to" = ${phone} or text like ${`%${code}%`}`,
  );
  return n + Number(rowsOf<{ n: number }>(outbox)[0]?.n);
}

async function otpRow(phone: string) {
  const res = await database.db.execute(
    sql`select attempts, consumed_at is not null as consumed, expires_at <= now() as expired from otp_codes where phone = ${phone} order by id desc limit 1`,
  );
  return rowsOf<{ attempts: number; consumed: boolean; expired: boolean }>(res)[0];
}

// ---------------------------------------------------------------------------------------------

describe("production SMS through the HTTP gateway", () => {
  let app: ZodApp;
  beforeAll(async () => {
    app = await productionApp(smsConfig());
  });

  it("sends the code to the gateway and never writes it to a log line or the database", async () => {
    logLines.length = 0;
    const phone = newPhone();
    const sent = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: "Verification code sent!" });

    // What the gateway received: the bearer token and the templated JSON body.
    expect(stub.received).toHaveLength(1);
    const [request] = stub.received;
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request?.body ?? "");
    const [delivery] = await deliveries(phone);
    expect(body).toEqual({
      recipient: { msisdn: `+95${phone.slice(1)}`, local: phone },
      text: expect.stringMatching(/^Shwe Lucky sign-up code: \d{6}\. It expires in 5 minutes\./),
      ref: String(delivery?.id),
      kind: "otp_register",
    });
    const code = stub.code();

    const wrong = await post(app, "/api/user/verify_otp", { phone, purpose: "register", code: code === "000000" ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(422);
    const verified = await post(app, "/api/user/verify_otp", { phone, purpose: "register", code });
    expect(verified.statusCode, verified.body).toBe(200);
    const otpToken: string = verified.json().otp_token;
    const registered = await post(app, "/api/user/verify_register", {
      phone,
      name: "Gateway Player",
      password: "correct horse 1",
      otp_token: otpToken,
    });
    expect(registered.statusCode, registered.body).toBe(201);

    // The delivery is stored as sent, with the gateway's message id and nothing of the message.
    expect(await deliveries(phone)).toEqual([
      {
        id: delivery?.id,
        phone,
        purpose: "otp_register",
        gateway: "http",
        status: "sent",
        attempts: 1,
        provider_message_id: "m-1",
        last_error: null,
        created_at: expect.anything(),
        updated_at: expect.anything(),
      },
    ]);
    expect(await rowsHolding(code, phone)).toBe(0);

    // The log was written at trace level (request logs included) and names the delivery, but holds
    // neither the code, the message, the otp_token nor the full phone.
    const log = logLines.join("");
    expect(logLines.some((l) => l.includes("/api/user/verify_otp") && l.includes("incoming request"))).toBe(true);
    const sentLine = logLines.find((l) => l.includes('"sms sent"'));
    expect(JSON.parse(sentLine ?? "{}").sms).toEqual({
      delivery: Number(delivery?.id),
      to: `********${phone.slice(8)}`,
      purpose: "otp_register",
      gateway: "http",
      attempts: 1,
      provider_message_id: "m-1",
    });
    expect(log).not.toContain(code);
    expect(log).not.toContain("sign-up code");
    expect(log).not.toContain(otpToken);
    expect(log).not.toContain(phone);
  });

  it("sends no request and no SMS when the call is refused", async () => {
    const res = await post(app, "/api/user/send_otp", { phone: newPhone(), purpose: "reset" });
    expect(res.statusCode).toBe(404);
    expect(stub.received).toHaveLength(0);
  });

  it("has no demo outbox", async () => {
    const res = await app.inject({ method: "GET", url: `/api/dev/outbox?phone=${newPhone()}` });
    expect(res.statusCode).toBe(404);
  });

  it("calls the gateway with no database transaction open: code and queued delivery are committed first", async () => {
    const phone = newPhone();
    let release: () => void = () => undefined;
    stub.answer({ status: 200, body: '{"message_id":"late"}', hold: new Promise<void>((r) => (release = r)) });
    const pending = post(app, "/api/user/send_otp", { phone, purpose: "register" });
    await expect.poll(() => stub.received.length, { timeout: 5000 }).toBe(1);
    // A transaction still open would hide these rows from this other session (or block it, on PGlite).
    const [queued] = await deliveries(phone);
    expect(queued).toMatchObject({ status: "queued", attempts: 0 });
    expect(await otpRow(phone)).toMatchObject({ consumed: false, expired: false });
    release();
    expect((await pending).statusCode).toBe(200);
    expect((await deliveries(phone))[0]).toMatchObject({ status: "sent", attempts: 1, provider_message_id: "late" });
  });

  it("retries 503 and 429 answers with backoff and stores the delivery as sent after the third attempt", async () => {
    logLines.length = 0;
    const phone = newPhone();
    stub.answer({ status: 503, body: "busy" }, { status: 429 }, { status: 200, body: '{"message_id":"after-retries"}' });
    const res = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode, res.body).toBe(200);
    expect(stub.received).toHaveLength(3);
    // The same message each time (the reference lets the gateway drop repeats).
    expect(new Set(stub.received.map((r) => r.body)).size).toBe(1);
    expect((await deliveries(phone))[0]).toMatchObject({
      status: "sent",
      attempts: 3,
      provider_message_id: "after-retries",
      last_error: "HTTP 429",
    });
    const code = stub.code();
    expect((await post(app, "/api/user/verify_otp", { phone, purpose: "register", code })).statusCode).toBe(200);
    expect(logLines.join("")).not.toContain(code);
  });

  it("does not retry a 4xx: the delivery fails, the player gets 503 and the code is dead", async () => {
    logLines.length = 0;
    const phone = newPhone();
    stub.answer({ status: 400 });
    const res = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: "SMS_UNAVAILABLE",
      message: "We could not send the code right now. Please try again in a few minutes.",
    });
    expect(stub.received).toHaveLength(1);
    const code = stub.code();
    expect((await deliveries(phone))[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "HTTP 400",
      provider_message_id: null,
    });

    // The code that never arrived cannot be used, not even once.
    expect(await otpRow(phone)).toMatchObject({ expired: true, consumed: false });
    const verify = await post(app, "/api/user/verify_otp", { phone, purpose: "register", code });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().code).toBe("OTP_EXPIRED");
    expect(logLines.some((l) => l.includes('"sms not delivered"') && l.includes("HTTP 400"))).toBe(true);
    expect(logLines.join("")).not.toContain(code);
    expect(await rowsHolding(code, phone)).toBe(0);

    // A new code can be asked for and works.
    expect((await post(app, "/api/user/send_otp", { phone, purpose: "register" })).statusCode).toBe(200);
    expect((await post(app, "/api/user/verify_otp", { phone, purpose: "register", code: stub.code() })).statusCode).toBe(200);
  });

  it("keeps a gateway's answer out of the database and the log when it echoes the message", async () => {
    logLines.length = 0;
    const phone = newPhone();
    let code = "";
    // Answer 422 with the message that was sent, as some gateways do.
    stub.answer({
      status: 422,
      get body() {
        code = stub.code();
        return JSON.stringify({ error: "rejected", echo: JSON.parse(stub.received.at(-1)?.body ?? "{}").text });
      },
    });
    expect((await post(app, "/api/user/send_otp", { phone, purpose: "register" })).statusCode).toBe(503);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await deliveries(phone);
    expect(row?.last_error).toMatch(/^HTTP 422: \{"error":"rejected"/);
    expect(row?.last_error).not.toContain(code);
    expect(await rowsHolding(code, phone)).toBe(0);
    expect(logLines.join("")).not.toContain(code);
  });

  it("gives up after the configured attempts when the gateway keeps failing", async () => {
    const phone = newPhone();
    stub.answer({ status: 500 }, { status: 502 }, { status: 503 }, { status: 200 });
    const res = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode).toBe(503);
    expect(stub.received).toHaveLength(3);
    expect((await deliveries(phone))[0]).toMatchObject({ status: "failed", attempts: 3, last_error: "HTTP 503" });
    // A failed send still counts towards the 3 codes per hour.
    expect(await otpRow(phone)).toMatchObject({ expired: true });
  });
});

describe("gateway timeouts and network errors", () => {
  let app: ZodApp;
  beforeAll(async () => {
    app = await productionApp(smsConfig({ timeoutMs: 200, maxAttempts: 2 }));
  });

  it("times an attempt out and retries it", async () => {
    const phone = newPhone();
    stub.answer({ status: 200, body: '{"message_id":"slow"}', delayMs: 1000 }, { status: 200, body: '{"message_id":"quick"}' });
    const res = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deliveries(phone))[0]).toMatchObject({
      status: "sent",
      attempts: 2,
      provider_message_id: "quick",
      last_error: "timed out after 200 ms",
    });
  });

  it("fails the delivery when every attempt times out", async () => {
    const phone = newPhone();
    stub.answer({ status: 200, delayMs: 1000 }, { status: 200, delayMs: 1000 });
    const started = Date.now();
    const res = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await deliveries(phone))[0]).toMatchObject({ status: "failed", attempts: 2, last_error: "timed out after 200 ms" });
    expect(await otpRow(phone)).toMatchObject({ expired: true });
  });

  it("retries a refused connection and then fails", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const unreachable = await productionApp(smsConfig({ url: `http://127.0.0.1:${port}/sms`, maxAttempts: 2 }));
    const phone = newPhone();
    const res = await post(unreachable, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode).toBe(503);
    expect((await deliveries(phone))[0]).toMatchObject({ status: "failed", attempts: 2, last_error: "network error: ECONNREFUSED" });
  });
});

describe("gateway selection", () => {
  it("never uses the demo outbox in production: without gateway settings every code request fails", async () => {
    logLines.length = 0;
    const app = await productionApp(undefined);
    expect(logLines.some((l) => l.includes("no SMS gateway configured"))).toBe(true);
    const phone = newPhone();
    const res = await post(app, "/api/user/send_otp", { phone, purpose: "register" });
    expect(res.statusCode).toBe(503);
    expect((await deliveries(phone))[0]).toMatchObject({ gateway: "none", status: "failed", attempts: 0 });
    const outbox = await database.db.execute(sql`select count(*)::int as n from sms_outbox where "to" = ${phone}`);
    expect(rowsOf<{ n: number }>(outbox)[0]?.n).toBe(0);
  });

  it("refuses to build the console adapter outside demo mode", () => {
    const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;
    expect(() => new ConsoleSmsGateway(database.db, log, "production")).toThrow(ConfigError);
    expect(() => new ConsoleSmsGateway(database.db, log, "demo")).not.toThrow();
  });

  it("stores the provider message id found at a nested path", async () => {
    stub.answer({ status: 201, body: JSON.stringify({ data: { id: 4711 } }) });
    const gateway = new HttpSmsGateway(smsConfig({ messageIdField: "data.id" }));
    const result = await gateway.send("09500000001", 'He said "hi"\nbye', { purpose: "test", reference: "1" });
    expect(result).toEqual({ status: "sent", attempts: 1, providerMessageId: "4711" });
    expect(JSON.parse(stub.received[0]?.body ?? "").text).toBe('He said "hi"\nbye');
  });

  it("treats a redirect as final, not following it with the token", async () => {
    stub.answer({ status: 302 });
    const gateway = new HttpSmsGateway(smsConfig());
    expect(await gateway.send("09500000001", "x", { purpose: "test", reference: "1" })).toEqual({
      status: "failed",
      attempts: 1,
      error: "HTTP 302",
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe("SMS settings", () => {
  const vapid = webpush.generateVAPIDKeys();
  const production = {
    APP_MODE: "production",
    DATABASE_URL: "postgres://shwe@db.internal:5432/shwe",
    HOUSE_SECRET: randomBytes(32).toString("hex"),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@example.com",
  };
  const gateway = { SMS_GATEWAY_URL: "https://sms.example.com/v1/messages", SMS_GATEWAY_TOKEN: "token-0123456789" };

  /** The refusal's message, or "" when the settings are accepted. */
  function problem(env: NodeJS.ProcessEnv): string {
    try {
      loadConfig(env);
      return "";
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
  }
  function refusal(env: NodeJS.ProcessEnv): string {
    const message = problem(env);
    if (!message) throw new Error("the settings were accepted");
    return message;
  }

  it("refuses production without the gateway URL or token, naming them", () => {
    expect(refusal(production)).toContain("SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN");
    expect(refusal({ ...production, SMS_GATEWAY_URL: gateway.SMS_GATEWAY_URL })).toContain("SMS_GATEWAY_TOKEN");
    expect(refusal({ ...production, SMS_GATEWAY_TOKEN: gateway.SMS_GATEWAY_TOKEN })).toContain("SMS_GATEWAY_URL");
  });

  it("refuses a plain-http gateway in production, except on this machine", () => {
    expect(refusal({ ...production, ...gateway, SMS_GATEWAY_URL: "http://sms.example.com/v1" })).toContain(
      "SMS_GATEWAY_URL must use https",
    );
    expect(problem({ ...production, ...gateway })).toBe("");
    expect(problem({ ...production, ...gateway, SMS_GATEWAY_URL: "http://127.0.0.1:8025/sms" })).toBe("");
    // Demo mode does not use the setting.
    expect(loadConfig({ ...gateway, SMS_GATEWAY_URL: "http://sms.example.com/v1" }).sms?.url).toBe("http://sms.example.com/v1");
  });

  it("reads the gateway settings with their defaults", () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig(gateway).sms).toEqual({
      url: gateway.SMS_GATEWAY_URL,
      token: gateway.SMS_GATEWAY_TOKEN,
      bodyTemplate: DEFAULT_SMS_BODY_TEMPLATE,
      timeoutMs: 5000,
      maxAttempts: 3,
      retryDelayMs: 500,
      messageIdField: "message_id",
    });
    const custom = loadConfig({ ...gateway, SMS_TIMEOUT_MS: "2500", SMS_MAX_ATTEMPTS: "1", SMS_MESSAGE_ID_FIELD: "data.id" }).sms;
    expect(custom).toMatchObject({ timeoutMs: 2500, maxAttempts: 1, messageIdField: "data.id" });
    for (const [name, value] of [
      ["SMS_TIMEOUT_MS", "0"],
      ["SMS_MAX_ATTEMPTS", "9"],
      ["SMS_GATEWAY_URL", "not a url"],
    ] as const) {
      expect(refusal({ ...gateway, [name]: value })).toContain(name);
    }
  });

  it("checks the body template at start-up", () => {
    expect(refusal({ SMS_BODY_TEMPLATE: '{"to":"{{to}}","text":{{text}}}' })).toContain("not JSON");
    expect(refusal({ SMS_BODY_TEMPLATE: '["{{to}}","{{text}}"]' })).toContain("JSON object");
    expect(refusal({ SMS_BODY_TEMPLATE: '{"to":"{{to}}"}' })).toContain("{{text}}");
    expect(refusal({ SMS_BODY_TEMPLATE: '{"text":"{{text}}"}' })).toContain("{{to}}");
    expect(refusal({ SMS_BODY_TEMPLATE: '{"to":"{{to}}","text":"{{text}}","x":"{{code}}"}' })).toContain("{{code}}");
    expect(loadConfig({ SMS_BODY_TEMPLATE: '{"to":"{{to}}","text":"{{text}}"}' }).mode).toBe("demo");
  });

  it("renders any message as valid JSON", () => {
    const template = parseSmsBodyTemplate('{"m":{"to":"{{ to }}","parts":["{{text}}", 1, true, null]},"sender":"Shwe {{purpose}}"}');
    const values = { to: "0912345678", to_e164: "+95912345678", text: 'a "quoted"\\ line\nand {{to}}', purpose: "p", reference: "7" };
    expect(JSON.parse(template.render(values))).toEqual({
      m: { to: "0912345678", parts: ['a "quoted"\\ line\nand {{to}}', 1, true, null] },
      sender: "Shwe p",
    });
    expect(() => parseSmsBodyTemplate("nope")).toThrow(SmsTemplateError);
  });
});
