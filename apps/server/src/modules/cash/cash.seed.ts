import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentMethods, promoCodes, users } from "../../db/schema/index.ts";
import { addSeeder } from "../../db/seed.ts";
import { findJournalIdByUniqueKey } from "../ledger/ledger.repository.ts";
import { DuplicateJournalError, postJournal } from "../ledger/ledger.service.ts";
import { seedMoneySettings } from "../ledger/money-settings.repository.ts";

/** Demo receiving accounts of the four wallets (operators replace them in the console). */
const DEMO_METHODS = [
  {
    id: 1,
    name: "KBZPay",
    logo: "/img/payments/kbzpay.webp",
    accountName: "Shwe Lucky Demo",
    accountNumber: "09790000001",
    minAmount: 1_000,
    maxAmount: 10_000_000,
    sort: 1,
  },
  {
    id: 2,
    name: "WavePay",
    logo: "/img/payments/wavepay.webp",
    accountName: "Shwe Lucky Demo",
    accountNumber: "09790000002",
    minAmount: 1_000,
    maxAmount: 5_000_000,
    sort: 2,
  },
  {
    id: 3,
    name: "AYA Pay",
    logo: "/img/payments/ayapay.webp",
    accountName: "Shwe Lucky Demo",
    accountNumber: "09790000003",
    minAmount: 1_000,
    maxAmount: 10_000_000,
    sort: 3,
  },
  {
    id: 4,
    name: "CB Pay",
    logo: "/img/payments/cbpay.webp",
    accountName: "Shwe Lucky Demo",
    accountNumber: "09790000004",
    minAmount: 1_000,
    maxAmount: 10_000_000,
    sort: 4,
  },
];

/** The funded demo players of api.md "Demo mode" and what each receives once. */
export const DEMO_FUNDING = [
  { phone: "09500000001", amount: 1_000_000 },
  { phone: "09500000002", amount: 1_000_000 },
];

/** Funds a demo player once (the journal's unique key makes a second run a no-op); skips a player that does not exist. */
export async function fundDemoPlayer(db: Db, phone: string, amount: number): Promise<"funded" | "already" | "no-user"> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (!user) return "no-user";
  const uniqueKey = `demo_funding:${phone}`;
  if ((await findJournalIdByUniqueKey(db, uniqueKey)) !== undefined) return "already";
  try {
    await db.transaction(async (tx) => {
      await postJournal(tx, {
        kind: "demo_funding",
        userId: user.id,
        uniqueKey,
        memo: "Demo mode starting balance",
        entries: [
          { account: { userId: user.id, kind: "main" }, amount },
          { account: { code: "external:demo_funding" }, amount: -amount },
        ],
      });
    });
    return "funded";
  } catch (err) {
    if (err instanceof DuplicateJournalError) return "already";
    throw err;
  }
}

/**
 * Money settings (every mode, defaults only); in demo mode also the payment methods, the demo promo
 * code WELCOME10 (10 %, turnover × 3) and the starting balance of the demo players.
 */
addSeeder(async (db, config) => {
  await seedMoneySettings(db);
  if (config.mode !== "demo") return;
  await db
    .insert(paymentMethods)
    .values(DEMO_METHODS.map((m) => ({ ...m, qrImage: null, cashinEnabled: true, cashoutEnabled: true })))
    .onConflictDoNothing();
  await db.insert(promoCodes).values({ code: "WELCOME10", percent: 10, turnoverMultiplier: 3, active: true }).onConflictDoNothing();
  for (const f of DEMO_FUNDING) await fundDemoPlayer(db, f.phone, f.amount);
});
