import { existsSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { auth, multipart, pngImage, post, registerPlayer, rowCounts } from "./accounts.test-helpers.ts";
import { uploadsRoot } from "./uploads.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, ...(token ? { headers: auth(token) } : {}) });
const upload = (url: string, token: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({ method: "POST", url, payload: form.payload, headers: { ...form.headers, ...auth(token) } });
const imagePart = (data: Buffer, contentType = "image/png", name = "image") => ({ name, filename: "shot.png", contentType, data });

/** A small PNG whose header claims a huge size (a decompression bomb stand-in). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function uploadsOf(userId: number) {
  const res = await t.ctx.db.execute(sql`select id, path, status from lvl2_uploads where user_id = ${userId} order by id`);
  return rowsOf<{ id: number; path: string; status: string }>(res);
}

describe("GET /api/user/profile", () => {
  it("answers the account with ledger balances, turnover and referees", async () => {
    const player = await registerPlayer(t.app);
    await t.ctx.db.execute(sql`update users set turnover = 12345 where id = ${player.id}`);
    const res = await get("/api/user/profile", player.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: player.id,
      phone: player.phone,
      name: "Test Player",
      user_code: expect.stringMatching(/^[A-Z0-9]{10}$/),
      referral_code: player.referralCode,
      role: "player",
      lvl_2: 1,
      lvl_2_status: "none",
      lvl_2_reason: null,
      avatar: null,
      balance: 0,
      game_balance: 0,
      point: 0,
      p_balance: 0,
      turnover: 12345,
      refer_count: 0,
      game_refer_amt: 0,
    });
  });
});

describe("POST /api/user/profile_update", () => {
  it("changes the name from JSON", async () => {
    const player = await registerPlayer(t.app);
    const res = await post(t.app, "/api/user/profile_update", { name: " Ko Ko " }, player.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Ko Ko");
  });

  it("refuses fields a player may not set, empty names and no token", async () => {
    const player = await registerPlayer(t.app);
    const before = await rowCounts(t.ctx.db);
    for (const payload of [
      { name: "X", role: "admin" },
      { name: "X", balance: 5 },
      { name: "X", lvl_2: 2 },
      { name: "" },
      {},
      { name: 5 },
    ]) {
      const res = await post(t.app, "/api/user/profile_update", payload, player.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    expect((await post(t.app, "/api/user/profile_update", { name: "X" })).statusCode).toBe(401);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await get("/api/user/profile", player.token)).json()).toMatchObject({ name: "Test Player", role: "player", lvl_2: 1 });
  });

  it("takes a picture (multipart), re-encodes it and serves it to its owner only", async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const form = multipart([imagePart(await pngImage(900, 700)), { name: "name", value: "Picture Person" }]);
    const res = await upload("/api/user/profile_update", player.token, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe("Picture Person");
    expect(res.json().avatar).toMatch(/^\/api\/user\/avatar\?v=/);
    const own = await get(res.json().avatar, player.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect((await get("/api/user/avatar", other.token)).statusCode).toBe(404);
    expect((await get("/api/user/avatar")).statusCode).toBe(401);
  });

  it("refuses a picture that is not an image, unknown form fields and an empty form", async () => {
    const player = await registerPlayer(t.app);
    const cases = [
      multipart([imagePart(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml")]),
      multipart([imagePart(await pngImage()), { name: "role", value: "admin" }]),
      multipart([imagePart(await pngImage(), "image/png", "avatar")]),
      multipart([]),
    ];
    for (const form of cases) {
      const res = await upload("/api/user/profile_update", player.token, form);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    expect((await get("/api/user/profile", player.token)).json().avatar).toBeNull();
  });
});

describe("POST /api/user/lvl_2", () => {
  it("stores a re-encoded JPEG outside any public folder and marks the account pending", async () => {
    const player = await registerPlayer(t.app);
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer();
    const res = await upload("/api/user/lvl_2", player.token, multipart([imagePart(webp, "image/webp")]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "pending" });
    const [row] = await uploadsOf(player.id);
    expect(row?.status).toBe("pending");
    expect(row?.path).toMatch(/^lvl2\/[A-Za-z0-9_-]+\.jpg$/);
    expect(existsSync(join(uploadsRoot(t.config), row?.path ?? ""))).toBe(true);
    expect((await get("/api/user/profile", player.token)).json().lvl_2_status).toBe("pending");
    const image = await get("/api/user/lvl_2/image", player.token);
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe("jpeg");
  });

  it("replaces a pending upload (one pending row, the old file removed)", async () => {
    const player = await registerPlayer(t.app);
    await upload("/api/user/lvl_2", player.token, multipart([imagePart(await pngImage())]));
    const [first] = await uploadsOf(player.id);
    const jpeg = await sharp(await pngImage(120, 80))
      .jpeg()
      .toBuffer();
    expect((await upload("/api/user/lvl_2", player.token, multipart([imagePart(jpeg, "image/jpeg")]))).statusCode).toBe(200);
    const rows = await uploadsOf(player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(first?.id);
    expect(existsSync(join(uploadsRoot(t.config), first?.path ?? ""))).toBe(false);
  });

  it("refuses files that are not JPEG/PNG/WebP by their bytes, whatever they claim", async () => {
    const player = await registerPlayer(t.app);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    const before = await rowCounts(t.ctx.db);
    for (const data of [gif, Buffer.from("%PDF-1.4 hello"), fakePng, Buffer.alloc(0)]) {
      const res = await upload("/api/user/lvl_2", player.token, multipart([imagePart(data, "image/png")]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", details: { fields: [{ field: "image" }] } });
    }
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect((await get("/api/user/profile", player.token)).json().lvl_2_status).toBe("none");
  });

  it("refuses a file over 5 MB (413) and an image over the pixel limit (400)", async () => {
    const player = await registerPlayer(t.app);
    const before = await rowCounts(t.ctx.db);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10, 0)]);
    const tooBig = await upload("/api/user/lvl_2", player.token, multipart([imagePart(big)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe("PAYLOAD_TOO_LARGE");
    const huge = await pngClaiming(10_000, 10_000);
    const tooManyPixels = await upload("/api/user/lvl_2", player.token, multipart([imagePart(huge)]));
    expect(tooManyPixels.statusCode).toBe(400);
    expect(tooManyPixels.json().message).toMatch(/pixels/);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it("refuses a request without the image, JSON, other fields, and no token", async () => {
    const player = await registerPlayer(t.app);
    expect((await post(t.app, "/api/user/lvl_2", { image: "data:image/png;base64,AAAA" }, player.token)).statusCode).toBe(400);
    expect((await upload("/api/user/lvl_2", player.token, multipart([{ name: "note", value: "hi" }]))).statusCode).toBe(400);
    expect((await upload("/api/user/lvl_2", player.token, multipart([imagePart(await pngImage(), "image/png", "file")]))).statusCode).toBe(
      400,
    );
    const form = multipart([imagePart(await pngImage())]);
    expect((await t.app.inject({ method: "POST", url: "/api/user/lvl_2", payload: form.payload, headers: form.headers })).statusCode).toBe(
      401,
    );
    expect(await uploadsOf(player.id)).toHaveLength(0);
  });

  it("refuses an account that is already level 2 (409)", async () => {
    const demo = await post(t.app, "/api/user/login", { phone: "09500000001", password: "demo-player-1" });
    const before = await rowCounts(t.ctx.db);
    const res = await upload("/api/user/lvl_2", demo.json().token, multipart([imagePart(await pngImage())]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: "ALREADY_LEVEL_2", message: expect.any(String) });
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });
});

describe("GET /api/user/lvl_2/image", () => {
  it("serves only the owner's uploads: another player's id is not found", async () => {
    const owner = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    await upload("/api/user/lvl_2", owner.token, multipart([imagePart(await pngImage())]));
    const [row] = await uploadsOf(owner.id);
    expect((await get(`/api/user/lvl_2/image?id=${row?.id}`, owner.token)).statusCode).toBe(200);
    const stolen = await get(`/api/user/lvl_2/image?id=${row?.id}`, other.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe("NOT_FOUND");
    expect((await get("/api/user/lvl_2/image", other.token)).statusCode).toBe(404);
    expect((await get("/api/user/lvl_2/image?id=abc", owner.token)).statusCode).toBe(400);
  });
});
