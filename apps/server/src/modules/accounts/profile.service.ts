import type { Profile } from "@shwe/contracts";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { notFound, unauthenticated } from "../../lib/errors.ts";
import { getPlayerBalances } from "../ledger/player-accounts.repository.ts";
import { readStoredImage, reencodeImage, removeStoredImage, storeImage } from "./uploads.ts";
import { countReferees, findUserById, lockUser, setAvatarPath, setName, type UserRow } from "./users.repository.ts";

/** The owner-only URL of an avatar; the version changes with each new picture so caches refresh. */
function avatarUrl(avatarPath: string | null): string | null {
  if (!avatarPath) return null;
  const version = avatarPath.slice(avatarPath.indexOf("/") + 1, avatarPath.indexOf("/") + 13);
  return `/api/user/avatar?v=${version}`;
}

export function toProfile(user: UserRow, balances: Awaited<ReturnType<typeof getPlayerBalances>>, referCount: number): Profile {
  return {
    id: user.id,
    phone: user.phone,
    name: user.name,
    user_code: user.userCode,
    referral_code: user.referralCode,
    role: user.role,
    lvl_2: user.lvl2 === 2 ? 2 : 1,
    lvl_2_status: user.lvl2Status,
    lvl_2_reason: user.lvl2Reason,
    avatar: avatarUrl(user.avatarPath),
    balance: balances.balance,
    game_balance: balances.game_balance,
    point: balances.point,
    p_balance: balances.p_balance,
    turnover: user.turnover,
    refer_count: referCount,
    game_refer_amt: balances.game_refer_amt,
  };
}

/** The signed-in account as the wire shows it: balances from the ledger, turnover, referees, level 2. */
export async function getProfile(db: Executor, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthenticated();
  const balances = await getPlayerBalances(db, userId);
  const referCount = await countReferees(db, userId);
  return toProfile(user, balances, referCount);
}

/**
 * Changes the name and/or the avatar. A new avatar is checked and re-encoded before anything is
 * stored; the old picture is removed once the new one is saved.
 */
export async function updateProfile(ctx: AppContext, userId: number, change: { name?: string; image?: Buffer }): Promise<Profile> {
  const stored = change.image ? await storeImage(ctx.config, "avatars", await reencodeImage(change.image, "avatars")) : undefined;
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw unauthenticated();
      if (change.name !== undefined) await setName(tx, userId, change.name);
      if (stored) {
        previous = user.avatarPath;
        await setAvatarPath(tx, userId, stored);
      }
    });
  } catch (err) {
    await removeStoredImage(ctx.config, stored);
    throw err;
  }
  await removeStoredImage(ctx.config, previous);
  return getProfile(ctx.db, userId);
}

export async function readAvatar(ctx: AppContext, userId: number): Promise<Buffer> {
  const user = await findUserById(ctx.db, userId);
  const image = user?.avatarPath ? await readStoredImage(ctx.config, user.avatarPath) : undefined;
  if (!image) throw notFound("No profile picture.");
  return image;
}
