import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isAdminRoute, isSecondFactorPath } from "../../plugins/auth.ts";
import { createOperatorFromArgs } from "../../scripts/create-operator.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createAccountWithToken } from "../content/content-test-accounts.ts";
import { balancesOf, call, createUser, expectErrorBody } from "../ledger/testing.ts";
import { send } from "../lottery/lottery.test-helpers.ts";

/** A clock the tests move by whole TOTP steps. */
function movableClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

const GUARD_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN", "SECOND_FACTOR_REQUIRED"]);

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Route {
  method: Method;
  url: string;
}

/** Every console route of the OpenAPI document, with each path parameter set to 1. */
function consoleRoutes(t: TestApp): Route[] {
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/admin")) continue;
    for (const method of Object.keys(ops)) {
      out.push({ method: method.toUpperCase() as Method, url: path.replace(/\{[^}]+\}/g, "1") });
    }
  }
  return out;
}

async function codeOf(t: TestApp, route: Route, token?: string): Promise<{ status: number; code: string | undefined }> {
  const res = await t.app.inject({
    method: route.method,
    url: route.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
  });
  const body = res.headers["content-type"]?.toString().includes("json") ? (res.json() as { code?: string }) : {};
  return { status: res.statusCode, code: body.code };
}

/** Signs a console account in again: a new token that has not passed the second factor. */
async function newSignIn(t: TestApp, userId: number): Promise<string> {
  return (await t.ctx.auth.issue(userId)).token;
}

describe("console roles: every /api/admin route, anonymous, player, operator and admin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorSecondFactor: "required", rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("classifies the console: settings, catalogue, content, rewards settings and operators are admins' only", () => {
    expect(isAdminRoute("PUT", "/api/admin/lottery/:type")).toBe(true);
    expect(isAdminRoute("PUT", "/api/admin/lottery/:type/numbers")).toBe(true);
    expect(isAdminRoute("POST", "/api/admin/lottery/:type/off-days")).toBe(true);
    expect(isAdminRoute("PUT", "/api/admin/catalogue/games/:id")).toBe(true);
    expect(isAdminRoute("POST", "/api/admin/content/banners")).toBe(true);
    expect(isAdminRoute("PUT", "/api/admin/points/rate")).toBe(true);
    expect(isAdminRoute("GET", "/api/admin/operators")).toBe(true);
    expect(isAdminRoute("PUT", "/api/admin/market/:market")).toBe(true);
    expect(isAdminRoute("GET", "/api/admin/market/:market")).toBe(false);
    expect(isAdminRoute("GET", "/api/admin/lottery/:type")).toBe(false);
    expect(isAdminRoute("POST", "/api/admin/draws/:draw_id/result")).toBe(false);
    expect(isAdminRoute("POST", "/api/admin/draws/:draw_id/confirm")).toBe(false);
    expect(isAdminRoute("POST", "/api/admin/cash-requests/:id/approve")).toBe(false);
    expect(isAdminRoute("POST", "/api/admin/users/:id/block")).toBe(false);
    expect(isAdminRoute("POST", "/api/admin/pocket/claims/:id/verify")).toBe(false);
  });

  it("refuses anonymous callers (401) and players (403) everywhere, an operator without the second factor everywhere but its own routes", async () => {
    const routes = consoleRoutes(t);
    expect(routes.length).toBeGreaterThan(50);
    const player = await createAccountWithToken(t, "player");
    const operator = await createAccountWithToken(t, "operator");
    const unverified = await newSignIn(t, operator.id);
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      expect(await codeOf(t, route), label).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
      expect(await codeOf(t, route, player.auth.slice(7)), label).toMatchObject({ status: 403, code: "FORBIDDEN" });
      const early = await codeOf(t, route, unverified);
      if (isSecondFactorPath(route.url)) expect(GUARD_CODES.has(early.code ?? ""), label).toBe(false);
      else expect(early, label).toMatchObject({ status: 403, code: "SECOND_FACTOR_REQUIRED" });
    }
  }, 120_000);

  it("lets an operator into operators' routes only, an admin into all; no route changes or deletes an audit entry", async () => {
    const routes = consoleRoutes(t);
    const operator = await createAccountWithToken(t, "operator");
    const admin = await createAccountWithToken(t, "admin");
    // An audit row that exists before every route is called.
    await t.ctx.db.execute(sql`
      insert into audit_log (actor_id, action, target_type, target_id, before, after, ip)
      values (${admin.id}, 'test.before', 'user', '1', '{"a":1}', '{"a":2}', '127.0.0.1')`);
    const before = rowsOf(await t.ctx.db.execute(sql`select * from audit_log order by id`));
    let adminOnly = 0;
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const asOperator = await codeOf(t, route, operator.auth.slice(7));
      const template = route.url.replace(/\/1(?=\/|$)/g, "/:id");
      if (isAdminRoute(route.method, template) || isAdminRoute(route.method, route.url)) {
        adminOnly++;
        expect(asOperator, label).toMatchObject({ status: 403, code: "FORBIDDEN" });
      } else {
        expect(GUARD_CODES.has(asOperator.code ?? ""), `${label} as operator: ${asOperator.code}`).toBe(false);
      }
      const asAdmin = await codeOf(t, route, admin.auth.slice(7));
      expect(GUARD_CODES.has(asAdmin.code ?? ""), `${label} as admin: ${asAdmin.code}`).toBe(false);
    }
    expect(adminOnly).toBeGreaterThan(10);
    const after = rowsOf(await t.ctx.db.execute(sql`select * from audit_log order by id`));
    expect(after.slice(0, before.length)).toEqual(before);
  }, 120_000);
});

