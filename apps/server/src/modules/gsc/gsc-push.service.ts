import type { AppContext } from "../../app-context.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { lockRoundById, lockWalletUser, retryWhenBusy, settleRound, updateRound } from "../providers/providers.service.ts";
import { apiUnitsToKyat4, KYAT, parseGscAmount } from "./gsc-amount.ts";
import type { GscConfig } from "./gsc-config.ts";
import { GSC, gscProviderCode, runElement } from "./gsc-element.ts";
import { playerLanes } from "./gsc-lanes.ts";
import { GSC_INBOUND_KEYWORDS } from "./gsc-sign.ts";
import { findMemberId, upsertPushedWager } from "./gsc-wallet.repository.ts";
import { envelopeOf, envelopeRefusal, type GscAnswer, type GscCallInput, keepCallback, parseBody } from "./gsc-wallet.service.ts";

/**
 * POST …/v1/api/seamless/pushbetdata (gsc-plus.md §1.4, §3.4): wager snapshots, answered with a flat
 * `{code, message}`. Each wager is upserted by (product_code, wager_code); a pushed SETTLED ends its
 * round if it is still open (turnover, referral share and points as settlement.ts does), but no
 * player money moves — except the manual payout of §3.4: for the configured products (WBet 1040),
 * when the switch is on, a SETTLED push credits its prize once, as a SETTLED transaction under the
 * synthetic id `push:<product>:<wager_code>` (a repeated push finds the id applied: 1003, nothing
 * more). Wagers without wager_code are skipped; unknown members are skipped, and the answer is 1000
 * only when no wager could be stored (G6's rule).
 */
const MAX_WAGERS = 5000;

export async function handleGscPush(ctx: AppContext, config: GscConfig, input: GscCallInput): Promise<GscAnswer> {
  let signatureOk = false;
  let answer: GscAnswer;
  try {
    const body = parseBody(input.rawBody);
    const env = body && envelopeOf(body);
    const wagers = body?.wagers;
    if (!body || !env || !Array.isArray(wagers) || wagers.length > MAX_WAGERS) {
      answer = { code: GSC.ERROR, message: "Validation failed" };
    } else {
      const refusal = envelopeRefusal(config, env, GSC_INBOUND_KEYWORDS.pushbetdata, ctx.clock.now().getTime());
      if (refusal !== undefined) {
        answer = { code: refusal, message: refusal === GSC.OPERATOR ? "proxy key error" : "invalid signature" };
      } else {
        signatureOk = true;
        answer = await storeWagers(ctx, config, input, wagers);
      }
    }
  } catch (err) {
    input.log?.warn({ err }, "GSC+ push bet data failed");
    answer = { code: GSC.ERROR, message: "internal error" };
  }
  await keepCallback(ctx, input, signatureOk, answer);
  return answer;
}

type Wager = Record<string, unknown>;

async function storeWagers(ctx: AppContext, config: GscConfig, input: GscCallInput, wagers: unknown[]): Promise<GscAnswer> {
  let stored = 0;
  let unknown = 0;
  for (const w of wagers) {
    if (typeof w !== "object" || w === null || Array.isArray(w)) continue;
    const outcome = await storeWager(ctx, config, input, w as Wager);
    if (outcome === "stored") stored++;
    else if (outcome === "unknown") unknown++;
  }
  if (stored === 0 && unknown > 0) return { code: GSC.NO_MEMBER, message: "member does not exist" };
  return { code: GSC.OK, message: "" };
}

const text = (v: unknown, max = 200): string | null =>
  typeof v === "string" && v.trim().length > 0 ? v.trim().slice(0, max) : typeof v === "number" && Number.isFinite(v) ? String(v) : null;

async function storeWager(ctx: AppContext, config: GscConfig, input: GscCallInput, w: Wager): Promise<"stored" | "unknown" | "skipped"> {
  const wagerCode = text(w.wager_code);
  const p = w.product_code ?? w.Product_code;
  const productCode =
    typeof p === "number" && Number.isSafeInteger(p) ? p : typeof p === "string" && /^[0-9]{1,9}$/.test(p) ? Number(p) : 0;
  const member = text(w.member_account, 50);
  if (wagerCode === null || productCode <= 0 || member === null) return "skipped";
  const userId = await findMemberId(ctx.db, member);
  if (userId === undefined) return "unknown";
  const status = text(w.wager_status, 40)?.toUpperCase() ?? null;
  const currency = text(w.currency, 10)?.toUpperCase() ?? null;

  // The manual payout first: its SETTLED transaction ends the round with the prize as its payout.
  if (status === "SETTLED" && config.manualPayout && config.manualPayoutProducts.includes(productCode)) {
    await manualPayout(ctx, config, input, { userId, productCode, wagerCode, currency, prize: w.prize_amount ?? w.prized_amount, w });
  }

  await playerLanes(ctx).run(userId, () =>
    retryWhenBusy(() =>
      withMoneyTx(ctx.db, async (tx) => {
        const user = await lockWalletUser(tx, userId, ctx.clock.now());
        if (!user) return;
        const wager = await upsertPushedWager(tx, { productCode, wagerCode, userId, currency, wagerStatus: status, pushed: w });
        if (status !== "SETTLED" || wager.roundRef === null || wager.userId !== userId || !wager.hasBet) return;
        const round = await lockRoundById(tx, wager.roundRef);
        if (round?.status !== "open") return;
        const whole = (e4: bigint) => Number((e4 < 0n ? 0n : e4) / KYAT);
        const patch = await settleRound(tx, {
          roundRef: round.id,
          provider: gscProviderCode(productCode),
          user,
          bet: whole(wager.betE4),
          payout: whole(wager.payoutE4),
        });
        await updateRound(tx, round.id, patch);
      }),
    ),
  );
  return "stored";
}

async function manualPayout(
  ctx: AppContext,
  config: GscConfig,
  input: GscCallInput,
  m: { userId: number; productCode: number; wagerCode: string; currency: string | null; prize: unknown; w: Wager },
): Promise<void> {
  const ratio = m.currency !== null && Object.hasOwn(config.currencies, m.currency) ? config.currencies[m.currency] : undefined;
  const prize = parseGscAmount(m.prize);
  if (ratio === undefined || prize === undefined || prize <= 0n || m.currency === null) {
    input.log?.warn({ wager_code: m.wagerCode, product_code: m.productCode }, "GSC+ manual payout skipped: no prize or unknown currency");
    return;
  }
  const result = await playerLanes(ctx).run(m.userId, () =>
    retryWhenBusy(() =>
      runElement(ctx.db, {
        userId: m.userId,
        productCode: m.productCode,
        currency: m.currency as string,
        freeRoundCredits: false,
        kyatPerPoint: undefined,
        overdrawActions: config.overdrawActions,
        now: ctx.clock.now(),
        txs: [
          {
            id: `push:${m.productCode}:${m.wagerCode}`,
            action: "SETTLED",
            amountE4: apiUnitsToKyat4(prize, ratio),
            wagerCode: m.wagerCode,
            roundId: text(m.w.round_id),
            gameCode: text(m.w.game_code, 100),
            wagerStatus: "SETTLED",
            raw: {
              source: "pushbetdata",
              wager_code: m.wagerCode,
              product_code: m.productCode,
              prize_amount: String(m.prize),
              currency: m.currency,
            },
          },
        ],
      }),
    ),
  );
  if (result.code !== GSC.OK && result.code !== GSC.DUPLICATE) {
    input.log?.warn({ wager_code: m.wagerCode, code: result.code, message: result.message }, "GSC+ manual payout refused");
  }
}
