import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { otpCodes, otpProofs } from "../../db/schema/index.ts";

export type OtpPurpose = "register" | "reset" | "login";

/** Serialises OTP sends for one phone until the end of the transaction (the hourly count stays exact). */
export async function lockOtpPhone(tx: Executor, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/** Codes sent to the phone in the last hour (database clock) and the seconds until the oldest leaves that hour. */
export async function recentSends(tx: Executor, phone: string): Promise<{ count: number; retryAfter: number }> {
  const res = await tx.execute(sql`
    select count(*)::int as n,
           coalesce(ceil(extract(epoch from (min(${otpCodes.createdAt}) + interval '1 hour' - now()))), 0)::int as retry
    from ${otpCodes}
    where ${otpCodes.phone} = ${phone} and ${otpCodes.createdAt} > now() - interval '1 hour'`);
  const row = rowsOf<{ n: number; retry: number }>(res)[0];
  return { count: Number(row?.n ?? 0), retryAfter: Number(row?.retry ?? 0) };
}

export async function insertOtpCode(
  tx: Executor,
  code: { phone: string; purpose: OtpPurpose; codeHash: string; ttlMinutes: number },
): Promise<number> {
  const [row] = await tx
    .insert(otpCodes)
    .values({
      phone: code.phone,
      purpose: code.purpose,
      codeHash: code.codeHash,
      expiresAt: sql`now() + make_interval(mins => ${code.ttlMinutes})`,
    })
    .returning({ id: otpCodes.id });
  if (!row) throw new Error("otp code not recorded");
  return row.id;
}

/** Ends a code now (its SMS could not be delivered); it still counts towards the hourly sends. */
export async function expireOtpCode(db: Executor, id: number): Promise<void> {
  await db
    .update(otpCodes)
    .set({ expiresAt: sql`least(${otpCodes.expiresAt}, now())` })
    .where(eq(otpCodes.id, id));
}

export interface LatestOtp {
  id: number;
  codeHash: string;
  attempts: number;
  consumed: boolean;
  expired: boolean;
}

/** The newest code for phone + purpose, locked; `expired` is decided by the database clock. */
export async function lockLatestOtp(tx: Executor, phone: string, purpose: OtpPurpose): Promise<LatestOtp | undefined> {
  const rows = await tx
    .select({
      id: otpCodes.id,
      codeHash: otpCodes.codeHash,
      attempts: otpCodes.attempts,
      consumed: sql<boolean>`${otpCodes.consumedAt} is not null`,
      expired: sql<boolean>`${otpCodes.expiresAt} <= now()`,
    })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.id))
    .limit(1)
    .for("update");
  return rows[0];
}

export async function addOtpAttempt(tx: Executor, id: number): Promise<number> {
  const [row] = await tx
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? 0;
}

/** Marks the code used; false when it was already used (single use even under races). */
export async function consumeOtpCode(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}

export async function insertOtpProof(
  tx: Executor,
  proof: { tokenHash: string; phone: string; purpose: OtpPurpose; ttlMinutes: number },
): Promise<void> {
  await tx.insert(otpProofs).values({
    tokenHash: proof.tokenHash,
    phone: proof.phone,
    purpose: proof.purpose,
    expiresAt: sql`now() + make_interval(mins => ${proof.ttlMinutes})`,
  });
}

/**
 * Uses up a proof in one conditional update: it must match the phone and purpose, be unused and
 * unexpired (database clock). Two concurrent uses: exactly one gets true.
 */
export async function consumeOtpProof(tx: Executor, tokenHash: string, phone: string, purpose: OtpPurpose): Promise<boolean> {
  const rows = await tx
    .update(otpProofs)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(otpProofs.tokenHash, tokenHash),
        eq(otpProofs.phone, phone),
        eq(otpProofs.purpose, purpose),
        isNull(otpProofs.usedAt),
        sql`${otpProofs.expiresAt} > now()`,
      ),
    )
    .returning({ id: otpProofs.id });
  return rows.length === 1;
}
