import { type AdminBanner, type Banner, type CreateBannerBody, type TextLanguage, textIn, type UpdateBannerBody } from "@shwe/contracts";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "./audit.service.ts";
import {
  type BannerPatch,
  type BannerRow,
  insertBanner,
  lockBanner,
  selectAllBanners,
  selectBannersOn,
  updateBannerRow,
} from "./banners.repository.ts";
import { parseTranslations, requireBurmese, translationsFromBody } from "./texts.service.ts";

export type BannerVariant = "desktop" | "mobile";

function toPublic(row: BannerRow, variant: BannerVariant, lng: TextLanguage | undefined): Banner {
  const title = textIn({ mm: row.title, ...parseTranslations(row.titleTranslations) }, lng);
  return { id: row.id, title, image: variant === "desktop" ? row.imageDesktop : row.imageMobile, link: row.link };
}

export function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    title_translations: parseTranslations(row.titleTranslations),
    image_desktop: row.imageDesktop,
    image_mobile: row.imageMobile,
    link: row.link,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    sort: row.sort,
    active: row.active,
  };
}

function checkDates(startsOn: string, endsOn: string | null): void {
  if (endsOn !== null && endsOn < startsOn) {
    throw badRequest("The end date must not be before the start date.", { fields: [{ field: "ends_on", message: "is before starts_on" }] });
  }
}

/** The banners of a day (Asia/Yangon), with the desktop or the mobile art, captions in `lng` (else Burmese). */
export async function bannersOn(db: Db, day: string, variant: BannerVariant, lng?: TextLanguage): Promise<Banner[]> {
  const rows = await selectBannersOn(db, day);
  return rows.map((r) => toPublic(r, variant, lng));
}

export async function listBannersForOperator(db: Db): Promise<AdminBanner[]> {
  return (await selectAllBanners(db)).map(toAdminBanner);
}

export async function createBanner(db: Db, actor: Actor, body: CreateBannerBody): Promise<AdminBanner> {
  const endsOn = body.ends_on ?? null;
  const title = requireBurmese(body.title, "title");
  checkDates(body.starts_on, endsOn);
  return db.transaction(async (tx) => {
    const row = await insertBanner(tx, {
      title,
      titleTranslations: translationsFromBody(body.title_translations),
      imageDesktop: body.image_desktop,
      imageMobile: body.image_mobile,
      link: body.link ?? null,
      startsOn: body.starts_on,
      endsOn,
      sort: body.sort ?? 0,
      active: body.active ?? true,
    });
    const after = toAdminBanner(row);
    await recordAudit(tx, actor, "banner.create", { type: "banner", id: row.id }, null, after);
    return after;
  });
}

async function changeBanner(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  patchOf: (row: BannerRow) => BannerPatch,
): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const current = await lockBanner(tx, id);
    if (!current) throw notFound("Banner not found.");
    const patch = patchOf(current);
    checkDates(patch.startsOn ?? current.startsOn, patch.endsOn === undefined ? current.endsOn : patch.endsOn);
    const before = toAdminBanner(current);
    const updated = await updateBannerRow(tx, id, patch);
    const after = toAdminBanner(updated);
    await recordAudit(tx, actor, action, { type: "banner", id }, before, after);
    return after;
  });
}

export async function updateBanner(db: Db, actor: Actor, id: number, body: UpdateBannerBody): Promise<AdminBanner> {
  const patch: BannerPatch = {};
  if (body.title !== undefined) patch.title = requireBurmese(body.title, "title");
  if (body.title_translations !== undefined) patch.titleTranslations = translationsFromBody(body.title_translations);
  if (body.image_desktop !== undefined) patch.imageDesktop = body.image_desktop;
  if (body.image_mobile !== undefined) patch.imageMobile = body.image_mobile;
  if (body.link !== undefined) patch.link = body.link;
  if (body.starts_on !== undefined) patch.startsOn = body.starts_on;
  if (body.ends_on !== undefined) patch.endsOn = body.ends_on;
  if (body.sort !== undefined) patch.sort = body.sort;
  if (body.active !== undefined) patch.active = body.active;
  if (Object.keys(patch).length === 0) throw badRequest("Nothing to change: give at least one field.");
  return changeBanner(db, actor, id, "banner.update", () => patch);
}

/** Takes a banner off the site (it stays listed for operators and can be switched back on). */
export async function deactivateBanner(db: Db, actor: Actor, id: number): Promise<AdminBanner> {
  return changeBanner(db, actor, id, "banner.deactivate", () => ({ active: false }));
}
