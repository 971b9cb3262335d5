import { HouseApiError } from "../api/house-client.ts";

/** The translation key (house namespace) of what a player should read for a failed game call. */
export function errorKey(error: unknown): string {
  if (!(error instanceof HouseApiError)) return "errors.generic";
  switch (error.code) {
    case "INSUFFICIENT_FUNDS":
      return "errors.insufficient";
    case "UNAUTHENTICATED":
      return "errors.sessionEnded";
    case "WALLET_UNAVAILABLE":
      return "errors.walletUnavailable";
    case "ROUND_PENDING":
      return "errors.roundPending";
    case "ROUND_IN_PROGRESS":
      return "errors.inProgress";
    case "BLOCKED":
      return "errors.blocked";
    case "GAME_UNAVAILABLE":
      return "errors.maintenance";
    case "RATE_LIMITED":
      return "errors.tooFast";
    case "NETWORK":
      return "errors.network";
    case "VALIDATION_FAILED":
      return "errors.invalid";
    default:
      return "errors.generic";
  }
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof HouseApiError && error.status === 401;
}

export function isInsufficient(error: unknown): boolean {
  return error instanceof HouseApiError && error.code === "INSUFFICIENT_FUNDS";
}

/** The balance an INSUFFICIENT_FUNDS answer carries, when it does. */
export function balanceOfRefusal(error: unknown): number | undefined {
  if (!(error instanceof HouseApiError)) return undefined;
  const balance = error.details?.balance;
  return typeof balance === "number" ? balance : undefined;
}
