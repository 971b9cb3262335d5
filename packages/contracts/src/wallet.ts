import { LAST_SIX_DIGITS_PATTERN, MAX_AMOUNT, PROMO_CODE_PATTERN } from "@shwe/domain";
import { z } from "zod";
import { amountSchema, daySchema, nextCursorSchema, text } from "./common.ts";

/**
 * Wallet calls (api.md "Wallet"), the operator money calls (api.md "Operator calls") and the live
 * balance socket. Amounts are whole kyat; timestamps ISO 8601.
 */

const id = z.number().int();
const money = z.number().int();
const timestamp = z.string();

// ---- Main ↔ game -------------------------------------------------------------------------------

/** POST /api/user/transfer_in (main → game) and /api/user/transfer_out (game → main). */
export const transferBodySchema = z.strictObject({ amount: amountSchema });
export const transferResponseSchema = z.object({ balance: money, game_balance: money });

/** GET /api/user/transfer_in_his, /api/user/transfer_out_his: balances right after each transfer. */
export const transferHistoryItemSchema = z.object({
  id,
  amount: money,
  balance: money,
  game_balance: money,
  created_at: timestamp,
});
export const transferHistorySchema = z.object({ data: z.array(transferHistoryItemSchema), next_cursor: nextCursorSchema });

// ---- Cash-in / cash-out ------------------------------------------------------------------------

/** GET /api/payment-method/show-cashin and …/show-cashout. */
export const paymentMethodSchema = z.object({
  id,
  name: z.string(),
  logo: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  qr_image: z.string().nullable(),
  min_amount: money,
  max_amount: money,
});
export const paymentMethodListSchema = z.array(paymentMethodSchema);

/** GET /api/cashin-amount and /api/cashout-amount: preset amount chips. */
export const amountChipsSchema = z.array(money);

/** The rule is the domain's (`isLastSixDigits`, what the cash-in form checks); wallet.test.ts holds them equal. */
export const lastSixDigitsSchema = text().regex(LAST_SIX_DIGITS_PATTERN, "must be exactly 6 digits");
/** The rule is the domain's (`normalizePromoCode`, what the cash-in form checks); wallet.test.ts holds them equal. */
export const promoCodeInputSchema = text().trim().toUpperCase().regex(PROMO_CODE_PATTERN, "must be 1 to 32 letters or digits");

/** POST /api/cash-in */
export const cashInBodySchema = z.strictObject({
  payment_method_id: z.number().int().min(1).max(2_147_483_647),
  amount: amountSchema,
  last_six_digits: lastSixDigitsSchema,
  promo_code: promoCodeInputSchema.optional(),
});
export const cashInResponseSchema = z.object({ id, status: z.literal("pending"), message: z.string() });

/** POST /api/cash-out (the password is the player's sign-in password). */
export const cashOutBodySchema = z.strictObject({
  payment_method_id: z.number().int().min(1).max(2_147_483_647),
  amount: amountSchema,
  account_number: text()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{4,28}[0-9]$/, "must be a wallet account number"),
  holder_name: text().trim().min(1).max(60),
  password: text().min(1).max(64),
});
export const cashOutResponseSchema = z.object({ id, status: z.literal("pending"), balance: money, message: z.string() });

export const cashStatusSchema = z.enum(["pending", "approved", "rejected"]);

