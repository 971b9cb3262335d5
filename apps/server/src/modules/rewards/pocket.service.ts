import type {
  PocketCampaign,
  PocketCampaignBody,
  PocketCampaignClaims,
  PocketCampaignList,
  PocketClaimProof,
  PocketClaimResponse,
  PocketHistory,
  PocketWinnerList,
} from "@shwe/contracts";
import {
  commitSeed,
  decidePocketClaim,
  derivePocketAmount,
  maskPhone,
  newSeed,
  POCKET_MESSAGES,
  pocketMessage,
  verifyPocketAmount,
  yangonDate,
} from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { notFound, refused } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { finishPage, type PageQuery, pageRequestOf } from "../ledger/history-page.ts";
import { isoOf } from "../ledger/history-range.ts";
import { balanceAfter, lockPlayers, postJournal } from "../ledger/ledger.service.ts";
import { type MoneyCallResult, refusalError, runPlayerMoneyCall } from "../ledger/money-call.ts";
import { lockMoneyUser } from "../ledger/money-user.repository.ts";
import {
  findCampaignOfDay,
  findClaimWithCampaign,
  hasClaimed,
  insertCampaign,
  insertClaim,
  listCampaigns,
  listClaimsOfCampaign,
  listClaimsOfUser,
  listWinnersOfDay,
  lockCampaignOfDay,
  type PocketCampaignRow,
  spendFromCampaign,
  updateCampaignTerms,
} from "./pocket.repository.ts";

/** The house expense account pocket money is paid from. */
export const POCKET_ACCOUNT = "house:rewards:pocket";
/** The most winners one day's list shows. */
const WINNERS_LIMIT = 200;

const today = (ctx: AppContext): string => yangonDate(ctx.clock.now());

/**
 * POST /api/pocket/money/claim: in one money transaction (behind the Idempotency-Key), in the global
 * lock order: the player's users row (so one player's claims run one at a time), the player's
 * ledger accounts, today's campaign row (FOR UPDATE, held as briefly as possible: every claim of
 * the day passes through it), then the house account inside postJournal. The pure rule decides;
 * the amount is derived from the campaign seed and the claim's message within
 * [min, min(max, budget left)]; the budget is taken by a conditional update of the campaign row,
 * the claim row (unique per campaign and player) records the message and bounds, and one journal
 * (key `pocket:<campaign>:<user>`) pays the amount from the house to the main balance.
 */
export async function claimPocketMoney(
  ctx: AppContext,
  userId: number,
  key: string | undefined,
): Promise<MoneyCallResult<PocketClaimResponse>> {
  const day = today(ctx);
  return runPlayerMoneyCall(ctx.db, ctx.playerQueue, { userId, route: "POST /api/pocket/money/claim", key, body: {} }, async (tx) => {
    const user = await lockMoneyUser(tx, userId);
    if (!user) throw notFound("Player not found.");
    // Refusals are decided first on the campaign as it stands (no lock), so that once the budget is
    // spent the many late claims never queue on the campaign row.
    const seen = await findCampaignOfDay(tx, day);
    const alreadyClaimed = seen ? await hasClaimed(tx, seen.id, userId) : false;
    const early = decidePocketClaim({ campaign: seen ?? null, level: user.lvl2, alreadyClaimed });
    if (!early.ok) throw refusalError(early);
    const locked = await lockPlayers(tx, [userId]);
    const campaign = await lockCampaignOfDay(tx, day);
    const decision = decidePocketClaim({ campaign: campaign ?? null, level: user.lvl2, alreadyClaimed });
    if (!decision.ok) throw refusalError(decision);
    if (!campaign) throw new Error("campaign vanished under its lock");
    const { lower, upper } = decision.value;
    const message = pocketMessage(campaign.id, userId);
    const { amount } = await derivePocketAmount(campaign.seed, message, lower, upper);
    if (!(await spendFromCampaign(tx, campaign.id, amount))) throw refused("BUDGET_SPENT", POCKET_MESSAGES.budgetSpent);
    const journal = await postJournal(
      tx,
      {
        kind: "pocket_money",
        userId,
        uniqueKey: message,
        refType: "pocket_campaign",
        refId: campaign.id,
        entries: [
          { account: { userId, kind: "main" }, amount },
          { account: { code: POCKET_ACCOUNT }, amount: -amount },
        ],
      },
      { locked },
    );
    const recorded = await insertClaim(tx, {
      campaignId: campaign.id,
      userId,
      amount,
      message,
      lowerBound: lower,
      upperBound: upper,
      journalId: journal.journalId,
    });
    if (!recorded) throw new Error("a second pocket claim slipped past the users row lock");
    return { status: "success", amount, balance: balanceAfter(journal, { userId, kind: "main" }) };
  });
}

/** GET /api/pocket/money/winner: a day's winners (default today), highest amount first, phones masked. */
export async function pocketWinners(ctx: AppContext, date: string | undefined): Promise<PocketWinnerList> {
  const now = today(ctx);
  const day = date ?? now;
  const [rows, campaign] = await Promise.all([listWinnersOfDay(ctx.db, day, WINNERS_LIMIT), findCampaignOfDay(ctx.db, day)]);
  return {
    date: day,
    data: rows.map((r) => ({ phone: maskPhone(r.phone), promo_amount: r.amount, created_at: isoOf(r.createdAt) ?? "" })),
    commitment: campaign?.commitment ?? null,
    seed: campaign && campaign.day < now ? campaign.seed : null,
  };
}