describe("operator second factor (TOTP)", () => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorSecondFactor: "required", rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const nextStep = () => clock.advance(30_000);

  async function enrol(token: string): Promise<{ secret: string; recovery: string[] }> {
    const setup = await call(t, "POST", "/api/admin/2fa/setup", { token, body: {} });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Shwe%20Lucky:.+secret=/);
    const enabled = await call(t, "POST", "/api/admin/2fa/enable", { token, body: { code: await codeAt(secret) } });
    expect(enabled.statusCode).toBe(200);
    return { secret, recovery: (enabled.json() as { recovery_codes: string[] }).recovery_codes };
  }

  it("enrols with a QR secret and a code, answers ten recovery codes once, and opens the console for that sign-in", async () => {
    const op = await createUser(t, { role: "operator" });
    const token = await newSignIn(t, op.id);
    expectErrorBody(await call(t, "GET", "/api/admin/cash-requests", { token }), 403, "SECOND_FACTOR_REQUIRED");
    expect((await call(t, "GET", "/api/admin/2fa", { token })).json()).toEqual({ role: "operator", enrolled: false, verified: false });
    expectErrorBody(await call(t, "POST", "/api/admin/2fa/enable", { token, body: { code: "123456" } }), 409, "NO_SETUP");

    const setup = (await call(t, "POST", "/api/admin/2fa/setup", { token, body: {} })).json() as { secret: string };
    expectErrorBody(await call(t, "POST", "/api/admin/2fa/enable", { token, body: { code: "000000" } }), 422, "WRONG_CODE");
    const enabled = await call(t, "POST", "/api/admin/2fa/enable", { token, body: { code: await codeAt(setup.secret) } });
    const codes = (enabled.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes.every((c) => /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(c))).toBe(true);
    expect((await call(t, "GET", "/api/admin/cash-requests", { token })).statusCode).toBe(200);
    expect((await call(t, "GET", "/api/admin/2fa", { token })).json()).toEqual({ role: "operator", enrolled: true, verified: true });
    // Enrolled: no new secret, no second enrolment.
    expectErrorBody(await call(t, "POST", "/api/admin/2fa/setup", { token, body: {} }), 409, "ALREADY_ENROLLED");
    // Only hashes are kept.
    const stored = rowsOf<{ code_hash: string }>(
      await t.ctx.db.execute(sql`select code_hash from operator_recovery_codes where user_id = ${op.id}`),
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
  });

  it("asks every new sign-in for a code, never accepts a code twice, and takes each recovery code once", async () => {
    const op = await createUser(t, { role: "operator" });
    const { secret, recovery } = await enrol(await newSignIn(t, op.id));
    const usedCode = await codeAt(secret);

    const second = await newSignIn(t, op.id);
    expectErrorBody(await call(t, "GET", "/api/admin/players", { token: second }), 403, "SECOND_FACTOR_REQUIRED");
    // The code that finished enrolment was used already: not again, not even by another sign-in.
    expectErrorBody(await call(t, "POST", "/api/admin/2fa/verify", { token: second, body: { code: usedCode } }), 422, "WRONG_CODE");
    nextStep();
    const fresh = await codeAt(secret);
    const ok = await call(t, "POST", "/api/admin/2fa/verify", { token: second, body: { code: fresh } });
    expect(ok.json()).toEqual({ verified: true, recovery_codes_left: 10 });
    expect((await call(t, "GET", "/api/admin/players", { token: second })).statusCode).toBe(200);

    const third = await newSignIn(t, op.id);
    expectErrorBody(await call(t, "POST", "/api/admin/2fa/verify", { token: third, body: { code: fresh } }), 422, "WRONG_CODE");
    const recoveryCode = (recovery[0] ?? "").toLowerCase().replaceAll("-", " ");
    expect((await call(t, "POST", "/api/admin/2fa/verify", { token: third, body: { code: recoveryCode } })).json()).toEqual({
      verified: true,
      recovery_codes_left: 9,
    });
    const fourth = await newSignIn(t, op.id);
    expectErrorBody(
      await call(t, "POST", "/api/admin/2fa/verify", { token: fourth, body: { code: recovery[0] ?? "" } }),
      422,
      "WRONG_CODE",
    );
    // A code two steps away (a clock far off) is refused; one step of drift either way is accepted.
    nextStep();
    const drifted = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + 60 });
    expectErrorBody(await call(t, "POST", "/api/admin/2fa/verify", { token: fourth, body: { code: drifted } }), 422, "WRONG_CODE");
    const early = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + 30 });
    expect((await call(t, "POST", "/api/admin/2fa/verify", { token: fourth, body: { code: early } })).statusCode).toBe(200);
  });
});

