import type { Db } from "../../db/client.ts";
import { addSeeder } from "../../db/seed.ts";
import { countBanners, insertBanner } from "./banners.repository.ts";
import { HEADER_PLAY_TEXT, POINT_WARNING, PROMO_MAINTAIN, SOCIAL_LINKS, seedSetting } from "./settings.service.ts";

/** The welcome marquee (Burmese): welcome to Shwe Lucky, join every 2D, 3D and crypto draw and be the next lucky winner. */
export const SEED_MARQUEE = "Shwe Lucky မှ နွေးထွေးစွာ ကြိုဆိုပါတယ်။ 2D၊ 3D နှင့် Crypto ထီပေါက်စဉ်တိုင်းတွင် ကံစမ်းပြီး နောက်ထပ် ကံထူးရှင် ဖြစ်လိုက်ပါ။ ကံကောင်းပါစေ။";
/** Points page warning (Burmese): points spent on a reward cannot be given back. */
export const SEED_POINT_WARNING = "ပွိုင့်ဖြင့် ဆုလဲလှယ်ပြီးပါက ပြန်လည်ပြောင်းလဲ၍ မရပါ။ လဲလှယ်မည့် ဆုကို သေချာစွာ ရွေးချယ်ပါ။";

export const SEED_SOCIAL_LINKS = {
  play_store: "https://play.google.com/store/apps/details?id=com.shwelucky.app",
  qr: "/img/qr-app.svg",
  facebook: "https://www.facebook.com/shweluckymm",
  messenger: "https://m.me/shweluckymm",
  viber: "viber://chat?number=%2B959400000000",
  instagram: "https://www.instagram.com/shweluckymm",
};

/** Three open-ended banners: lotteries, casino games, crypto draws. */
export const SEED_BANNERS = [
  { title: "Lucky Draw 2D 3D", art: "lottery", link: "/two/lottery", sort: 1 },
  { title: "Casino Games", art: "games", link: "/slot", sort: 2 },
  { title: "Crypto 2D", art: "crypto", link: "/crypto/lottery", sort: 3 },
];

/** Seeds the site texts, flags, links and banners in every mode; an operator's changes are kept. */
export async function seedContent(db: Db): Promise<void> {
  await seedSetting(db, HEADER_PLAY_TEXT, SEED_MARQUEE);
  await seedSetting(db, PROMO_MAINTAIN, "0");
  await seedSetting(db, SOCIAL_LINKS, SEED_SOCIAL_LINKS);
  await seedSetting(db, POINT_WARNING, SEED_POINT_WARNING);
  // Banners are only seeded into an empty table: operators deactivate banners, they never delete them.
  if ((await countBanners(db)) > 0) return;
  await db.transaction(async (tx) => {
    for (const b of SEED_BANNERS) {
      await insertBanner(tx, {
        title: b.title,
        imageDesktop: `/img/banners/${b.art}-desktop.svg`,
        imageMobile: `/img/banners/${b.art}-mobile.svg`,
        link: b.link,
        startsOn: "2024-01-01",
        endsOn: null,
        sort: b.sort,
        active: true,
      });
    }
  });
}

addSeeder((db) => seedContent(db));
