import { referralFlagListSchema } from "@shwe/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, type TestUser } from "../ledger/testing.ts";
import { holdOf, newDevice, signUpOk } from "./referral.test-helpers.ts";

/**
 * Self-referral seen by the server, whatever device id the client sends: a referrer and a referee
 * on one address with one user agent (at sign-up or sign-in) hold the referrer's earnings for review.
 */

const PHONE_BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const OTHER_BROWSER =
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36";

describe("self-referral signals of the server", () => {
  let t: TestApp;
  let op: TestUser;
  let n = 0;
  /** A fresh client address on its own network (the farming rule counts /24 ranges). */
  const address = () => `10.${++n}.7.7`;

  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    op = await createUser(t, { role: "admin" });
  });
  afterAll(async () => t.close());

  const signIn = async (phone: string, ip: string, userAgent: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      remoteAddress: ip,
      headers: { "user-agent": userAgent },
      payload: { phone, password: "correct horse 1" },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const flagOf = async (referrerId: number) => {
    const res = await call(t, "GET", "/api/admin/referral/flags?status=all", { token: op.token });
    expect(res.statusCode, res.body).toBe(200);
    return referralFlagListSchema.parse(res.json()).data.find((f) => f.referrer_id === referrerId);
  };

  it("a sign-up with the referrer's code from the referrer's address and browser holds the referrer, whatever device id it sends", async () => {
    const home = address();
    const referrer = await signUpOk(t, { device: newDevice(), ip: address(), userAgent: PHONE_BROWSER });
    await signIn(referrer.phone, home, PHONE_BROWSER);
    // A fresh device id (a cleared browser, a private tab): the device check cannot see it.
    const referee = await signUpOk(t, { device: newDevice(), ip: home, userAgent: PHONE_BROWSER, referralCode: referrer.referralCode });
    expect(await holdOf(t, referrer.id)).toBe("held");
    const flag = await flagOf(referrer.id);
    expect(flag?.groups).toEqual([
      expect.objectContaining({ kind: "shared_sign_in", key: home, referees: [expect.objectContaining({ id: referee.id })] }),
    ]);
  });

  it("the same address with another browser, or another address with the same browser, is not enough", async () => {
    const home = address();
    const referrer = await signUpOk(t, { ip: address(), userAgent: PHONE_BROWSER });
    await signIn(referrer.phone, home, PHONE_BROWSER);
    await signUpOk(t, { ip: home, userAgent: OTHER_BROWSER, referralCode: referrer.referralCode });
    await signUpOk(t, { ip: address(), userAgent: PHONE_BROWSER, referralCode: referrer.referralCode });
    // No user agent at all says nothing either.
    await signUpOk(t, { ip: home, referralCode: referrer.referralCode });
    expect(await holdOf(t, referrer.id)).toBeUndefined();
  });

  it("sign-in overlap: a referee signing in later from the referrer's address and browser holds the referrer, either way round", async () => {
    const home = address();
    const referrer = await signUpOk(t, { ip: address(), userAgent: PHONE_BROWSER });
    const referee = await signUpOk(t, { ip: address(), userAgent: OTHER_BROWSER, referralCode: referrer.referralCode });
    expect(await holdOf(t, referrer.id)).toBeUndefined();
    await signIn(referee.phone, home, PHONE_BROWSER);
    expect(await holdOf(t, referrer.id)).toBeUndefined();
    // The referrer comes second this time.
    await signIn(referrer.phone, home, PHONE_BROWSER);
    expect(await holdOf(t, referrer.id)).toBe("held");
    expect((await flagOf(referrer.id))?.groups.map((g) => [g.kind, g.key, g.referees.map((r) => r.id)])).toEqual([
      ["shared_sign_in", home, [referee.id]],
    ]);
  });

  it("a pair an operator cleared is not flagged again at every sign-in", async () => {
    const home = address();
    const referrer = await signUpOk(t, { ip: address(), userAgent: PHONE_BROWSER });
    const referee = await signUpOk(t, { ip: address(), userAgent: OTHER_BROWSER, referralCode: referrer.referralCode });
    await signIn(referrer.phone, home, PHONE_BROWSER);
    await signIn(referee.phone, home, PHONE_BROWSER);
    expect(await holdOf(t, referrer.id)).toBe("held");
    const cleared = await call(t, "POST", `/api/admin/referral/flags/${referrer.id}/clear`, {
      token: op.token,
      body: { reason: "Husband and wife sharing one phone" },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await signIn(referee.phone, home, PHONE_BROWSER);
    await signIn(referrer.phone, home, PHONE_BROWSER);
    expect(await holdOf(t, referrer.id)).toBe("cleared");
  });
});
