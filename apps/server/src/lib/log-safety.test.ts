import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { ZodApp } from "../app-context.ts";
import { testConfig } from "../config/env.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { openTestDatabase } from "../test/test-app.ts";
import { summarizeError } from "./log-safety.ts";

/** Error logs keep what helps to find the cause and never the personal data a failed query carried. */

const SECRET_NAME = "Daw Khin Secret-Name";
const SECRET_PASSWORD_HASH = "argon-hash-that-must-stay-private";

function memoryStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join("\n") };
}

describe("error logs", () => {
  let app: ZodApp;
  let database: Database;
  let drop: () => Promise<void>;
  let takenPhone: string;
  const log = memoryStream();

  beforeAll(async () => {
    const config = testConfig();
    const opened = await openTestDatabase(config);
    database = opened.database;
    drop = opened.drop;
    const [row] = rowsOf<{ phone: string }>(await database.db.execute(sql`select phone from users order by id limit 1`));
    if (!row) throw new Error("no seeded account");
    takenPhone = row.phone;
    ({ app } = await buildApp({ config, database, logger: { level: "info", stream: log.stream } }));
    // A route that fails inside the database with personal data in its parameters: an account with a
    // phone that is already registered (unique violation; PostgreSQL's detail repeats the phone).
    app.post("/test/duplicate-account", async () => {
      await database.db.insert(users).values({
        phone: takenPhone,
        name: SECRET_NAME,
        passwordHash: SECRET_PASSWORD_HASH,
        userCode: "UTESTLOG0001",
        referralCode: "LOGT01",
      });
      return { ok: true };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
  });

  it("logs a failed query as class, SQLSTATE, constraint and SQL text, never its parameters", async () => {
    const res = await app.inject({ method: "POST", url: "/test/duplicate-account" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong. Please try again.", code: "INTERNAL" });

    const line = log.lines.map((l) => JSON.parse(l)).find((l) => l.msg === "unhandled error");
    expect(line, log.text()).toBeDefined();
    const text = JSON.stringify(line);
    for (const secret of [takenPhone, SECRET_NAME, SECRET_PASSWORD_HASH, "params:", "Key (phone)"]) {
      expect(text).not.toContain(secret);
    }
    expect(line.err.type).toBe("DrizzleQueryError");
    expect(line.err.message).toBe("Failed query");
    expect(line.err.query).toMatch(/^insert into "users"/);
    expect(line.err.query).toContain("$1");
    expect(line.err.stack).toMatch(/^\s+at /);
    expect(line.err.cause.code).toBe("23505");
    expect(line.err.cause.constraint).toBe("users_phone_uq");
  });

  it("strips the parameters wherever an error is logged with the app's logger", async () => {
    const caught = await database.db
      .insert(users)
      .values({
        phone: takenPhone,
        name: SECRET_NAME,
        passwordHash: SECRET_PASSWORD_HASH,
        userCode: "UTESTLOG0002",
        referralCode: "LOGT02",
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(caught).toBeInstanceOf(DrizzleQueryError);
    const before = log.lines.length;
    app.log.error({ err: caught }, "background job failed");
    app.log.error(caught as Error);
    const written = log.lines.slice(before).join("\n");
    expect(written).toContain('"code":"23505"');
    expect(written).toContain("background job failed");
    for (const secret of [takenPhone, SECRET_NAME, SECRET_PASSWORD_HASH, "params"]) {
      expect(written).not.toContain(secret);
    }
  });

  it("redacts credentials a log line might include", () => {
    const before = log.lines.length;
    app.log.info(
      {
        req: { headers: { authorization: "Bearer tok-abc-123", cookie: "sid=cookie-val" } },
        body: { phone: "09", code: "654321" },
        password: "pw-hunter-2",
        token: "tok-def-456",
        user: { otp_token: "otp-ghi-789" },
      },
      "request details",
    );
    const written = log.lines.slice(before).join("\n");
    expect(written).toContain("request details");
    expect(written).toContain("[redacted]");
    for (const secret of ["tok-abc-123", "cookie-val", "654321", "pw-hunter-2", "tok-def-456", "otp-ghi-789"]) {
      expect(written).not.toContain(secret);
    }
  });
});

describe("summarizeError", () => {
  it("masks quoted values and long digit runs in messages and keeps only stack frames", () => {
    const err = new Error('invalid input syntax for type integer: "09123456789" for account 0912345678');
    const summary = summarizeError(err);
    expect(summary.type).toBe("Error");
    expect(summary.message).toBe('invalid input syntax for type integer: "…" for account #…');
    expect(summary.stack?.split("\n").every((line) => /^\s+at /.test(line))).toBe(true);
    expect(JSON.stringify(summary)).not.toContain("0912345678");
  });

  it("reduces a wrapped query error to its first line, the SQL with literals masked, and the database's code", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_uq"'), {
      code: "23505",
      constraint: "users_phone_uq",
      table: "users",
      detail: "Key (phone)=(09123456789) already exists.",
    });
    const err = new DrizzleQueryError("select * from users where name = 'Aung Aung' and phone = $1", ["09123456789"], cause);
    const summary = summarizeError(err);
    expect(summary).toMatchObject({
      type: "DrizzleQueryError",
      message: "Failed query",
      query: "select * from users where name = '…' and phone = $1",
      cause: { code: "23505", constraint: "users_phone_uq", table: "users", message: 'duplicate key value violates unique constraint "…"' },
    });
    const text = JSON.stringify(summary);
    expect(text).not.toContain("09123456789");
    expect(text).not.toContain("Aung Aung");
    expect(text).not.toContain("detail");
  });

  it("summarizes thrown values that are not errors", () => {
    expect(summarizeError("boom 09123456789")).toEqual({ type: "string", message: "boom #…" });
    expect(summarizeError(undefined)).toEqual({ type: "undefined", message: "undefined" });
  });
});