/** GET /api/user/cash_in_history */
export const cashInHistoryItemSchema = z.object({
  id,
  amount: money,
  payment_method: z.string(),
  payment_method_id: id,
  last_six_digits: z.string(),
  promo_code: z.string().nullable(),
  bonus: money,
  status: cashStatusSchema,
  reason: z.string().nullable(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
});
export const cashInHistorySchema = z.object({ data: z.array(cashInHistoryItemSchema), next_cursor: nextCursorSchema });

/** GET /api/user/cash_out_history */
export const cashOutHistoryItemSchema = z.object({
  id,
  amount: money,
  payment_method: z.string(),
  payment_method_id: id,
  account_number: z.string(),
  holder_name: z.string(),
  status: cashStatusSchema,
  reason: z.string().nullable(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
});
export const cashOutHistorySchema = z.object({ data: z.array(cashOutHistoryItemSchema), next_cursor: nextCursorSchema });

/** GET /api/user/cash-requests/{id}: one of the player's own requests (another player's answers 404). */
export const cashRequestSchema = z.object({
  id,
  kind: z.enum(["in", "out"]),
  amount: money,
  payment_method: z.string(),
  payment_method_id: id,
  status: cashStatusSchema,
  reason: z.string().nullable(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
});

// ---- Operator: cash requests -------------------------------------------------------------------

export const adminCashRequestQuerySchema = z.strictObject({
  status: cashStatusSchema.optional(),
  kind: z.enum(["in", "out"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const adminCashRequestSchema = z.object({
  id,
  kind: z.enum(["in", "out"]),
  user_id: id,
  phone: z.string(),
  name: z.string(),
  payment_method_id: id,
  payment_method: z.string(),
  amount: money,
  last_six_digits: z.string().nullable(),
  promo_code: z.string().nullable(),
  account_number: z.string().nullable(),
  holder_name: z.string().nullable(),
  status: cashStatusSchema,
  reason: z.string().nullable(),
  decided_by: id.nullable(),
  decided_at: timestamp.nullable(),
  /** The first operator's sign-off when the approval needs a second operator (pending: waiting for a different operator). */
  first_approved_by: id.nullable(),
  first_approved_at: timestamp.nullable(),
  created_at: timestamp,
});
export const adminCashRequestListSchema = z.object({ data: z.array(adminCashRequestSchema) });
/** `{}` or no body at all. */
export const approveBodySchema = z.strictObject({}).nullish();
export const rejectBodySchema = z.strictObject({ reason: text().trim().min(1).max(500) });
export const cashDecisionResponseSchema = z.object({ id, status: z.enum(["approved", "rejected"]) });
/**
 * 202 from POST /api/admin/cash-requests/{id}/approve when the amount, or the player's or operator's
 * approved total today, is above the threshold: the first sign-off is recorded and a different
 * operator must approve the request too (the same operator again: 403 SECOND_OPERATOR_REQUIRED).
 */
export const cashFirstApprovalResponseSchema = z.object({
  id,
  status: z.literal("awaiting_second_approval"),
  first_approved_by: id,
});

// ---- Operator: adjustments ---------------------------------------------------------------------

/** A signed, non-zero whole amount on the main balance. */
export const signedAmountSchema = z
  .number()
  .int()
  .min(-MAX_AMOUNT)
  .max(MAX_AMOUNT)
  .refine((n) => n !== 0, "must not be 0");

/** POST /api/admin/users/{id}/adjust */
export const adjustBodySchema = z.strictObject({ amount: signedAmountSchema, reason: text().trim().min(1).max(500) });
/** `id` is the player; `status` "pending" means a second operator must confirm (balance unchanged until then). */
export const adjustResponseSchema = z.object({
  id,
  balance: money,
  adjustment_id: id,
  status: z.enum(["applied", "pending"]),
});
export const adjustmentStatusSchema = z.enum(["pending", "applied", "rejected"]);
export const adjustmentSchema = z.object({
  id,
  user_id: id,
  phone: z.string(),
  name: z.string(),
  amount: money,
  reason: z.string(),
  status: adjustmentStatusSchema,
  requested_by: id,
  /** The name of the operator who asked (their phone when they have no name). */
  requested_by_name: z.string(),
  confirmed_by: id.nullable(),
  journal_id: id.nullable(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
});
export const adjustmentListQuerySchema = z.strictObject({ status: adjustmentStatusSchema.optional() });
export const adjustmentListSchema = z.object({ data: z.array(adjustmentSchema) });
export const adjustmentRejectBodySchema = z.strictObject({ reason: text().trim().min(1).max(500).optional() }).nullish();
export const adjustmentDecisionResponseSchema = z.object({ id, status: adjustmentStatusSchema, balance: money });

// ---- Operator: players, audit log, ledger audit ------------------------------------------------

export const adminUserQuerySchema = z.strictObject({ query: text().trim().max(60).optional() });
export const adminUserSchema = z.object({
  id,
  phone: z.string(),
  name: z.string(),
  user_code: z.string(),
  role: z.enum(["player", "operator", "admin"]),
  lvl_2: z.number().int(),
  blocked: z.boolean(),
  balance: money,
  game_balance: money,
  point: money,
  p_balance: money,
  game_refer_amt: money,
  hold: money,
  turnover: money,
  created_at: timestamp,
});
export const adminUserListSchema = z.object({ data: z.array(adminUserSchema) });
/** A journal of the player's, with the player's own entries (account kind, signed amount, balance after). */
export const adminJournalSchema = z.object({
  id,
  kind: z.string(),
  memo: z.string().nullable(),
  reverses_id: id.nullable(),
  created_at: timestamp,
  entries: z.array(z.object({ account: z.string(), amount: money, balance_after: money })),
});
export const adminUserDetailSchema = adminUserSchema.extend({
  has_transferred_in: z.boolean(),
  journals: z.array(adminJournalSchema),
  cash_requests: z.array(adminCashRequestSchema),
});

/**
 * GET /api/admin/audit-log filters: `actor` (the operator's phone), `action` (an action name or
 * its beginning, such as `draw.`), `player` (an account id: changes to that account, its cash
 * requests and its adjustments), and a range of Asia/Yangon days.
 */
export const auditLogQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(200).optional(),
  actor: text().trim().min(1).max(20).optional(),
  action: text()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9_.]+$/, "must be an action name such as draw.confirm")
    .optional(),
  player: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export const auditLogEntrySchema = z.object({
  id,
  actor_id: id.nullable(),
  actor_phone: z.string().nullable(),
  /** Who acted: a player (their own sign-in, password …), an operator or an admin; null for the system. */
  actor_role: z.enum(["player", "operator", "admin"]).nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: timestamp,
});
export const auditLogPageSchema = z.object({
  data: z.array(auditLogEntrySchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** GET /api/admin/ledger/audit: the I1–I8 checks of reliability.md. */
export const ledgerAuditSchema = z.object({
  ok: z.boolean(),
  violations: z.array(z.object({ invariant: z.string(), detail: z.string() })),
  /** Checks that could not run (e.g. I6 before bet tables exist). */
  skipped: z.array(z.object({ invariant: z.string(), detail: z.string() })),
});

// ---- Live balance socket (GET /api/ws) ---------------------------------------------------------

/**
 * Messages a client sends: first `auth` (when no ?token= was given) or `hello` (a visitor: public
 * events only), then keepalive pings and `resume` (replay the live events after `after`, the last
 * event id seen; without it only the chat messages still showing and the current marquee).
 */
/**
 * Topics a socket may watch (`watch`): the live readings of a market (market.ts), sent only to the
 * sockets watching them; `support:inbox` (operators' console sockets only, second factor passed):
 * `{type: "support_inbox", conversation_id, change}` whenever a conversation changes. The server
 * answers every `watch` with `{type: "watching", topics}`: the topics it granted; then, for each
 * market topic the socket did not watch before, the market's latest reading of the day (a
 * `market_tick`; nothing when it has none), so a page back after a drop shows it at once.
 */
export const WS_TOPICS = ["market:set", "market:crypto", "support:inbox"] as const;
export type WsTopic = (typeof WS_TOPICS)[number];

export const wsClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: text().min(1).max(200) }),
  z.object({ type: z.literal("hello") }),
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("resume"), after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  /** The topics this socket wants besides what every socket gets (replaces the ones before): a market's readings. */
  z.object({ type: z.literal("watch"), topics: z.array(z.enum(WS_TOPICS)).max(WS_TOPICS.length) }),
  /**
   * A visitor's socket joins the visitor's support conversation (its token, as in X-Support-Token):
   * the operators' answers, typing and read marks then arrive on it. Answered with
   * `{type: "support_joined", conversation_id}` (null: no such conversation).
   */
  z.object({ type: z.literal("support_visitor"), token: text().min(16).max(100) }),
]);
export const wsBalanceMessageSchema = z.object({
  type: z.literal("balance"),
  balance: money,
  game_balance: money,
  point: money,
  p_balance: money,
});
/** Messages the server sends. */
export const wsServerMessageSchema = z.discriminatedUnion("type", [
  /** user_id null: a visitor's socket (public events only, never balances). */
  z.object({ type: z.literal("ready"), user_id: id.nullable() }),
  wsBalanceMessageSchema,
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
]);
/** Close codes: 4401 bad or missing token, 4403 blocked account, 4408 no auth message in time. */
export const WS_CLOSE = { unauthenticated: 4401, blocked: 4403, authTimeout: 4408 } as const;

export type TransferBody = z.infer<typeof transferBodySchema>;
export type TransferResponse = z.infer<typeof transferResponseSchema>;
export type TransferHistoryItem = z.infer<typeof transferHistoryItemSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type CashInBody = z.infer<typeof cashInBodySchema>;
export type CashInResponse = z.infer<typeof cashInResponseSchema>;
export type CashOutBody = z.infer<typeof cashOutBodySchema>;
export type CashOutResponse = z.infer<typeof cashOutResponseSchema>;
export type CashInHistoryItem = z.infer<typeof cashInHistoryItemSchema>;
export type CashOutHistoryItem = z.infer<typeof cashOutHistoryItemSchema>;
export type CashRequest = z.infer<typeof cashRequestSchema>;
export type AdminCashRequest = z.infer<typeof adminCashRequestSchema>;
export type AdjustBody = z.infer<typeof adjustBodySchema>;
export type AdjustResponse = z.infer<typeof adjustResponseSchema>;
export type Adjustment = z.infer<typeof adjustmentSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export type LedgerAudit = z.infer<typeof ledgerAuditSchema>;
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;
export type WsBalanceMessage = z.infer<typeof wsBalanceMessageSchema>;
