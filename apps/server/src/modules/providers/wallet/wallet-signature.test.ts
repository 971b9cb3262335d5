import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referralShareOf } from "../referral/provider-settings.repository.ts";
import { signedWalletHeaders, verifyWalletSignature, walletSignature } from "./wallet-signature.ts";

const SECRET = "demo-house-secret";
const NOW = new Date("2025-01-01T00:00:00Z");
const TS = String(Math.floor(NOW.getTime() / 1000));

describe("wallet signature", () => {
  it("matches the documented example (docs/provider-wallet.md)", () => {
    const body = '{"player":"AB12CD34EF","transaction_id":"tx-1001","round_id":"round-77","game_code":"house-slot","amount":500}';
    expect(walletSignature(SECRET, "1735689600", body)).toBe("5f684b96f28e245f74e36a81648d2fdfcac0b8305b9117ed987e54d443cb9b6e");
  });

  it("accepts what it signs, and refuses any change of one byte of the body", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (bytes, at, flip) => {
        const body = Buffer.from(bytes);
        const signature = walletSignature(SECRET, TS, body);
        expect(verifyWalletSignature({ secret: SECRET, timestamp: TS, signature, rawBody: body, now: NOW })).toBe(true);
        const changed = Buffer.from(body);
        const i = at % changed.length;
        changed[i] = (changed[i] ?? 0) ^ flip;
        expect(verifyWalletSignature({ secret: SECRET, timestamp: TS, signature, rawBody: changed, now: NOW })).toBe(false);
      }),
    );
  });

  it("accepts a timestamp within ±300 s only, and only well-formed headers", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 1_000 }), (skew) => {
        const ts = String(Number(TS) + skew);
        const signature = walletSignature(SECRET, ts, "{}");
        const ok = verifyWalletSignature({ secret: SECRET, timestamp: ts, signature, rawBody: Buffer.from("{}"), now: NOW });
        expect(ok).toBe(Math.abs(skew) <= 300);
      }),
    );
    const body = Buffer.from("{}");
    const signature = walletSignature(SECRET, TS, body);
    const check = (over: Partial<Parameters<typeof verifyWalletSignature>[0]>) =>
      verifyWalletSignature({ secret: SECRET, timestamp: TS, signature, rawBody: body, now: NOW, ...over });
    expect(check({})).toBe(true);
    expect(check({ signature: signature.toUpperCase() })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ timestamp: undefined })).toBe(false);
    expect(check({ timestamp: `${TS}.0` })).toBe(false);
    expect(check({ timestamp: ` ${TS}` })).toBe(false);
    expect(check({ secret: "" })).toBe(false);
    expect(check({ secret: "another-secret-entirely" })).toBe(false);
  });

  it("signedWalletHeaders produces headers the verifier accepts", () => {
    const headers = signedWalletHeaders(SECRET, '{"player":"X"}', NOW);
    expect(
      verifyWalletSignature({
        secret: SECRET,
        timestamp: headers["x-timestamp"],
        signature: headers["x-signature"],
        rawBody: Buffer.from('{"player":"X"}'),
        now: NOW,
      }),
    ).toBe(true);
  });
});

describe("referral share", () => {
  it("is floor(loss × share), never negative, never above the loss, 0 for a win", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (loss, bp) => {
        const share = referralShareOf(loss, bp);
        expect(Number.isSafeInteger(share)).toBe(true);
        if (loss <= 0 || bp === 0) expect(share).toBe(0);
        else {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(loss);
          expect(share * 10_000).toBeLessThanOrEqual(loss * bp);
          expect((share + 1) * 10_000).toBeGreaterThan(loss * bp);
        }
      }),
    );
    expect(referralShareOf(8_000, 500)).toBe(400);
    expect(referralShareOf(1_999, 500)).toBe(99);
  });
});
