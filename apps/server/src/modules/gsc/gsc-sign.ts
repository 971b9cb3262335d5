import { hash, timingSafeEqual } from "node:crypto";

/**
 * The two MD5 sign families of GSC+ (gsc-plus.md §2): 32 lower-case hex characters over a plain
 * concatenation, no separators.
 */

/** Inbound webhook keywords by path tail (§2.1): note `getbalance` for /balance. */
export const GSC_INBOUND_KEYWORDS = {
  balance: "getbalance",
  withdraw: "withdraw",
  deposit: "deposit",
  pushbetdata: "pushbetdata",
} as const;

export type GscWebhookName = keyof typeof GSC_INBOUND_KEYWORDS;

/** Outbound call keywords (§2.2). */
export type GscOutboundKeyword = "launchgame" | "productlist" | "gamelist" | "getwagers" | "getwager" | "gamehistory";

function md5(text: string): string {
  return hash("md5", text, "hex");
}

/** Aggregator → operator ("operator-first"): md5(operator_code ‖ request_time ‖ keyword ‖ secret). */
export function gscInboundSign(operatorCode: string, requestTime: string, keyword: string, secretKey: string): string {
  return md5(`${operatorCode}${requestTime}${keyword}${secretKey}`);
}

/** Operator → aggregator ("request-first"): md5(request_time ‖ secret ‖ keyword ‖ operator_code). */
export function gscOutboundSign(requestTime: string, secretKey: string, keyword: GscOutboundKeyword, operatorCode: string): string {
  return md5(`${requestTime}${secretKey}${keyword}${operatorCode}`);
}

/**
 * Whether a webhook's sign is right: computed over operator_code and request_time exactly as they
 * arrived (digits verbatim), compared case-insensitively and in constant time.
 */
export function gscInboundSignValid(args: {
  operatorCode: string;
  requestTime: string;
  keyword: string;
  secretKey: string;
  sign: unknown;
}): boolean {
  if (typeof args.sign !== "string" || !/^[0-9a-fA-F]{32}$/.test(args.sign)) return false;
  const expected = Buffer.from(gscInboundSign(args.operatorCode, args.requestTime, args.keyword, args.secretKey), "utf8");
  const given = Buffer.from(args.sign.toLowerCase(), "utf8");
  return timingSafeEqual(expected, given);
}
