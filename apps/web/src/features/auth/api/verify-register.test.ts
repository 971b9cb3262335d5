import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/render.tsx";
import { verifyRegister } from "./verify-register.ts";

const session = {
  token: "t",
  expires_at: "2030-01-01T00:00:00.000Z",
  user: {
    id: 1,
    phone: "09500000001",
    name: "A",
    user_code: "ABCDEFGHIJ",
    referral_code: "ABC123",
    role: "player",
    lvl_2: 1,
    lvl_2_status: "none",
    lvl_2_reason: null,
    image: null,
    balance: 0,
    game_balance: 0,
    point: 0,
    p_balance: 0,
    turnover: 0,
    refer_count: 0,
    game_refer_amt: 0,
  },
};

describe("verifyRegister", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("sends this browser's device id (X-Device-Id), the same one on every sign-up from it", async () => {
    const seen: (string | null)[] = [];
    mockApi({
      "user/verify_register": (_url, init) => {
        seen.push(new Headers(init.headers).get("x-device-id"));
        return { status: 201, body: session };
      },
    });
    const body = { phone: "09500000001", name: "A", password: "secret-pass-1", otp_token: "x".repeat(32) };
    await verifyRegister(body).catch(() => undefined);
    await verifyRegister(body).catch(() => undefined);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1]).toBe(seen[0]);
    expect(localStorage.getItem("shwe.device")).toBe(seen[0]);
    localStorage.clear();
    await verifyRegister(body).catch(() => undefined);
    expect(seen[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