describe("console accounts under maker–checker", () => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorSecondFactor: "required", rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const confirm = (token: string, id: number) => call(t, "POST", `/api/admin/operators/changes/${id}/confirm`, { token, body: {} });

  it("an invitation waits for a second admin; its holder sets their own password and second factor, then signs in", async () => {
    const admin = await createUser(t, { role: "admin" });
    const other = await createUser(t, { role: "admin" });
    const op = await createUser(t, { role: "operator" });
    const body = { phone: "09 7771 23456", name: "Night shift", role: "operator" };
    expectErrorBody(await send(t, "POST", "/api/admin/operators", { token: op.token, body }), 403, "FORBIDDEN");
    // No password chosen by the admin: the account's holder sets it.
    expectErrorBody(
      await send(t, "POST", "/api/admin/operators", { token: admin.token, body: { ...body, password: "x-y-z-123" } }),
      400,
      "VALIDATION_FAILED",
    );
    const created = await send(t, "POST", "/api/admin/operators", { token: admin.token, body });
    expect(created.statusCode).toBe(201);
    const { change, invitation } = created.json() as {
      change: { id: number; status: string };
      invitation: { token: string; path: string };
    };
    expect(change.status).toBe("pending");
    expect(invitation.path).toBe(`/admin/invitation#${invitation.token}`);
    expectErrorBody(await send(t, "POST", "/api/admin/operators", { token: admin.token, body }), 409, "INVITATION_PENDING");
    // Every admin who can sign in is told.
    const told = rowsOf<{ user_id: string }>(
      await t.ctx.db.execute(
        sql`select user_id from live_events where kind = 'broadcast' and payload->>'body' like 'Night shift (09777123456)%'`,
      ),
    ).map((r) => Number(r.user_id));
    expect(told).toEqual(expect.arrayContaining([admin.id, other.id]));
    expect(told).not.toContain(op.id);

    const inv = { token: invitation.token };
    expect((await send(t, "POST", "/api/console-invitation", { body: inv })).json()).toEqual({
      name: "Night shift",
      phone: "09777123456",
      role: "operator",
      status: "awaiting_confirmation",
    });
    expectErrorBody(await send(t, "POST", "/api/console-invitation/setup", { body: inv }), 409, "AWAITING_CONFIRMATION");
    // The maker cannot confirm their own invitation.
    expectErrorBody(await confirm(admin.token, change.id), 403, "SECOND_OPERATOR_REQUIRED");
    const applied = await confirm(other.token, change.id);
    expect(applied.json()).toMatchObject({ status: "applied", decided_by: other.id });
    expectErrorBody(await confirm(other.token, change.id), 409, "ALREADY_DECIDED");

    // Not signed in before the invitation is completed, whatever password is tried.
    const login = (password: string) => call(t, "POST", "/api/user/login", { body: { phone: "09777123456", password } });
    expect((await login("invited:no-password")).statusCode).toBe(401);
    const { secret } = (await send(t, "POST", "/api/console-invitation/setup", { body: inv })).json() as { secret: string };
    const complete = (password: string, code: string) =>
      send(t, "POST", "/api/console-invitation/complete", { body: { ...inv, password, code } });
    for (const weak of ["demo-operator-1", "12345678", "09777123456"])
      expectErrorBody(await complete(weak, await codeAt(secret)), 422, "WEAK_PASSWORD");
    expectErrorBody(await complete("night-lamp-8812", "000000"), 422, "WRONG_CODE");
    const done = await complete("night-lamp-8812", await codeAt(secret));
    expect((done.json() as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
    expectErrorBody(await complete("night-lamp-8812", await codeAt(secret)), 404, "NOT_FOUND");
    expectErrorBody(await send(t, "POST", "/api/console-invitation", { body: inv }), 404, "NOT_FOUND");
    const signedIn = await login("night-lamp-8812");
    expect(signedIn.statusCode).toBe(200);
    const newcomer = signedIn.json() as { token: string; user: { id: number } };
    // Enrolled through the invitation: the sign-in asks for a code of that secret.
    expect((await call(t, "GET", "/api/admin/2fa", { token: newcomer.token })).json()).toEqual({
      role: "operator",
      enrolled: true,
      verified: false,
    });

    // The new account never checks a step of the admin who created it.
    const player = await createUser(t);
    const adjust = await call(t, "POST", `/api/admin/users/${player.id}/adjust`, {
      token: admin.token,
      body: { amount: 5_000_000, reason: "check" },
      headers: { "idempotency-key": "maker-checker-1" },
    });
    expect(adjust.json()).toMatchObject({ status: "pending" });
    const pendingId = (adjust.json() as { adjustment_id: number }).adjustment_id;
    clock.advance(30_000);
    expect(
      (await call(t, "POST", "/api/admin/2fa/verify", { token: newcomer.token, body: { code: await codeAt(secret) } })).statusCode,
    ).toBe(200);
    expectErrorBody(
      await call(t, "POST", `/api/admin/adjustments/${pendingId}/confirm`, { token: newcomer.token, body: {} }),
      403,
      "CHECKER_NOT_INDEPENDENT",
    );
    expect((await call(t, "POST", `/api/admin/adjustments/${pendingId}/confirm`, { token: op.token, body: {} })).statusCode).toBe(200);
  });

  it("role changes and second-factor resets wait for a second admin too, never for one's own account", async () => {
    const admin = await createUser(t, { role: "admin" });
    const other = await createUser(t, { role: "admin" });
    const op = await createUser(t, { role: "operator" });
    expectErrorBody(
      await call(t, "POST", `/api/admin/operators/${admin.id}/2fa/reset`, { token: admin.token, body: {} }),
      409,
      "OWN_ACCOUNT",
    );
    expectErrorBody(
      await call(t, "POST", `/api/admin/operators/${admin.id}/role`, { token: admin.token, body: { role: "operator" } }),
      409,
      "OWN_ACCOUNT",
    );
    const reset = await call(t, "POST", `/api/admin/operators/${op.id}/2fa/reset`, { token: admin.token, body: {} });
    expect(reset.json()).toMatchObject({ kind: "second_factor_reset", status: "pending", target_user_id: op.id });
    const role = await call(t, "POST", `/api/admin/operators/${op.id}/role`, { token: admin.token, body: { role: "admin" } });
    expect(role.json()).toMatchObject({ kind: "role", status: "pending", role: "admin" });
    const pending = (await call(t, "GET", "/api/admin/operators/changes", { token: other.token })).json() as { data: { id: number }[] };
    expect(pending.data.map((c) => c.id)).toEqual(expect.arrayContaining([reset.json().id, role.json().id]));
    // Nothing changed yet: op is still an operator with a live sign-in.
    expect((await call(t, "GET", "/api/admin/2fa", { token: op.token })).json()).toMatchObject({ role: "operator" });
    expectErrorBody(await confirm(admin.token, role.json().id), 403, "SECOND_OPERATOR_REQUIRED");
    expect((await confirm(other.token, role.json().id)).json()).toMatchObject({ status: "applied" });
    expectErrorBody(await call(t, "GET", "/api/admin/2fa", { token: op.token }), 401, "UNAUTHENTICATED");
    const reject = await call(t, "POST", `/api/admin/operators/changes/${reset.json().id}/reject`, { token: other.token, body: {} });
    expect(reject.json()).toMatchObject({ status: "rejected" });
    const roleNow = rowsOf<{ role: string; console_changed_by: string }>(
      await t.ctx.db.execute(sql`select role, console_changed_by from users where id = ${op.id}`),
    );
    expect(roleNow[0]).toEqual({ role: "admin", console_changed_by: expect.anything() });
    expect(Number(roleNow[0]?.console_changed_by)).toBe(admin.id);
    // op, now an admin last changed by `admin`, cannot confirm `admin`'s next change.
    const opToken = (await t.ctx.auth.issue(op.id, { secondFactor: true })).token;
    // Nobody decides a change of their own account.
    const own = await call(t, "POST", `/api/admin/operators/${op.id}/role`, { token: other.token, body: { role: "operator" } });
    expectErrorBody(await confirm(opToken, own.json().id), 409, "OWN_ACCOUNT");
    const third = await createUser(t, { role: "operator" });
    const next = await call(t, "POST", `/api/admin/operators/${third.id}/role`, { token: admin.token, body: { role: "admin" } });
    expectErrorBody(await confirm(opToken, next.json().id), 403, "CHECKER_NOT_INDEPENDENT");
    expect((await confirm(other.token, next.json().id)).json()).toMatchObject({ status: "applied" });
  });
});

describe("a new console account is no checker during its cool-down (CHECKER_COOLDOWN_HOURS)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { checkerCooldownHours: 24 } });
  });
  afterAll(async () => t.close());

  it("refuses its confirmations until the account is older than the cool-down (database clock)", async () => {
    const maker = await createUser(t, { role: "operator" });
    const fresh = await createUser(t, { role: "operator" });
    const player = await createUser(t);
    const adjust = await call(t, "POST", `/api/admin/users/${player.id}/adjust`, {
      token: maker.token,
      body: { amount: 2_000_000, reason: "cool-down" },
      headers: { "idempotency-key": "cool-down-1" },
    });
    expect(adjust.json()).toMatchObject({ status: "pending" });
    const id = (adjust.json() as { adjustment_id: number }).adjustment_id;
    const balanceOf = async () => (await balancesOf(t, player.id)).balance;
    const before = await balanceOf();
    expectErrorBody(
      await call(t, "POST", `/api/admin/adjustments/${id}/confirm`, { token: fresh.token, body: {} }),
      403,
      "CHECKER_TOO_NEW",
    );
    expect(await balanceOf()).toBe(before);
    await t.ctx.db.execute(sql`update users set created_at = now() - interval '25 hours' where id = ${fresh.id}`);
    expect((await call(t, "POST", `/api/admin/adjustments/${id}/confirm`, { token: fresh.token, body: {} })).statusCode).toBe(200);
    expect(await balanceOf()).toBe(before + 2_000_000);
  });
});

