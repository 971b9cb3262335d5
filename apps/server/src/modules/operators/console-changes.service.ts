import type {
  ConsoleChange,
  ConsoleStatus,
  InvitationView,
  InviteOperatorBody,
  OperatorInvitation,
  SecondFactorEnabled,
  SecondFactorSetup,
} from "@shwe/contracts";
import { generateSecret, generateURI, verify } from "otplib";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { conflict, notFound, refused } from "../../lib/errors.ts";
import { assertPasswordAllowed } from "../../lib/password-policy.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createUserWithCodes, isPhoneTaken } from "../accounts/session.service.ts";
import { revokeUserTokensIn } from "../auth/auth.service.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { publishLiveEvent } from "../live/live.service.ts";
import { assertIndependentChecker } from "./checker.service.ts";
import {
  type ConsoleChangeRow,
  findAccountRole,
  findActiveAdminIds,
  findInvitationChange,
  insertConsoleChange,
  listPendingConsoleChanges,
  lockConsoleChange,
  lockConsoleChanges,
  markConsoleChangeApplied,
  markConsoleChangeRejected,
  markInvitationCompleted,
  type NewConsoleChange,
  setConsoleChangedBy,
  setConsoleRole,
  setInvitedPassword,
} from "./console-changes.repository.ts";
import { enableTotp, findTotp, proposeSecret, removeSecondFactor, replaceRecoveryCodes } from "./second-factor.repository.ts";
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODES } from "./second-factor.service.ts";

/**
 * Changes of the console's accounts under maker–checker: an admin asks (a new account by
 * invitation, a role change, a second-factor reset) and a second admin confirms, who must be
 * another person (checker.service.ts). While the installation has a single admin, a change applies at
 * once and the console says that maker–checker is not in force. A new account has no usable
 * password until its holder completes the invitation (own password, own second factor), so it
 * cannot sign in before. Every admin is told of every new console account (a live message).
 */

/** The password hash of an invited account: never a valid argon2 hash, so no password matches it. */
const INVITED = "invited:no-password";
const INVITATION_HOURS = 72;

