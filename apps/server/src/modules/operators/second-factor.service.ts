import type { SecondFactorEnabled, SecondFactorSetup, SecondFactorStatus, SecondFactorVerified } from "@shwe/contracts";
import { generate, generateSecret, generateURI, verify } from "otplib";
import type { AppContext } from "../../app-context.ts";
import { randomCode, sha256Hex } from "../../lib/crypto.ts";
import { AppError, conflict, refused } from "../../lib/errors.ts";
import type { AuthUser } from "../../plugins/auth.ts";
import { markSecondFactor } from "../auth/token.repository.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import {
  enableTotp,
  findTotp,
  proposeSecret,
  replaceRecoveryCodes,
  takeStep,
  unusedRecoveryCodes,
  useRecoveryCode,
} from "./second-factor.repository.ts";

/**
 * The operator second factor: TOTP (RFC 6238: 6 digits, 30-second steps, one step of clock drift
 * either way) from an authenticator app, enrolled with a QR code, with ten one-time recovery codes.
 * A code is accepted once: its time step must be later than the last one accepted.
 */

const ISSUER = "Shwe Lucky";
const STEP_SECONDS = 30;
export const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const epochOf = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);
const wrongCode = () => refused("WRONG_CODE", "The code is not right. Enter the current code from your authenticator app.");

/** A recovery code as typed (any case, spaces or dashes) in its stored form. */
function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}
export const hashRecoveryCode = (code: string) => sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);

export function newRecoveryCode(): string {
  const raw = randomCode(12, RECOVERY_ALPHABET);
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** The time step a TOTP code belongs to, or undefined when it fits none within the drift allowed. */
async function stepOf(ctx: AppContext, secret: string, code: string, afterStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(ctx),
    epochTolerance: STEP_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP result names the time step the code matched (the HOTP variant of the type has none).
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** What this sign-in is: the console role, whether the account enrolled, whether the sign-in passed. */
export function secondFactorStatus(user: AuthUser): SecondFactorStatus {
  return { role: user.role === "admin" ? "admin" : "operator", enrolled: user.enrolled, verified: user.secondFactor };
}

/** Proposes a secret (an operator who has not enrolled yet): the QR code's otpauth URL and the secret to type. */
export async function setupSecondFactor(ctx: AppContext, user: AuthUser, label: string): Promise<SecondFactorSetup> {
  const secret = generateSecret();
  if (!(await proposeSecret(ctx.db, user.id, secret)))
    throw conflict("ALREADY_ENROLLED", "Two-step sign-in is already set up for this account.");
  return { secret, otpauth_url: generateURI({ issuer: ISSUER, label, secret }) };
}

/** Finishes enrolment with a code of the proposed secret: this sign-in passes, and the recovery codes are shown once. */
export async function enableSecondFactor(ctx: AppContext, user: AuthUser, code: string): Promise<SecondFactorEnabled> {
  const row = await findTotp(ctx.db, user.id);
  if (row?.enabledAt) throw conflict("ALREADY_ENROLLED", "Two-step sign-in is already set up for this account.");
  if (!row) throw conflict("NO_SETUP", "Start the set-up first.");
  const step = await stepOf(ctx, row.secret, code, null);
  if (step === undefined) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await withMoneyTx(ctx.db, async (tx) => {
    if (!(await enableTotp(tx, user.id, row.secret, step))) throw conflict("NO_SETUP", "Start the set-up again.");
    await replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode));
    await markSecondFactor(tx, user.tokenId);
  });
  return { recovery_codes: codes };
}

/** Passes the second factor for this sign-in with a current code or an unused recovery code. */
export async function verifySecondFactor(ctx: AppContext, user: AuthUser, code: string): Promise<SecondFactorVerified> {
  const row = await findTotp(ctx.db, user.id);
  if (!row?.enabledAt) throw conflict("NOT_ENROLLED", "Set up two-step sign-in first.");
  const trimmed = code.trim();
  let passed = false;
  if (/^\d{6}$/.test(trimmed)) {
    const step = await stepOf(ctx, row.secret, trimmed, row.lastStep);
    passed = step !== undefined && (await takeStep(ctx.db, user.id, step));
  } else {
    passed = await useRecoveryCode(ctx.db, user.id, hashRecoveryCode(trimmed));
  }
  if (!passed) throw wrongCode();
  await markSecondFactor(ctx.db, user.tokenId);
  return { verified: true, recovery_codes_left: await unusedRecoveryCodes(ctx.db, user.id) };
}

/**
 * Demo mode only (GET /api/dev/totp): the code a demo operator's authenticator would show for the
 * next step the server accepts, so the demo and its tests can sign in.
 */
export async function demoCode(ctx: AppContext, userId: number): Promise<string> {
  if (ctx.config.mode !== "demo") throw new AppError(404, "NOT_FOUND", "Not found.");
  const row = await findTotp(ctx.db, userId);
  if (!row?.enabledAt) throw new AppError(404, "NOT_FOUND", "This account has no second factor.");
  const now = Math.floor(epochOf(ctx) / STEP_SECONDS);
  const step = Math.max(now, (row.lastStep ?? 0) + 1);
  return generate({ secret: row.secret, epoch: step * STEP_SECONDS });
}