describe("a single-admin installation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it("applies console account changes at once and says maker–checker is not in force until a second admin exists", async () => {
    const admin = await createUser(t, { role: "admin", accounts: false });
    const op = await createUser(t, { role: "operator", accounts: false });
    expect((await call(t, "GET", "/api/admin/console", { token: op.token })).json()).toEqual({ admins: 1, maker_checker: false });
    const created = await send(t, "POST", "/api/admin/operators", {
      token: admin.token,
      body: { phone: "09777000222", name: "Second", role: "admin" },
    });
    const { change, invitation } = created.json() as { change: { status: string }; invitation: { token: string } };
    expect(change.status).toBe("applied");
    // An invited admin counts once they can sign in.
    expect((await call(t, "GET", "/api/admin/console", { token: admin.token })).json()).toEqual({ admins: 1, maker_checker: false });
    const inv = { token: invitation.token };
    const { secret } = (await send(t, "POST", "/api/console-invitation/setup", { body: inv })).json() as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect(
      (await send(t, "POST", "/api/console-invitation/complete", { body: { ...inv, password: "second-admin-pass-5", code } })).statusCode,
    ).toBe(200);
    expect((await call(t, "GET", "/api/admin/console", { token: admin.token })).json()).toEqual({ admins: 2, maker_checker: true });
    const role = await call(t, "POST", `/api/admin/operators/${op.id}/role`, { token: admin.token, body: { role: "admin" } });
    expect(role.json()).toMatchObject({ status: "pending" });
  });
});

