import { afterEach, describe, expect, it, vi } from "vitest";
import { apiBytes } from "./api-bytes.ts";
import { ApiError, newIdempotencyKey, setUnauthorizedHandler } from "./api-client.ts";
import { useSession } from "./session-store.ts";

describe("newIdempotencyKey", () => {
  it("gives a different key for each action", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });

  it("still works where crypto.randomUUID is missing (plain-HTTP pages)", () => {
    const original = Object.getOwnPropertyDescriptor(crypto, "randomUUID");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      if (original) Object.defineProperty(crypto, "randomUUID", original);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});

describe("apiBytes (images and files the API serves only with the token)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(undefined);
    useSession.setState({ user: null });
  });

  const signedIn = () =>
    useSession.setState({ user: { id: 1, token: "t-1", user_code: "SL1", phone: "09", name: "A", lvl_2: 0, balance: 0 } as never });

  it("sends the bearer token to the server's /api URL and answers the bytes with the file name", async () => {
    signedIn();
    const sent: { url: string; auth: string | null }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: URL, init: RequestInit) => {
        sent.push({ url: String(url), auth: new Headers(init.headers).get("Authorization") });
        return new Response("a,b\n1,2\n", { headers: { "Content-Disposition": 'attachment; filename="cash.csv"' } });
      }),
    );
    const got = await apiBytes("/api/admin/reports/cash?x=1", { query: { format: "csv" } });
    expect(await got.blob.text()).toBe("a,b\n1,2\n");
    expect(got.fileName).toBe("cash.csv");
    expect(sent).toEqual([{ url: `${window.location.origin}/api/admin/reports/cash?x=1&format=csv`, auth: "Bearer t-1" }]);
  });

  it("turns an error answer into ApiError (the server's code, or one by status) and ends an expired session", async () => {
    signedIn();
    const expired = vi.fn();
    setUnauthorizedHandler(expired);
    const answers = [
      new Response(JSON.stringify({ code: "SESSION_EXPIRED", message: "Expired." }), { status: 401 }),
      new Response(null, { status: 404 }),
      new Response("nope", { status: 403 }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answers.shift()),
    );
    const first = await apiBytes("user/avatar").catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 401, code: "SESSION_EXPIRED", message: "Expired." });
    expect(expired).toHaveBeenCalledTimes(1);
    await expect(apiBytes("user/avatar")).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    await expect(apiBytes("user/avatar")).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
  });
});
