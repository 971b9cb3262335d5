/**
 * Myanmar mobile numbers (domain-rules §2): accept `09…`, `+959…`, `959…` (spaces and dashes
 * ignored) and store `09` followed by 7 to 9 digits.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, "");
  let rest: string;
  if (compact.startsWith("+959")) rest = compact.slice(4);
  else if (compact.startsWith("959")) rest = compact.slice(3);
  else if (compact.startsWith("09")) rest = compact.slice(2);
  else return null;
  if (!/^\d{7,9}$/.test(rest)) return null;
  return `09${rest}`;
}

/**
 * The public form of a phone (spec §5): only an 11-character number starting with 09 is shown,
 * with every digit but the last three starred; any other length shows nothing.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (phone?.length !== 11 || !phone.startsWith("09")) return "";
  return "*".repeat(8) + phone.slice(8);
}