describe("second factor in the demo (when enrolled)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorSecondFactor: "when-enrolled", rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("opens the console to an operator who has not enrolled, and asks once they have; the demo code endpoint serves enrolled operators", async () => {
    const op = await createUser(t, { role: "operator" });
    const first = await newSignIn(t, op.id);
    expect((await call(t, "GET", "/api/admin/players", { token: first })).statusCode).toBe(200);
    const setup = (await call(t, "POST", "/api/admin/2fa/setup", { token: first, body: {} })).json() as { secret: string };
    expectErrorBody(await call(t, "GET", `/api/dev/totp?phone=${op.phone}`), 404, "NOT_FOUND");
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await call(t, "POST", "/api/admin/2fa/enable", { token: first, body: { code } })).statusCode).toBe(200);

    const second = await newSignIn(t, op.id);
    expectErrorBody(await call(t, "GET", "/api/admin/players", { token: second }), 403, "SECOND_FACTOR_REQUIRED");
    const demo = (await call(t, "GET", `/api/dev/totp?phone=${op.phone}`)).json() as { code: string };
    expect(demo.code).toMatch(/^\d{6}$/);
    expect(demo.code).not.toBe(code);
    expect((await call(t, "POST", "/api/admin/2fa/verify", { token: second, body: { code: demo.code } })).statusCode).toBe(200);
    expect((await call(t, "GET", "/api/admin/players", { token: second })).statusCode).toBe(200);
  });
});

