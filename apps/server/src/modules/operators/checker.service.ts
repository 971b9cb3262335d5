import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { findCheckerStanding } from "./checker.repository.ts";

/**
 * The one maker–checker rule of the console, applied by every step that needs a second pair of
 * eyes (balance adjustments above the threshold, the second approval of a cash request, a manual
 * draw result, a change of the console's accounts). The checker must be another person than the
 * maker: not the maker's own account, not an account the maker created or last changed (role,
 * second-factor reset), and not an account younger than CHECKER_COOLDOWN_HOURS (database clock).
 * Each step keeps its own answer for "you are the maker" (SECOND_OPERATOR_REQUIRED); this helper
 * adds the other two refusals, both 403.
 */
export async function assertIndependentChecker(
  db: Executor,
  cooldownHours: number,
  checkerId: number,
  makerId: number | null,
): Promise<void> {
  if (makerId === null) return;
  if (checkerId === makerId) {
    throw new AppError(403, "SECOND_OPERATOR_REQUIRED", "A different operator must confirm this.");
  }
  const row = await findCheckerStanding(db, checkerId, cooldownHours);
  if (!row) throw new AppError(403, "FORBIDDEN", "You are not allowed to do this.");
  if (row.changedBy === makerId) {
    throw new AppError(
      403,
      "CHECKER_NOT_INDEPENDENT",
      "Your console account was created or last changed by the operator who asked for this: another operator must confirm it.",
      { maker: makerId },
    );
  }
  if (cooldownHours > 0 && row.tooNew) {
    throw new AppError(
      403,
      "CHECKER_TOO_NEW",
      `A new console account confirms other operators' steps only ${cooldownHours} hours after it was created.`,
      { cooldown_hours: cooldownHours },
    );
  }
}
