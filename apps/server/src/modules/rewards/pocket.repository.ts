import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { pocketCampaigns, pocketClaims, users } from "../../db/schema/index.ts";
import { afterPageKey, type PageRequest, pageTimeOf } from "../ledger/history-page.ts";

export type PocketCampaignRow = typeof pocketCampaigns.$inferSelect;

/** Today's campaign, its row locked (FOR UPDATE) until the claim transaction ends. */
export async function lockCampaignOfDay(tx: Executor, day: string): Promise<PocketCampaignRow | undefined> {
  const rows = await tx.select().from(pocketCampaigns).where(eq(pocketCampaigns.day, day)).for("update");
  return rows[0];
}

export async function findCampaignOfDay(db: Executor, day: string): Promise<PocketCampaignRow | undefined> {
  const rows = await db.select().from(pocketCampaigns).where(eq(pocketCampaigns.day, day));
  return rows[0];
}

export async function hasClaimed(tx: Executor, campaignId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: pocketClaims.id })
    .from(pocketClaims)
    .where(and(eq(pocketClaims.campaignId, campaignId), eq(pocketClaims.userId, userId)));
  return rows.length > 0;
}

/**
 * Takes `amount` from the campaign's budget: a conditional update that changes nothing when less than
 * `amount` is left (the answer is then false), so the budget can never be over-spent.
 */
export async function spendFromCampaign(tx: Executor, campaignId: number, amount: number): Promise<boolean> {
  const rows = await tx
    .update(pocketCampaigns)
    .set({ spent: sql`${pocketCampaigns.spent} + ${amount}`, claims: sql`${pocketCampaigns.claims} + 1` })
    .where(and(eq(pocketCampaigns.id, campaignId), sql`${pocketCampaigns.budget} - ${pocketCampaigns.spent} >= ${amount}`))
    .returning({ id: pocketCampaigns.id });
  return rows.length === 1;
}

export interface NewPocketClaim {
  campaignId: number;
  userId: number;
  amount: number;
  message: string;
  lowerBound: number;
  upperBound: number;
  journalId: number;
}

/** Records a claim; false when the player already has one for this campaign (unique campaign, user). */
export async function insertClaim(tx: Executor, claim: NewPocketClaim): Promise<boolean> {
  const rows = await tx.insert(pocketClaims).values(claim).onConflictDoNothing().returning({ id: pocketClaims.id });
  return rows.length === 1;
}

/** A day's winners, highest amount first (earliest claim first among equal amounts). */
export async function listWinnersOfDay(db: Executor, day: string, limit: number) {
  return db
    .select({ phone: users.phone, amount: pocketClaims.amount, createdAt: pocketClaims.createdAt })
    .from(pocketClaims)
    .innerJoin(pocketCampaigns, eq(pocketCampaigns.id, pocketClaims.campaignId))
    .innerJoin(users, eq(users.id, pocketClaims.userId))
    .where(eq(pocketCampaigns.day, day))
    .orderBy(desc(pocketClaims.amount), asc(pocketClaims.id))
    .limit(limit);
}

/** One page of a player's claims, newest first (limit + 1 rows, see finishPage). */
export async function listClaimsOfUser(db: Executor, userId: number, page: PageRequest) {
  return db
    .select({
      id: pocketClaims.id,
      day: pocketCampaigns.day,
      amount: pocketClaims.amount,
      created_at: pocketClaims.createdAt,
      page_at: pageTimeOf(pocketClaims.createdAt),
    })
    .from(pocketClaims)
    .innerJoin(pocketCampaigns, eq(pocketCampaigns.id, pocketClaims.campaignId))
    .where(and(eq(pocketClaims.userId, userId), afterPageKey(pocketClaims.createdAt, pocketClaims.id, page.after)))
    .orderBy(desc(pocketClaims.createdAt), desc(pocketClaims.id))
    .limit(page.limit + 1);
}

export async function listCampaigns(db: Executor, from: string, to: string): Promise<PocketCampaignRow[]> {
  return db
    .select()
    .from(pocketCampaigns)
    .where(and(gte(pocketCampaigns.day, from), lte(pocketCampaigns.day, to)))
    .orderBy(desc(pocketCampaigns.day));
}

export interface CampaignTerms {
  budget: number;
  minAmount: number;
  maxAmount: number;
  minLevel: number;
}

export async function insertCampaign(
  tx: Executor,
  values: CampaignTerms & { day: string; seed: string; commitment: string; createdBy: number | null },
): Promise<PocketCampaignRow | undefined> {
  const rows = await tx.insert(pocketCampaigns).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** Changes a campaign's terms; the budget never goes below what is already paid out. */
export async function updateCampaignTerms(tx: Executor, id: number, terms: CampaignTerms): Promise<PocketCampaignRow | undefined> {
  const rows = await tx
    .update(pocketCampaigns)
    .set({ ...terms, updatedAt: sql`now()` })
    .where(and(eq(pocketCampaigns.id, id), lte(pocketCampaigns.spent, terms.budget)))
    .returning();
  return rows[0];
}

export async function findClaimWithCampaign(db: Executor, claimId: number) {
  const rows = await db
    .select({ claim: pocketClaims, campaign: pocketCampaigns })
    .from(pocketClaims)
    .innerJoin(pocketCampaigns, eq(pocketCampaigns.id, pocketClaims.campaignId))
    .where(eq(pocketClaims.id, claimId));
  return rows[0];
}

/** The claims of a campaign for the console (highest first), with the player's phone. */
export async function listClaimsOfCampaign(db: Executor, campaignId: number, limit: number) {
  return db
    .select({
      id: pocketClaims.id,
      userId: pocketClaims.userId,
      phone: users.phone,
      amount: pocketClaims.amount,
      createdAt: pocketClaims.createdAt,
    })
    .from(pocketClaims)
    .innerJoin(users, eq(users.id, pocketClaims.userId))
    .where(eq(pocketClaims.campaignId, campaignId))
    .orderBy(desc(pocketClaims.amount), asc(pocketClaims.id))
    .limit(limit);
}
