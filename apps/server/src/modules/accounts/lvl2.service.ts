import type { AppContext } from "../../app-context.ts";
import { conflict, notFound, unauthenticated } from "../../lib/errors.ts";
import { deleteUpload, findOwnUpload, findPendingUploads, insertUpload } from "./lvl2.repository.ts";
import { readStoredImage, reencodeImage, removeStoredImage, storeImage } from "./uploads.ts";
import { findUserById, lockUser, setLvl2Pending } from "./users.repository.ts";

const alreadyLevel2 = () => conflict("ALREADY_LEVEL_2", "Your account is already level 2.");

/**
 * Files a level-2 screenshot for review: checked, re-encoded to JPEG, stored under a random name
 * outside any public folder. A pending upload is replaced by the new one.
 */
export async function submitLvl2(ctx: AppContext, userId: number, image: Buffer): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthenticated();
  if (user.lvl2 === 2) throw alreadyLevel2();
  const stored = await storeImage(ctx.config, "lvl2", await reencodeImage(image, "lvl2"));
  let replaced: string[] = [];
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const locked = await lockUser(tx, userId);
      if (!locked) throw unauthenticated();
      if (locked.lvl2 === 2) throw alreadyLevel2();
      const pending = await findPendingUploads(tx, userId);
      for (const upload of pending) await deleteUpload(tx, upload.id);
      await insertUpload(tx, userId, stored);
      await setLvl2Pending(tx, userId);
      return pending.map((upload) => upload.path);
    });
  } catch (err) {
    await removeStoredImage(ctx.config, stored);
    throw err;
  }
  for (const path of replaced) await removeStoredImage(ctx.config, path);
}

/** The owner's own upload (newest, or by id); another player's id is simply not found. */
export async function readOwnLvl2Image(ctx: AppContext, userId: number, uploadId?: number): Promise<Buffer> {
  const upload = await findOwnUpload(ctx.db, userId, uploadId);
  const image = upload ? await readStoredImage(ctx.config, upload.path) : undefined;
  if (!image) throw notFound("No level-2 upload.");
  return image;
}

/**
 * A payment screenshot sent in the support chat: checked, re-encoded and size-limited exactly as a
 * level-2 upload (JPEG, upright, no metadata), stored under a random name outside any public
 * folder. Answers the stored name.
 */
export async function storeSupportImage(ctx: AppContext, image: Buffer): Promise<string> {
  return storeImage(ctx.config, "support", await reencodeImage(image, "support"));
}

/** A stored support chat image; undefined when the name is not one of them or the file is gone. */
export async function readSupportImage(ctx: AppContext, name: string): Promise<Buffer | undefined> {
  return name.startsWith("support/") ? readStoredImage(ctx.config, name) : undefined;
}

/** Removes a stored support chat image (its message was not written). */
export async function removeSupportImage(ctx: AppContext, name: string): Promise<void> {
  if (name.startsWith("support/")) await removeStoredImage(ctx.config, name);
}
