import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { multipart, pngImage } from "../accounts/accounts.test-helpers.ts";
import { createUser, expectErrorBody, type TestUser } from "../ledger/testing.ts";
import { send } from "../lottery/lottery.test-helpers.ts";

describe("content images (/api/admin/media, /media/…)", () => {
  let t: TestApp;
  let admin: TestUser;
  let op: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: "admin" });
    op = await createUser(t, { role: "operator" });
  });
  afterAll(async () => t.close());

  const upload = (token: string, data: Buffer, contentType = "image/png") => {
    const form = multipart([{ name: "image", filename: "logo.png", contentType, data }]);
    return t.app.inject({
      method: "POST",
      url: "/api/admin/media",
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  };

  it("an admin uploads a logo with transparency; it is served re-encoded as WebP to everyone, cacheable, and usable as a logo", async () => {
    const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const res = await upload(admin.token, png);
    expect(res.statusCode).toBe(201);
    const { path } = res.json() as { path: string };
    expect(path).toMatch(/^\/media\/[A-Za-z0-9_-]{22,64}\.webp$/);
    const got = await t.app.inject({ method: "GET", url: path });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/webp");
    expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 300, height: 120, hasAlpha: true });
    expect((await send(t, "PUT", "/api/admin/payment-methods/1", { token: admin.token, body: { logo: path } })).json()).toMatchObject({
      logo: path,
    });
  });

  it("refuses operators, files that are not images (SVG included) and empty forms; unknown names are 404", async () => {
    expectErrorBody(await upload(op.token, await pngImage()), 403, "FORBIDDEN");
    expectErrorBody(
      await upload(admin.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml"),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await upload(admin.token, Buffer.from("not an image")), 400, "VALIDATION_FAILED");
    const empty = multipart([{ name: "note", value: "x" }]);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/admin/media",
          payload: empty.payload,
          headers: { ...empty.headers, authorization: `Bearer ${admin.token}` },
        })
      ).statusCode,
    ).toBe(400);
    for (const url of ["/media/nothing-here-at-all-123456.webp", "/media/..%2F..%2Fetc%2Fpasswd", "/media/x.jpg"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});
