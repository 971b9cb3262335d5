import { z } from "zod";
import { phoneInputSchema } from "./accounts.ts";
import { text } from "./common.ts";
import { imagePathSchema } from "./content.ts";

/**
 * The operator console's own accounts: the TOTP second factor every operator sign-in passes
 * (enrol with a QR code, one-time recovery codes), and the admins' list of operators.
 */

/** GET /api/admin/2fa: whether the account enrolled and whether this sign-in passed the second factor. */
export const secondFactorStatusSchema = z.object({
  role: z.enum(["operator", "admin"]),
  enrolled: z.boolean(),
  verified: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/admin/2fa/setup: a new secret proposed (enrolment finishes with a code from it). */
export const secondFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

/** A 6-digit code from the authenticator app, or (verify only) a recovery code such as ABCD-EFGH-JKLM. */
export const secondFactorCodeBodySchema = z.strictObject({ code: z.string().trim().min(6).max(32) });
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

/** POST /api/admin/2fa/enable: the recovery codes, shown this once. */
export const secondFactorEnabledSchema = z.object({ recovery_codes: z.array(z.string()) });
export type SecondFactorEnabled = z.infer<typeof secondFactorEnabledSchema>;

/** POST /api/admin/2fa/verify: this sign-in passed; how many recovery codes remain unused. */
export const secondFactorVerifiedSchema = z.object({ verified: z.literal(true), recovery_codes_left: z.number().int() });
export type SecondFactorVerified = z.infer<typeof secondFactorVerifiedSchema>;

export const operatorRowSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  role: z.enum(["operator", "admin"]),
  blocked: z.boolean(),
  second_factor: z.boolean(),
  created_at: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;
export const operatorListSchema = z.object({ data: z.array(operatorRowSchema) });
export type OperatorList = z.infer<typeof operatorListSchema>;

/** `npm run operator:create`: the first admin of a database, with the password from OPERATOR_PASSWORD. */
export const createOperatorBodySchema = z.strictObject({
  phone: phoneInputSchema,
  name: z.string().trim().min(1).max(60),
  password: z.string().min(8).max(64),
  role: z.enum(["operator", "admin"]),
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

/**
 * POST /api/admin/operators: invite a new console account (admins only). Its holder sets their own
 * password and second factor through the one-time invitation; a second admin confirms it first.
 */
export const inviteOperatorBodySchema = z.strictObject({
  phone: phoneInputSchema,
  name: z.string().trim().min(1).max(60),
  role: z.enum(["operator", "admin"]),
});
export type InviteOperatorBody = z.infer<typeof inviteOperatorBodySchema>;

/** POST /api/admin/operators/{id}/role */
export const operatorRoleBodySchema = z.strictObject({ role: z.enum(["operator", "admin"]) });

/** A change of the console's accounts, waiting for a second admin or decided. */
export const consoleChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["create", "role", "second_factor_reset"]),
  target_user_id: z.number().int().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  role: z.enum(["operator", "admin"]).nullable(),
  status: z.enum(["pending", "applied", "rejected"]),
  requested_by: z.number().int(),
  decided_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type ConsoleChange = z.infer<typeof consoleChangeSchema>;
export const consoleChangeListSchema = z.object({ data: z.array(consoleChangeSchema) });
export const consoleChangeParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The answer to an invitation: the change and, this once, the one-time invitation to hand over. */
export const operatorInvitationSchema = z.object({
  change: consoleChangeSchema,
  invitation: z.object({ token: z.string(), path: z.string(), expires_at: z.string() }),
});
export type OperatorInvitation = z.infer<typeof operatorInvitationSchema>;

/** GET /api/admin/console: whether maker–checker is in force (two admins or more). */
export const consoleStatusSchema = z.object({ admins: z.number().int(), maker_checker: z.boolean() });
export type ConsoleStatus = z.infer<typeof consoleStatusSchema>;

/** POST /api/console-invitation…: the invitation's token (from the link's #fragment, never in a URL the server logs). */
export const invitationTokenBodySchema = z.strictObject({ token: z.string().trim().min(20).max(100) });
export const invitationViewSchema = z.object({
  name: z.string(),
  phone: z.string(),
  role: z.enum(["operator", "admin"]),
  /** awaiting_confirmation: a second admin has not confirmed it yet; ready: set your password and second factor. */
  status: z.enum(["awaiting_confirmation", "ready"]),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;
export const completeInvitationBodySchema = z.strictObject({
  token: z.string().trim().min(20).max(100),
  password: z.string().min(1).max(64),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "must be 6 digits"),
});

export const operatorParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * GET /api/admin/users/{id}/access: how and where a player signs in and whom they are tied to:
 * live sign-ins, recent sign-in addresses, where the account was made (device and address), the
 * referrer and the referees (with how many each brought in), and the player's own limits and
 * self-exclusion.
 */
export const playerAccessSchema = z.object({
  sessions: z.array(z.object({ id: z.number().int(), created_at: z.string(), last_used_at: z.string() })),
  sign_ins: z.array(z.object({ action: z.string(), ip: z.string().nullable(), at: z.string() })),
  signup: z.object({ device_id: z.string().nullable(), ip: z.string().nullable(), at: z.string() }).nullable(),
  referrer: z.object({ id: z.number().int(), phone: z.string(), name: z.string() }).nullable(),
  referees: z.array(
    z.object({
      id: z.number().int(),
      phone: z.string(),
      name: z.string(),
      joined_at: z.string(),
      referees: z.number().int(),
      blocked: z.boolean(),
    }),
  ),
  same_device: z.number().int(),
  limits: z.array(z.object({ kind: z.string(), period: z.string(), amount: z.number().int() })),
  self_exclusion: z.object({ until: z.string().nullable(), indefinite: z.boolean() }).nullable(),
});
export type PlayerAccess = z.infer<typeof playerAccessSchema>;

/** POST /api/admin/users/{id}/sessions/end: every sign-in of the account ends (audited). */
export const endSessionsResponseSchema = z.object({ id: z.number().int(), ended: z.number().int() });

/** A payment method as admins edit it (every field, open or not). */
export const adminPaymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  cashin_enabled: z.boolean(),
  cashout_enabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;

/** GET /api/admin/payment-methods: every method and the amount chips of both forms. */
export const adminPaymentMethodsSchema = z.object({
  data: z.array(adminPaymentMethodSchema),
  chips: z.object({ cash_in: z.array(z.number().int()), cash_out: z.array(z.number().int()) }),
});
export type AdminPaymentMethods = z.infer<typeof adminPaymentMethodsSchema>;

const chipAmount = z.number().int().min(1).max(1_000_000_000);

/** PUT /api/admin/payment-methods/{id} (admins): any of the fields; min ≤ max. */
export const updatePaymentMethodBodySchema = z
  .strictObject({
    name: text().trim().min(1).max(60).optional(),
    logo: imagePathSchema.optional(),
    account_name: text().trim().min(1).max(80).optional(),
    account_number: text().trim().min(1).max(40).optional(),
    min_amount: chipAmount.optional(),
    max_amount: chipAmount.optional(),
    cashin_enabled: z.boolean().optional(),
    cashout_enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "must change at least one field");
export type UpdatePaymentMethodBody = z.infer<typeof updatePaymentMethodBodySchema>;

/** POST /api/admin/payment-methods (admins): a new wallet account players pay into; min ≤ max. */
export const createPaymentMethodBodySchema = z
  .strictObject({
    name: text().trim().min(1).max(60),
    logo: imagePathSchema,
    account_name: text().trim().min(1).max(80),
    account_number: text().trim().min(1).max(40),
    min_amount: chipAmount,
    max_amount: chipAmount,
    cashin_enabled: z.boolean().default(true),
    cashout_enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((b) => b.min_amount <= b.max_amount, { message: "must not be above max_amount", path: ["min_amount"] });
export type CreatePaymentMethodBody = z.input<typeof createPaymentMethodBodySchema>;

/** PUT /api/admin/payment-methods/chips (admins): the preset amounts of the cash-in and cash-out forms. */
export const paymentChipsBodySchema = z.strictObject({
  cash_in: z.array(chipAmount).min(1).max(24),
  cash_out: z.array(chipAmount).min(1).max(24),
});
export type PaymentChipsBody = z.infer<typeof paymentChipsBodySchema>;

/** GET /api/admin/users/{id}/play: the player's latest lottery slips and casino rounds. */
export const playerPlaySchema = z.object({
  slips: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      draw_id: z.number().int(),
      draw_at: z.string(),
      numbers: z.array(z.string()),
      total: z.number().int(),
      won: z.number().int(),
      /** pending until the draw settles; then won, lost or refunded (mixed when lines differ). */
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  rounds: z.array(
    z.object({
      provider: z.string(),
      round_id: z.string(),
      game_code: z.string().nullable(),
      bet: z.number().int(),
      payout: z.number().int(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type PlayerPlay = z.infer<typeof playerPlaySchema>;