describe("the first admin, from the command line (npm run operator:create)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it("adds an admin with the password from OPERATOR_PASSWORD, audited; refuses bad input and a phone already registered", async () => {
    const args = ["--phone", "+959 777 000 111", "--name", "Owner"];
    expect(await createOperatorFromArgs(t.database, args, {})).toMatchObject({ code: 1 });
    expect(await createOperatorFromArgs(t.database, [...args, "--role", "boss"], { OPERATOR_PASSWORD: "owner-pass-1" })).toMatchObject({
      code: 1,
    });
    // The password policy applies here too.
    for (const weak of ["12345678", "demo-operator-1", "09777000111"]) {
      const refused = await createOperatorFromArgs(t.database, args, { OPERATOR_PASSWORD: weak });
      expect(refused.code, weak).toBe(1);
      expect(refused.message).toContain("too easy to guess");
    }
    const added = await createOperatorFromArgs(t.database, args, { OPERATOR_PASSWORD: "owner-pass-1" });
    expect(added.code).toBe(0);
    expect(added.message).toContain("admin Owner (09777000111)");
    const rows = rowsOf<{ role: string; action: string }>(
      await t.ctx.db.execute(
        sql`select u.role, a.action from users u join audit_log a on a.target_id = u.id::text where u.phone = '09777000111'`,
      ),
    );
    expect(rows).toEqual([{ role: "admin", action: "operator.create.cli" }]);
    expect(await createOperatorFromArgs(t.database, args, { OPERATOR_PASSWORD: "owner-pass-1" })).toMatchObject({ code: 1 });
    // The new admin signs in with that password.
    const login = await call(t, "POST", "/api/user/login", { body: { phone: "09777000111", password: "owner-pass-1" } });
    expect(login.statusCode).toBe(200);
  });
});
