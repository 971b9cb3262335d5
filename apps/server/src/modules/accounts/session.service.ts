import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { randomCode, randomToken, sha256Hex } from "../../lib/crypto.ts";
import { AppError, conflict, notFound, refused, unauthenticated } from "../../lib/errors.ts";
import { assertPasswordAllowed } from "../../lib/password-policy.ts";
import { hashPassword, verifyDummyPassword, verifyPassword } from "../../lib/passwords.ts";
import type { AuthUser } from "../../plugins/auth.ts";
import { TOKEN_TTL_DAYS } from "../auth/auth.service.ts";
import { findLiveToken, insertToken, revokeAllTokens } from "../auth/token.repository.ts";
import { createPlayerLedgerAccounts } from "../ledger/player-accounts.repository.ts";
import { recordSignIn, recordSignup, refuseSelfReferral } from "../rewards/referral-flags.service.ts";
import { insertAudit } from "./audit.repository.ts";
import { consumeProof } from "./otp.service.ts";
import { revokeTokenInRenewWindow } from "./session.repository.ts";
import {
  findUserById,
  findUserByPhone,
  findUserIdByReferralCode,
  insertUserIfFree,
  isPhoneRegistered,
  type NewUser,
  setPasswordHash,
} from "./users.repository.ts";

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** A token may be renewed within its last day (domain-rules §2). */
export const RENEW_WINDOW_HOURS = 24;

export interface Session {
  userId: number;
  token: string;
  expiresAt: Date;
}

export const blockedError = () => new AppError(403, "BLOCKED", "This account is blocked.");
const invalidCredentials = () => new AppError(401, "INVALID_CREDENTIALS", "The phone number or password is not correct.");

/** A new bearer token written in the caller's transaction (stored as its SHA-256 only). */
async function issueTokenIn(tx: Executor, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + TOKEN_TTL_DAYS * 86_400_000);
  await insertToken(tx, userId, sha256Hex(token), expiresAt);
  return { token, expiresAt };
}

/** Whether an account (player or console) already holds this phone number. */
export async function isPhoneTaken(db: Executor, phone: string): Promise<boolean> {
  return isPhoneRegistered(db, phone);
}

/**
 * Inserts an account with a fresh random user_code (10 characters) and referral_code (6), drawn
 * again on the rare collision. A phone that is already registered → 409 PHONE_REGISTERED.
 */
export async function createUserWithCodes(tx: Executor, user: Omit<NewUser, "userCode" | "referralCode">): Promise<number> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = await insertUserIfFree(tx, { ...user, userCode: randomCode(10, CODE_ALPHABET), referralCode: randomCode(6, CODE_ALPHABET) });
    if (id !== undefined) return id;
    if (await isPhoneRegistered(tx, user.phone)) {
      throw conflict("PHONE_REGISTERED", "This phone number is already registered. Please sign in.");
    }
  }
  throw new Error("no free user code after 8 draws");
}

export interface RegisterInput {
  phone: string;
  name: string;
  password: string;
  otpToken: string;
  referralCode: string | undefined;
  /** The browser's X-Device-Id, when sent (referral farming checks). */
  deviceId?: string | undefined;
  /** The User-Agent header, when sent (self-referral checks). */
  userAgent?: string | undefined;
}

/** Sign-up in one transaction: use the phone proof, create the account and its ledger accounts, sign in. */
export async function register(ctx: AppContext, input: RegisterInput, ip: string): Promise<Session> {
  assertPasswordAllowed(input.password, input.phone);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    await consumeProof(tx, input.otpToken, input.phone, "register");
    let referredBy: number | null = null;
    if (input.referralCode) {
      referredBy = (await findUserIdByReferralCode(tx, input.referralCode)) ?? null;
      if (referredBy === null) throw refused("REFERRAL_UNKNOWN", "This referral code does not exist.");
      await refuseSelfReferral(tx, referredBy, input.deviceId);
    }
    const userId = await createUserWithCodes(tx, { phone: input.phone, name: input.name, passwordHash, referredBy });
    await createPlayerLedgerAccounts(tx, userId);
    await recordSignup(tx, { userId, referredBy, deviceId: input.deviceId, ip, userAgent: input.userAgent });
    const issued = await issueTokenIn(tx, userId);
    await insertAudit(tx, {
      actorId: userId,
      action: "auth.register",
      targetType: "user",
      targetId: userId,
      after: { phone: input.phone, referred_by: referredBy },
      ip,
    });
    return { userId, ...issued };
  });
}

