import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The aggregator's side of the two GSC+ MD5 sign families (gsc-plus.md §2): 32 lower-case hex
 * characters over a plain concatenation of the fields, no separators.
 */

/** Keyword of each wallet webhook (§2.1): the balance call signs `getbalance`, not `balance`. */
export const WEBHOOK_KEYWORDS = {
  balance: "getbalance",
  withdraw: "withdraw",
  deposit: "deposit",
  pushbetdata: "pushbetdata",
} as const;

export type WebhookName = keyof typeof WEBHOOK_KEYWORDS;

/** Keywords of the operator API calls this simulator serves (§2.2). */
export type OperatorApiKeyword = "launchgame" | "productlist" | "gamelist" | "getwagers" | "getwager";

export function md5Hex(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** What the aggregator puts in a webhook it sends: md5(operator_code ‖ request_time ‖ keyword ‖ secret) ("operator-first"). */
export function webhookSign(operatorCode: string, requestTime: string | number, keyword: string, secretKey: string): string {
  return md5Hex(`${operatorCode}${requestTime}${keyword}${secretKey}`);
}

/** What an operator puts in a call to the aggregator: md5(request_time ‖ secret ‖ keyword ‖ operator_code) ("request-first"). */
export function operatorApiSign(requestTime: string | number, secretKey: string, keyword: string, operatorCode: string): string {
  return md5Hex(`${requestTime}${secretKey}${keyword}${operatorCode}`);
}

/**
 * Whether an operator's call carries the right request-first sign: request_time taken as it arrived,
 * the sign compared without regard to case and in constant time.
 */
export function operatorApiSignValid(args: {
  requestTime: string;
  secretKey: string;
  keyword: OperatorApiKeyword;
  operatorCode: string;
  sign: unknown;
}): boolean {
  if (typeof args.sign !== "string" || !/^[0-9a-fA-F]{32}$/.test(args.sign)) return false;
  const expected = Buffer.from(operatorApiSign(args.requestTime, args.secretKey, args.keyword, args.operatorCode), "utf8");
  return timingSafeEqual(expected, Buffer.from(args.sign.toLowerCase(), "utf8"));
}
