import type { AdminLvl2DecisionBody, AdminLvl2DecisionResponse, AdminLvl2Upload, AdminUserSummary } from "@shwe/contracts";
import { normalizePhone } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { conflict, forbidden, notFound, refused } from "../../lib/errors.ts";
import type { AuthUser } from "../../plugins/auth.ts";
import { insertAudit } from "../accounts/audit.repository.ts";
import { readStoredImage } from "../accounts/uploads.ts";
import {
  type AccountSearch,
  decideUpload,
  findLatestUpload,
  findUpload,
  type Lvl2Status,
  listLvl2Uploads,
  lockAccount,
  searchAccounts,
  setAccountBlocked,
  setAccountLvl2,
} from "./admin-users.repository.ts";

export async function listLvl2Queue(ctx: AppContext, status: Lvl2Status, limit: number): Promise<AdminLvl2Upload[]> {
  const rows = await listLvl2Uploads(ctx.db, status, limit);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    phone: r.phone,
    name: r.name,
    status: r.status,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    reviewed_at: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    image_url: `/api/admin/lvl2/${r.id}/image`,
  }));
}

/** An upload's image for review; every view of a player's document is written to the audit log. */
export async function readUploadImage(ctx: AppContext, operator: AuthUser, uploadId: number, ip: string): Promise<Buffer> {
  const upload = await findUpload(ctx.db, uploadId);
  const image = upload ? await readStoredImage(ctx.config, upload.path) : undefined;
  if (!upload || !image) throw notFound("No such level-2 upload.");
  await insertAudit(ctx.db, { actorId: operator.id, action: "admin.lvl2_view", targetType: "lvl2_upload", targetId: upload.id, ip });
  return image;
}

/** Approves (level 2) or rejects (with the reason the player sees) the player's pending upload, once. */
export async function decideLvl2(
  ctx: AppContext,
  operator: AuthUser,
  userId: number,
  body: AdminLvl2DecisionBody,
  ip: string,
): Promise<AdminLvl2DecisionResponse> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) throw notFound("No such account.");
    if (user.id === operator.id) throw forbidden("You cannot review your own upload.");
    const upload = await findLatestUpload(tx, userId);
    if (!upload) throw notFound("This account has no level-2 upload.");
    const stale = upload.status !== "pending" || (body.upload_id !== undefined && body.upload_id !== upload.id);
    const approve = body.decision === "approve";
    const reason = approve ? null : (body.reason ?? null);
    if (stale || !(await decideUpload(tx, upload.id, { status: approve ? "approved" : "rejected", reason, reviewerId: operator.id }))) {
      throw conflict("ALREADY_DECIDED", "This upload was already decided or replaced. Reload the queue.");
    }
    const lvl2 = approve ? 2 : user.lvl2;
    const status = approve ? "approved" : "rejected";
    await setAccountLvl2(tx, userId, { lvl2, status, reason });
    await insertAudit(tx, {
      actorId: operator.id,
      action: approve ? "admin.lvl2_approve" : "admin.lvl2_reject",
      targetType: "user",
      targetId: userId,
      before: { lvl_2: user.lvl2, lvl_2_status: user.lvl2Status, upload_id: upload.id },
      after: { lvl_2: lvl2, lvl_2_status: status, reason },
      ip,
    });
    return { id: userId, lvl_2: lvl2 === 2 ? 2 : 1, lvl_2_status: status };
  });
}

/** Blocks or unblocks an account. Operators block players; only an admin blocks an operator. */
export async function setBlocked(
  ctx: AppContext,
  operator: AuthUser,
  userId: number,
  change: { blocked: boolean; reason: string },
  ip: string,
): Promise<{ id: number; blocked: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) throw notFound("No such account.");
    if (user.id === operator.id) throw refused("CANNOT_BLOCK_SELF", "You cannot block or unblock your own account.");
    if (user.role !== "player" && operator.role !== "admin") throw forbidden("Only an admin can block or unblock staff accounts.");
    await setAccountBlocked(tx, userId, change.blocked);
    await insertAudit(tx, {
      actorId: operator.id,
      action: change.blocked ? "admin.user_block" : "admin.user_unblock",
      targetType: "user",
      targetId: userId,
      before: { blocked: user.blocked },
      after: { blocked: change.blocked, reason: change.reason },
      ip,
    });
    return { id: userId, blocked: change.blocked };
  });
}

/** Finds accounts by a full phone (any accepted form), a phone prefix (digits), or a user / referral code. */
export async function findAccounts(ctx: AppContext, query: string): Promise<AdminUserSummary[]> {
  const phone = normalizePhone(query);
  const search: AccountSearch = phone ? { phone } : /^\d+$/.test(query) ? { phonePrefix: query } : { code: query.toUpperCase() };
  const rows = await searchAccounts(ctx.db, search, 50);
  return rows.map((u) => ({
    id: u.id,
    phone: u.phone,
    name: u.name,
    role: u.role,
    user_code: u.userCode,
    referral_code: u.referralCode,
    lvl_2: u.lvl2 === 2 ? 2 : 1,
    lvl_2_status: u.lvl2Status,
    blocked: u.blocked,
    created_at: u.createdAt.toISOString(),
  }));
}