/**
 * Phone + password sign-in. Unknown phone and wrong password get the same answer in about the same
 * time. With `otpToken` (a proof of purpose login, what the phone's owner brings when the phone's
 * sign-in limits are reached) the proof is used up first, in its own transaction, whatever the
 * password: one SMS code buys one try.
 */
export async function login(
  ctx: AppContext,
  phone: string,
  password: string,
  ip: string,
  otpToken?: string,
  userAgent?: string,
): Promise<Session> {
  if (otpToken !== undefined) await ctx.db.transaction((tx) => consumeProof(tx, otpToken, phone, "login"));
  const user = await findUserByPhone(ctx.db, phone);
  if (!user) {
    await verifyDummyPassword(password);
    await insertAudit(ctx.db, { actorId: null, action: "auth.login_failed", targetType: "phone", targetId: phone, ip });
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await insertAudit(ctx.db, { actorId: null, action: "auth.login_failed", targetType: "user", targetId: user.id, ip });
    throw invalidCredentials();
  }
  if (user.blocked) {
    await insertAudit(ctx.db, { actorId: user.id, action: "auth.login_blocked", targetType: "user", targetId: user.id, ip });
    throw blockedError();
  }
  const issued = await ctx.auth.issue(user.id);
  await insertAudit(ctx.db, { actorId: user.id, action: "auth.login", targetType: "user", targetId: user.id, ip });
  await ctx.db.transaction((tx) => recordSignIn(tx, { userId: user.id, ip, userAgent }));
  return { userId: user.id, token: issued.token, expiresAt: issued.expiresAt };
}

export async function logout(ctx: AppContext, user: AuthUser, ip: string): Promise<void> {
  await ctx.auth.revoke(user.tokenId);
  await insertAudit(ctx.db, { actorId: user.id, action: "auth.logout", targetType: "user", targetId: user.id, ip });
}

/** Password reset with a verified phone: new password, every session of the account ends. */
export async function forgetPassword(ctx: AppContext, input: { phone: string; password: string; otpToken: string }, ip: string) {
  assertPasswordAllowed(input.password, input.phone);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await consumeProof(tx, input.otpToken, input.phone, "reset");
    const user = await findUserByPhone(tx, input.phone);
    if (!user) throw notFound("No account uses this phone number.");
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllTokens(tx, user.id);
    await insertAudit(tx, { actorId: user.id, action: "auth.password_reset", targetType: "user", targetId: user.id, ip });
  });
}

/** Password change of a signed-in account: this session stays, every other one ends. */
export async function changePassword(ctx: AppContext, auth: AuthUser, oldPassword: string, password: string, ip: string) {
  const user = await findUserById(ctx.db, auth.id);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw refused("WRONG_PASSWORD", "The current password is not correct.");
  }
  if (oldPassword === password) {
    throw refused("PASSWORD_UNCHANGED", "The new password must be different from the current one.");
  }
  assertPasswordAllowed(password, user.phone);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.id, passwordHash);
    await revokeAllTokens(tx, auth.id, auth.tokenId);
    await insertAudit(tx, { actorId: auth.id, action: "auth.password_change", targetType: "user", targetId: auth.id, ip });
  });
}

/**
 * Swaps a token in its last day for a new one (the old one is revoked). The token is looked up
 * without the sliding-expiry touch of the auth guard, so its real expiry decides.
 */
export async function renewToken(ctx: AppContext, bearer: string | undefined, ip: string): Promise<{ token: string; expiresAt: Date }> {
  const owner =
    bearer && bearer.length >= 20 && bearer.length <= 200 ? await findLiveToken(ctx.db, sha256Hex(bearer), ctx.database.kind) : undefined;
  if (!owner) throw unauthenticated("Session Expired, Please Login Again!");
  if (owner.blocked) throw blockedError();
  return ctx.db.transaction(async (tx) => {
    if (!(await revokeTokenInRenewWindow(tx, owner.tokenId, RENEW_WINDOW_HOURS))) {
      const renewFrom = new Date(owner.expiresAt.getTime() - RENEW_WINDOW_HOURS * 3_600_000);
      if (renewFrom.getTime() > Date.now()) {
        throw refused("TOO_EARLY_TO_RENEW", "This session does not need renewing yet.", { renew_from: renewFrom.toISOString() });
      }
      throw unauthenticated("Session Expired, Please Login Again!");
    }
    const issued = await issueTokenIn(tx, owner.userId);
    await insertAudit(tx, { actorId: owner.userId, action: "auth.token_renew", targetType: "user", targetId: owner.userId, ip });
    return issued;
  });
}
