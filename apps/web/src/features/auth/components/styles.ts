/** A text link of the account pages (gold, with a 44 px tall tap area). */
export const linkClass =
  "inline-flex min-h-11 items-center font-semibold text-gold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold";

/** A phone number quoted inside a sentence. */
export const PHONE_CLASS = "tabular font-semibold whitespace-nowrap text-text";
