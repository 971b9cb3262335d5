/**
 * Rules of the text fields a player types, in one place: the contracts' zod schemas (which the
 * server validates every request with) are built from them, and the web forms check the same
 * rules with these plain functions, so a form does not need zod to say what is wrong.
 */

/** True when the text holds no C0 control character other than tab, line feed and carriage return. */
export function hasNoControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
    // A UTF-16 surrogate must come as a pair: a lone one is no character at all (PostgreSQL's
    // jsonb refuses its \u escape, and it cannot be written as UTF-8).
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = value.charCodeAt(i + 1);
      if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/**
 * A text's length in characters as the server counts them (zod and the password policy): Unicode
 * code points, so an emoji (two UTF-16 units) is one character, where `String.length` says two.
 */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** A player's name, trimmed: 1 to this many characters. */
export const NAME_MAX_LENGTH = 60;

/**
 * A free text field: `min` to `max` characters (as `characterCount` counts them), after trimming
 * when `trim`; never a control character (`hasNoControlCharacters`, looked for before trimming, as
 * the server does). The contracts build the field's schema from it (`textField`), the forms check
 * it with `textProblem`. The passwords' rules are in password-policy.ts (`NEW_PASSWORD_FIELD`,
 * `PASSWORD_FIELD`), so that a page with no password field does not load the policy.
 */
export interface TextFieldRule {
  readonly min: number;
  readonly max: number;
  readonly trim?: boolean;
}

/** A player's name: 1 to 60 characters after trimming. */
export const NAME_FIELD: TextFieldRule = { min: 1, max: NAME_MAX_LENGTH, trim: true };

/** What a form says is wrong with a text field; each form words it in the player's language. */
export type TextProblem = "control_characters" | "required" | "too_short" | "too_long";

/** Why the server would refuse this text for the field, or undefined when it takes it. */
export function textProblem(value: string, rule: TextFieldRule): TextProblem | undefined {
  if (!hasNoControlCharacters(value)) return "control_characters";
  const text = rule.trim ? value.trim() : value;
  if (text === "") return rule.min > 0 ? "required" : undefined;
  const length = characterCount(text);
  if (length < rule.min) return "too_short";
  return length > rule.max ? "too_long" : undefined;
}

/** The SMS code's length; the code is that many digits. */
export const OTP_LENGTH = 6;
export const OTP_CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** A referral code, upper-cased: six letters or digits. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{6}$/;

/** The last six digits of the wallet transaction a cash-in names (exactly six digits). */
export const LAST_SIX_DIGITS_PATTERN = /^\d{6}$/;

/** A promo code as stored and compared: 1 to 32 upper-case letters, digits, `_` or `-`. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{1,32}$/;

/** The cash-in's last six digits as the server accepts them. */
export function isLastSixDigits(value: string): boolean {
  return hasNoControlCharacters(value) && LAST_SIX_DIGITS_PATTERN.test(value);
}

/**
 * A promo code as typed, the way the server reads it: without surrounding spaces, upper-cased;
 * undefined when it is not a promo code at all.
 */
export function normalizePromoCode(input: string): string | undefined {
  if (!hasNoControlCharacters(input)) return undefined;
  const code = input.trim().toUpperCase();
  return PROMO_CODE_PATTERN.test(code) ? code : undefined;
}