/** GET /api/pocket/money/history/user_only: the player's own claims, newest first. */
export async function pocketHistory(ctx: AppContext, userId: number, query: PageQuery): Promise<PocketHistory> {
  const page = pageRequestOf(query);
  const read = await listClaimsOfUser(ctx.db, userId, page);
  const { rows, next_cursor } = finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
  return { data: rows.map((r) => ({ id: r.id, date: r.day, amount: r.amount, created_at: isoOf(r.created_at) ?? "" })), next_cursor };
}

function campaignView(row: PocketCampaignRow, now: string): PocketCampaign {
  return {
    id: row.id,
    date: row.day,
    budget: row.budget,
    min_amount: row.minAmount,
    max_amount: row.maxAmount,
    min_level: row.minLevel,
    claims: row.claims,
    spent: row.spent,
    remaining: row.budget - row.spent,
    commitment: row.commitment,
    seed: row.day < now ? row.seed : null,
    updated_at: isoOf(row.updatedAt) ?? "",
  };
}

/** What the audit log keeps of a campaign: its terms and totals, never its secret seed. */
function audited(row: PocketCampaignRow) {
  return {
    date: row.day,
    budget: row.budget,
    min_amount: row.minAmount,
    max_amount: row.maxAmount,
    min_level: row.minLevel,
    spent: row.spent,
    claims: row.claims,
    commitment: row.commitment,
  };
}

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** GET /api/admin/pocket/campaigns: campaigns from `from` to `to` (default: 30 days back to 30 days ahead), newest day first. */
export async function adminCampaigns(ctx: AppContext, from: string | undefined, to: string | undefined): Promise<PocketCampaignList> {
  const now = today(ctx);
  const rows = await listCampaigns(ctx.db, from ?? addDays(now, -30), to ?? addDays(now, 30));
  return { data: rows.map((r) => campaignView(r, now)) };
}

/**
 * PUT /api/admin/pocket/campaigns: creates the campaign of a day (with a fresh secret seed) or
 * changes its terms. Days already over are closed (422 CAMPAIGN_CLOSED); a budget below what is
 * already paid is refused (422 BUDGET_BELOW_SPENT). Audited with before and after.
 */
export async function saveCampaign(
  ctx: AppContext,
  actor: Actor,
  body: PocketCampaignBody,
): Promise<{ status: 200 | 201; campaign: PocketCampaign }> {
  const now = today(ctx);
  if (body.date < now) throw refused("CAMPAIGN_CLOSED", "This day is over; its pocket money campaign can no longer change.");
  const terms = { budget: body.budget, minAmount: body.min_amount, maxAmount: body.max_amount, minLevel: body.min_level };
  const seed = newSeed();
  const commitment = await commitSeed(seed);
  return ctx.db.transaction(async (tx) => {
    let before = await lockCampaignOfDay(tx, body.date);
    if (!before) {
      const created = await insertCampaign(tx, { ...terms, day: body.date, seed, commitment, createdBy: actor.id });
      if (created) {
        await recordAudit(tx, actor, "pocket_campaign.create", { type: "pocket_campaign", id: created.id }, null, audited(created));
        return { status: 201 as const, campaign: campaignView(created, now) };
      }
      before = await lockCampaignOfDay(tx, body.date);
      if (!before) throw new Error("pocket campaign neither inserted nor found");
    }
    const after = await updateCampaignTerms(tx, before.id, terms);
    if (!after) {
      throw refused("BUDGET_BELOW_SPENT", "The budget cannot be less than what was already paid out.", { spent: before.spent });
    }
    await recordAudit(tx, actor, "pocket_campaign.update", { type: "pocket_campaign", id: after.id }, audited(before), audited(after));
    return { status: 200 as const, campaign: campaignView(after, now) };
  });
}

/** GET /api/admin/pocket/campaigns/{id}/claims: what one campaign paid, highest first. */
export async function adminCampaignClaims(ctx: AppContext, campaignId: number): Promise<PocketCampaignClaims> {
  const rows = await listClaimsOfCampaign(ctx.db, campaignId, 500);
  return {
    data: rows.map((r) => ({ id: r.id, user_id: r.userId, phone: r.phone, amount: r.amount, created_at: isoOf(r.createdAt) ?? "" })),
  };
}

/** GET /api/admin/pocket/claims/{id}/verify: re-derives a claim's amount from its campaign seed, message and bounds. */
export async function verifyClaim(db: Executor, claimId: number): Promise<PocketClaimProof> {
  const found = await findClaimWithCampaign(db, claimId);
  if (!found) throw notFound("Pocket money claim not found.");
  const { claim, campaign } = found;
  const derived = await derivePocketAmount(campaign.seed, claim.message, claim.lowerBound, claim.upperBound);
  const valid = await verifyPocketAmount({
    seed: campaign.seed,
    commitment: campaign.commitment,
    message: claim.message,
    lower: claim.lowerBound,
    upper: claim.upperBound,
    amount: claim.amount,
  });
  return {
    claim_id: claim.id,
    campaign_id: campaign.id,
    user_id: claim.userId,
    date: campaign.day,
    seed: campaign.seed,
    commitment: campaign.commitment,
    message: claim.message,
    round_message: derived.roundMessage,
    hmac: derived.hmac,
    lower: claim.lowerBound,
    upper: claim.upperBound,
    amount: claim.amount,
    derived_amount: derived.amount,
    valid: valid && claim.message === pocketMessage(campaign.id, claim.userId),
  };
}
