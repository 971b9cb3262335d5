import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  auditActions,
  auth,
  loginAs,
  multipart,
  pngImage,
  post,
  type Registered,
  registerPlayer,
  rowCounts,
} from "../accounts/accounts.test-helpers.ts";

let t: TestApp;
let operator: string;
let operatorId: number;
let secondOperatorId: number;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
  operator = await loginAs(t.app, "09400000001", "demo-operator-1");
  operatorId = (await t.app.inject({ method: "GET", url: "/api/user/profile", headers: auth(operator) })).json().id;
  const second = await loginAs(t.app, "09400000002", "demo-operator-2");
  secondOperatorId = (await t.app.inject({ method: "GET", url: "/api/user/profile", headers: auth(second) })).json().id;
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, ...(token ? { headers: auth(token) } : {}) });

async function playerWithUpload(): Promise<Registered & { uploadId: number }> {
  const player = await registerPlayer(t.app);
  const form = multipart([{ name: "image", filename: "id.png", contentType: "image/png", data: await pngImage() }]);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/user/lvl_2",
    payload: form.payload,
    headers: { ...form.headers, ...auth(player.token) },
  });
  expect(res.statusCode).toBe(200);
  const rows = rowsOf<{ id: number }>(
    await t.ctx.db.execute(sql`select id from lvl2_uploads where user_id = ${player.id} order by id desc limit 1`),
  );
  return { ...player, uploadId: rows[0]?.id ?? 0 };
}

describe("operator routes refuse everyone else", () => {
  it("no token → 401, a player → 403 on every route, nothing changes", async () => {
    const player = await playerWithUpload();
    const routes: { method: "GET" | "POST"; url: string; payload?: object }[] = [
      { method: "GET", url: "/api/admin/lvl2?status=pending" },
      { method: "GET", url: `/api/admin/lvl2/${player.uploadId}/image` },
      { method: "POST", url: `/api/admin/users/${player.id}/lvl_2`, payload: { decision: "approve" } },
      { method: "POST", url: `/api/admin/users/${player.id}/block`, payload: { blocked: true, reason: "x" } },
      { method: "GET", url: "/api/admin/users?q=0950" },
    ];
    const before = await rowCounts(t.ctx.db);
    for (const route of routes) {
      const anonymous = await t.app.inject({ method: route.method, url: route.url, ...(route.payload ? { payload: route.payload } : {}) });
      expect(anonymous.statusCode, route.url).toBe(401);
      expect(anonymous.json().code).toBe("UNAUTHENTICATED");
      const asPlayer = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: auth(player.token),
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(asPlayer.statusCode, route.url).toBe(403);
      expect(asPlayer.json()).toEqual({ code: "FORBIDDEN", message: expect.any(String) });
    }
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await get("/api/user/profile", player.token)).json()).toMatchObject({ lvl_2: 1, lvl_2_status: "pending" });
  });
});