function view(r: ConsoleChangeRow): ConsoleChange {
  return {
    id: r.id,
    kind: r.kind,
    target_user_id: r.targetUserId,
    phone: r.phone,
    name: r.name,
    role: r.role,
    status: r.status,
    requested_by: r.requestedBy,
    decided_by: r.decidedBy,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** The admins who can sign in (not blocked, invitation completed). */
async function activeAdmins(db: Executor): Promise<number[]> {
  return findActiveAdminIds(db, INVITED);
}

/** GET /api/admin/console: maker–checker is in force once two admins can sign in. */
export async function consoleStatus(db: Executor): Promise<ConsoleStatus> {
  const admins = (await activeAdmins(db)).length;
  return { admins, maker_checker: admins >= 2 };
}

/** Tells every admin who can sign in (a live message to each). */
async function tellAdmins(tx: Executor, title: string, body: string): Promise<void> {
  for (const id of await activeAdmins(tx)) await publishLiveEvent(tx, id, { type: "broadcast", title, body });
}

/** Applies a change (inside the caller's transaction); the account it touches records its maker. */
async function applyChange(tx: Executor, change: ConsoleChangeRow, actor: Actor): Promise<ConsoleChangeRow> {
  let target = change.targetUserId;
  if (change.kind === "create") {
    target = await createUserWithCodes(tx, {
      phone: change.phone ?? "",
      name: change.name ?? "",
      passwordHash: INVITED,
      referredBy: null,
      role: change.role ?? "operator",
      lvl2: 1,
      lvl2Status: "none",
      consoleChangedBy: change.requestedBy,
    });
  } else if (target !== null) {
    if (change.kind === "role") {
      await setConsoleRole(tx, target, change.role ?? "operator", change.requestedBy);
    } else {
      await removeSecondFactor(tx, target);
      await setConsoleChangedBy(tx, target, change.requestedBy);
    }
    await revokeUserTokensIn(tx, target);
  }
  const row = await markConsoleChangeApplied(tx, change.id, target, actor.id);
  if (!row) throw new Error(`console change ${change.id} vanished`);
  await recordAudit(tx, actor, `operator.${change.kind}`, { type: "user", id: target ?? 0 }, null, {
    change: change.id,
    role: change.role,
    requested_by: change.requestedBy,
  });
  return row;
}

/** Records a requested change; applies it at once while the requester is the only admin who can sign in. */
async function request(ctx: AppContext, actor: Actor, values: NewConsoleChange): Promise<ConsoleChangeRow> {
  return withMoneyTx(ctx.db, async (tx) => {
    // One admin's changes at a time: the count of admins cannot change under this decision.
    await lockConsoleChanges(tx);
    const row = await insertConsoleChange(tx, values);
    if (!row) throw new Error("console change insert failed");
    await recordAudit(tx, actor, `operator.${row.kind}.request`, { type: "console_change", id: row.id }, null, {
      target_user_id: row.targetUserId,
      phone: row.phone,
      name: row.name,
      role: row.role,
    });
    const admins = await activeAdmins(tx);
    const alone = admins.length < 2;
    if (row.kind === "create") {
      await tellAdmins(
        tx,
        "New console account",
        `${row.name} (${row.phone}) as ${row.role}: ${alone ? "added" : "waits for a second admin's confirmation"}.`,
      );
    }
    return alone ? applyChange(tx, row, actor) : row;
  });
}

/** POST /api/admin/operators: invites a new console account; the one-time invitation is answered this once. */
export async function inviteOperator(ctx: AppContext, actor: Actor, body: InviteOperatorBody): Promise<OperatorInvitation> {
  if (await isPhoneTaken(ctx.db, body.phone)) {
    throw conflict("PHONE_REGISTERED", "This phone number is already registered.");
  }
  const token = randomToken(24);
  const expiresAt = new Date(ctx.clock.now().getTime() + INVITATION_HOURS * 3_600_000);
  let row: ConsoleChangeRow;
  try {
    row = await request(ctx, actor, {
      kind: "create",
      phone: body.phone,
      name: body.name,
      role: body.role,
      requestedBy: actor.id,
      invitationHash: sha256Hex(token),
      invitationExpiresAt: expiresAt,
    });
  } catch (err) {
    if (
      err instanceof Error &&
      /console_account_changes_pending_phone_uq/.test(`${err.message} ${String((err as { cause?: unknown }).cause)}`)
    ) {
      throw conflict("INVITATION_PENDING", "An invitation for this phone already waits for confirmation.");
    }
    throw err;
  }
  return {
    change: view(row),
    invitation: { token, path: `/admin/invitation#${token}`, expires_at: expiresAt.toISOString() },
  };
}

async function consoleAccount(db: Executor, id: number) {
  const u = await findAccountRole(db, id);
  if (!u || u.role === "player") throw notFound("Operator not found.");
  return u;
}

/** POST /api/admin/operators/{id}/role */
export async function requestRoleChange(ctx: AppContext, actor: Actor, userId: number, role: "operator" | "admin"): Promise<ConsoleChange> {
  if (userId === actor.id) throw conflict("OWN_ACCOUNT", "Another admin must change your role.");
  const u = await consoleAccount(ctx.db, userId);
  if (u.role === role) throw conflict("ROLE_UNCHANGED", `This account is already ${role}.`);
  return view(await request(ctx, actor, { kind: "role", targetUserId: userId, role, requestedBy: actor.id }));
}

/** POST /api/admin/operators/{id}/2fa/reset: after a lost phone; never one's own. */
export async function requestSecondFactorReset(ctx: AppContext, actor: Actor, userId: number): Promise<ConsoleChange> {
  if (userId === actor.id) throw conflict("OWN_ACCOUNT", "Another admin must reset your two-step sign-in.");
  await consoleAccount(ctx.db, userId);
  return view(await request(ctx, actor, { kind: "second_factor_reset", targetUserId: userId, requestedBy: actor.id }));
}

/** GET /api/admin/operators/changes: the changes waiting for a second admin, newest first. */
export async function pendingChanges(db: Executor): Promise<{ data: ConsoleChange[] }> {
  const rows = await listPendingConsoleChanges(db);
  return { data: rows.map(view) };
}

/** A second admin confirms (applies) or rejects a pending change, once; the checker rule applies to confirmations. */
export async function decideChange(ctx: AppContext, actor: Actor, id: number, approve: boolean): Promise<ConsoleChange> {
  return withMoneyTx(ctx.db, async (tx) => {
    const change = await lockConsoleChange(tx, id);
    if (!change) throw notFound("This change does not exist.");
    if (change.status !== "pending")
      throw conflict("ALREADY_DECIDED", `This change was already ${change.status}.`, { status: change.status });
    if (change.targetUserId === actor.id) throw conflict("OWN_ACCOUNT", "Another admin must decide a change of your own account.");
    if (!approve) {
      const row = await markConsoleChangeRejected(tx, id, actor.id);
      await recordAudit(
        tx,
        actor,
        `operator.${change.kind}.reject`,
        { type: "console_change", id },
        { status: "pending" },
        { status: "rejected" },
      );
      return view(row ?? change);
    }
    await assertIndependentChecker(tx, ctx.config.checkerCooldownHours, actor.id, change.requestedBy);
    return view(await applyChange(tx, change, actor));
  });
}

/* The invitation, completed by its holder without signing in. */

const wrongCode = () => refused("WRONG_CODE", "The code is not right. Enter the current code from your authenticator app.");

/** The live invitation of this token: its change (create), and the account once a second admin confirmed it. */
async function invitationOf(db: Executor, token: string, now: Date) {
  const change = await findInvitationChange(db, sha256Hex(token));
  const usable =
    change &&
    change.status !== "rejected" &&
    change.invitationCompletedAt === null &&
    change.invitationExpiresAt !== null &&
    change.invitationExpiresAt.getTime() > now.getTime();
  if (!change || !usable)
    throw notFound("This invitation is not valid: it was used, withdrawn or has expired. Ask an admin for a new one.");
  return change;
}

/** POST /api/console-invitation: what the invitation is for, and whether it can be completed yet. */
export async function readInvitation(ctx: AppContext, token: string): Promise<InvitationView> {
  const c = await invitationOf(ctx.db, token, ctx.clock.now());
  return {
    name: c.name ?? "",
    phone: c.phone ?? "",
    role: c.role ?? "operator",
    status: c.status === "applied" ? "ready" : "awaiting_confirmation",
  };
}

async function readyAccount(ctx: AppContext, token: string): Promise<{ change: ConsoleChangeRow; userId: number }> {
  const change = await invitationOf(ctx.db, token, ctx.clock.now());
  if (change.status !== "applied" || change.targetUserId === null) {
    throw conflict("AWAITING_CONFIRMATION", "A second admin has not confirmed this invitation yet.");
  }
  return { change, userId: change.targetUserId };
}

/** POST /api/console-invitation/setup: proposes the second factor's secret (QR code) on the holder's device. */
export async function setupInvitation(ctx: AppContext, token: string): Promise<SecondFactorSetup> {
  const { change, userId } = await readyAccount(ctx, token);
  const secret = generateSecret();
  if (!(await proposeSecret(ctx.db, userId, secret)))
    throw conflict("ALREADY_ENROLLED", "Two-step sign-in is already set up for this account.");
  return { secret, otpauth_url: generateURI({ issuer: "Shwe Lucky", label: change.phone ?? String(userId), secret }) };
}

/**
 * POST /api/console-invitation/complete: the holder's own password (the password policy applies) and a
 * code of the proposed secret; the invitation is used up, the account can sign in, and its recovery
 * codes are answered this once.
 */
export async function completeInvitation(
  ctx: AppContext,
  input: { token: string; password: string; code: string },
): Promise<SecondFactorEnabled> {
  const { change, userId } = await readyAccount(ctx, input.token);
  assertPasswordAllowed(input.password, change.phone);
  const totp = await findTotp(ctx.db, userId);
  if (!totp || totp.enabledAt) throw conflict("NO_SETUP", "Start the two-step sign-in set-up first.");
  const result = await verify({
    secret: totp.secret,
    token: input.code,
    epoch: Math.floor(ctx.clock.now().getTime() / 1000),
    epochTolerance: 30,
  });
  if (!result.valid || !("timeStep" in result)) throw wrongCode();
  const passwordHash = await hashPassword(input.password);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await withMoneyTx(ctx.db, async (tx) => {
    if (!(await markInvitationCompleted(tx, change.id)))
      throw notFound("This invitation is not valid: it was used, withdrawn or has expired. Ask an admin for a new one.");
    if (!(await enableTotp(tx, userId, totp.secret, result.timeStep))) throw conflict("NO_SETUP", "Start the set-up again.");
    await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    await setInvitedPassword(tx, userId, passwordHash);
    await recordAudit(tx, { id: userId, ip: null }, "operator.invitation_complete", { type: "user", id: userId }, null, {
      change: change.id,
    });
  });
  return { recovery_codes: codes };
}