describe("level-2 review", () => {
  it("lists the pending queue with the image URL, and serves the image to operators (audited)", async () => {
    const player = await playerWithUpload();
    const res = await get("/api/admin/lvl2?status=pending", operator);
    expect(res.statusCode).toBe(200);
    const item = res.json().data.find((u: { id: number }) => u.id === player.uploadId);
    expect(item).toEqual({
      id: player.uploadId,
      user_id: player.id,
      phone: player.phone,
      name: "Test Player",
      status: "pending",
      reason: null,
      created_at: expect.any(String),
      reviewed_at: null,
      image_url: `/api/admin/lvl2/${player.uploadId}/image`,
    });
    const image = await get(item.image_url, operator);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(await auditActions(t.ctx.db, "admin.lvl2_view", player.uploadId)).toHaveLength(1);
    expect((await get("/api/admin/lvl2/999999999/image", operator)).statusCode).toBe(404);
    expect((await get("/api/admin/lvl2?status=everything", operator)).statusCode).toBe(400);
  });

  it("approve makes the player level 2, once; a second decision is 409 ALREADY_DECIDED", async () => {
    const player = await playerWithUpload();
    const res = await post(t.app, `/api/admin/users/${player.id}/lvl_2`, { decision: "approve", upload_id: player.uploadId }, operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: player.id, lvl_2: 2, lvl_2_status: "approved" });
    expect((await get("/api/user/profile", player.token)).json()).toMatchObject({ lvl_2: 2, lvl_2_status: "approved" });
    const [audit] = await auditActions(t.ctx.db, "admin.lvl2_approve", player.id);
    expect(audit).toMatchObject({
      actor_id: operatorId,
      target_type: "user",
      before: { lvl_2: 1, lvl_2_status: "pending", upload_id: player.uploadId },
      after: { lvl_2: 2, lvl_2_status: "approved", reason: null },
    });
    const again = await post(t.app, `/api/admin/users/${player.id}/lvl_2`, { decision: "reject", reason: "blurry" }, operator);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ALREADY_DECIDED");
    expect((await get("/api/user/profile", player.token)).json()).toMatchObject({ lvl_2: 2, lvl_2_status: "approved" });
    // Once level 2, the player cannot upload again.
    const form = multipart([{ name: "image", filename: "id.png", contentType: "image/png", data: await pngImage() }]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/user/lvl_2",
      payload: form.payload,
      headers: { ...form.headers, ...auth(player.token) },
    });
    expect(upload.json().code).toBe("ALREADY_LEVEL_2");
  });

  it("two operators deciding at once: exactly one wins", async () => {
    const player = await playerWithUpload();
    const second = await loginAs(t.app, "09400000002", "demo-operator-2");
    const [a, b] = await Promise.all([
      post(t.app, `/api/admin/users/${player.id}/lvl_2`, { decision: "approve" }, operator),
      post(t.app, `/api/admin/users/${player.id}/lvl_2`, { decision: "reject", reason: "no" }, second),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const decided = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from lvl2_uploads where user_id = ${player.id} and status <> 'pending'`),
    );
    expect(decided[0]?.n).toBe(1);
    expect(secondOperatorId).not.toBe(operatorId);
  });

  it("reject needs a reason, which the player then sees; the player may upload again", async () => {
    const player = await playerWithUpload();
    const before = await rowCounts(t.ctx.db);
    const noReason = await post(t.app, `/api/admin/users/${player.id}/lvl_2`, { decision: "reject" }, operator);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details.fields[0].field).toBe("reason");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    const res = await post(t.app, `/api/admin/users/${player.id}/lvl_2`, { decision: "reject", reason: "Screenshot is blurry" }, operator);
    expect(res.json()).toEqual({ id: player.id, lvl_2: 1, lvl_2_status: "rejected" });
    expect((await get("/api/user/profile", player.token)).json()).toMatchObject({
      lvl_2: 1,
      lvl_2_status: "rejected",
      lvl_2_reason: "Screenshot is blurry",
    });
    const form = multipart([{ name: "image", filename: "id.png", contentType: "image/png", data: await pngImage() }]);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/user/lvl_2",
      payload: form.payload,
      headers: { ...form.headers, ...auth(player.token) },
    });
    expect(again.statusCode).toBe(200);
    expect((await get("/api/user/profile", player.token)).json()).toMatchObject({ lvl_2_status: "pending", lvl_2_reason: null });
  });

  it("refuses a replaced upload id, an account without upload, unknown accounts and bad bodies", async () => {
    const player = await playerWithUpload();
    const nobody = await registerPlayer(t.app);
    const before = await rowCounts(t.ctx.db);
    const stale = await post(
      t.app,
      `/api/admin/users/${player.id}/lvl_2`,
      { decision: "approve", upload_id: player.uploadId + 1000 },
      operator,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("ALREADY_DECIDED");
    expect((await post(t.app, `/api/admin/users/${nobody.id}/lvl_2`, { decision: "approve" }, operator)).statusCode).toBe(404);
    expect((await post(t.app, "/api/admin/users/999999999/lvl_2", { decision: "approve" }, operator)).statusCode).toBe(404);
    for (const payload of [{}, { decision: "maybe" }, { decision: "approve", lvl_2: 2 }]) {
      expect((await post(t.app, `/api/admin/users/${player.id}/lvl_2`, payload, operator)).statusCode).toBe(400);
    }
    expect((await post(t.app, "/api/admin/users/abc/lvl_2", { decision: "approve" }, operator)).statusCode).toBe(400);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await get("/api/user/profile", player.token)).json().lvl_2_status).toBe("pending");
  });
});

describe("blocking", () => {
  it("a blocked account cannot sign in and its tokens answer 403 BLOCKED; unblocking restores it", async () => {
    const player = await registerPlayer(t.app);
    const res = await post(t.app, `/api/admin/users/${player.id}/block`, { blocked: true, reason: "Chargeback fraud" }, operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: player.id, blocked: true });
    const existing = await get("/api/user/profile", player.token);
    expect(existing.statusCode).toBe(403);
    expect(existing.json()).toEqual({ code: "BLOCKED", message: expect.any(String) });
    const before = await rowCounts(t.ctx.db);
    const login = await post(t.app, "/api/user/login", { phone: player.phone, password: player.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe("BLOCKED");
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    // A wrong password on a blocked account is still just wrong credentials (no hint that it exists).
    expect((await post(t.app, "/api/user/login", { phone: player.phone, password: "wrong password" })).statusCode).toBe(401);
    const [audit] = await auditActions(t.ctx.db, "admin.user_block", player.id);
    expect(audit).toMatchObject({ actor_id: operatorId, before: { blocked: false }, after: { blocked: true, reason: "Chargeback fraud" } });

    expect((await post(t.app, `/api/admin/users/${player.id}/block`, { blocked: false, reason: "Cleared" }, operator)).json()).toEqual({
      id: player.id,
      blocked: false,
    });
    expect((await get("/api/user/profile", player.token)).statusCode).toBe(200);
    await loginAs(t.app, player.phone, player.password);
    expect(await auditActions(t.ctx.db, "admin.user_unblock", player.id)).toHaveLength(1);
  });

  it("needs a reason, refuses self-blocking, unknown accounts and operators blocking staff", async () => {
    const player = await registerPlayer(t.app);
    const asOperator = await loginAs(t.app, "09400000002", "demo-operator-2");
    const before = await rowCounts(t.ctx.db);
    for (const payload of [
      { blocked: true },
      { blocked: true, reason: " " },
      { blocked: "yes", reason: "x" },
      { blocked: true, reason: "x", role: "admin" },
    ]) {
      expect((await post(t.app, `/api/admin/users/${player.id}/block`, payload, operator)).statusCode).toBe(400);
    }
    const self = await post(t.app, `/api/admin/users/${operatorId}/block`, { blocked: true, reason: "x" }, operator);
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe("CANNOT_BLOCK_SELF");
    // The second demo operator is not an admin: they may not block the first (staff).
    const staff = await post(t.app, `/api/admin/users/${operatorId}/block`, { blocked: true, reason: "x" }, asOperator);
    expect(staff.statusCode).toBe(403);
    expect(secondOperatorId).not.toBe(operatorId);
    expect((await post(t.app, "/api/admin/users/999999999/block", { blocked: true, reason: "x" }, operator)).statusCode).toBe(404);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await get("/api/user/profile", player.token)).statusCode).toBe(200);
  });
});

describe("GET /api/admin/users", () => {
  it("finds accounts by phone, phone prefix and user code", async () => {
    const player = await registerPlayer(t.app);
    const profile = (await get("/api/user/profile", player.token)).json();
    const byPhone = (await get(`/api/admin/users?q=%2B95${player.phone.slice(1)}`, operator)).json().data;
    expect(byPhone).toEqual([expect.objectContaining({ id: player.id, phone: player.phone, blocked: false, role: "player" })]);
    const byPrefix = (await get(`/api/admin/users?q=${player.phone.slice(0, 8)}`, operator)).json().data;
    expect(byPrefix.map((u: { id: number }) => u.id)).toContain(player.id);
    const byCode = (await get(`/api/admin/users?q=${profile.user_code.toLowerCase()}`, operator)).json().data;
    expect(byCode.map((u: { id: number }) => u.id)).toEqual([player.id]);
    expect((await get("/api/admin/users?q=a", operator)).statusCode).toBe(400);
  });
});

describe("OpenAPI document", () => {
  it("documents every account and operator call", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/user/check_phone",
      "/api/user/send_otp",
      "/api/user/verify_otp",
      "/api/user/verify_register",
      "/api/user/login",
      "/api/user/logout",
      "/api/user/forget_password",
      "/api/user/new_password",
      "/api/user/renew_token",
      "/api/user/profile",
      "/api/user/profile_update",
      "/api/user/avatar",
      "/api/user/lvl_2",
      "/api/user/lvl_2/image",
      "/api/dev/outbox",
      "/api/admin/users",
      "/api/admin/lvl2",
      "/api/admin/lvl2/{uploadId}/image",
      "/api/admin/users/{id}/lvl_2",
      "/api/admin/users/{id}/block",
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
