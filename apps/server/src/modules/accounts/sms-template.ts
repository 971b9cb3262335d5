/**
 * The JSON body the HTTP SMS gateway receives, built from SMS_BODY_TEMPLATE.
 *
 * The template is a JSON document; inside its string values these placeholders are replaced:
 *   {{to}}         the phone as stored, 09…
 *   {{to_e164}}    the same phone in international form, +959…
 *   {{text}}       the message
 *   {{purpose}}    why it is sent (otp_register, otp_reset, otp_login)
 *   {{reference}}  our delivery id, unique per message (lets a gateway drop a repeated request)
 * Substitution happens inside the parsed document, so a message with quotes or line breaks always
 * yields valid JSON. The template must name the phone ({{to}} or {{to_e164}}) and {{text}}.
 */
export const DEFAULT_SMS_BODY_TEMPLATE = '{"to":"{{to_e164}}","text":"{{text}}","reference":"{{reference}}"}';

export const SMS_PLACEHOLDERS = ["to", "to_e164", "text", "purpose", "reference"] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];
export type SmsTemplateValues = Record<SmsPlaceholder, string>;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const PLACEHOLDER = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

export class SmsTemplateError extends Error {}

export interface SmsBodyTemplate {
  render(values: SmsTemplateValues): string;
}

/** Parses and checks a template; throws SmsTemplateError saying what is wrong. */
export function parseSmsBodyTemplate(source: string): SmsBodyTemplate {
  let doc: Json;
  try {
    doc = JSON.parse(source) as Json;
  } catch (err) {
    throw new SmsTemplateError(`SMS_BODY_TEMPLATE is not JSON (${(err as Error).message})`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new SmsTemplateError("SMS_BODY_TEMPLATE must be a JSON object");
  }
  const used = new Set<string>();
  collect(doc, used);
  const unknown = [...used].filter((p) => !(SMS_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw new SmsTemplateError(
      `SMS_BODY_TEMPLATE uses unknown placeholders: ${unknown.map((p) => `{{${p}}}`).join(", ")} (known: ${SMS_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")})`,
    );
  }
  if (!used.has("text") || !(used.has("to") || used.has("to_e164"))) {
    throw new SmsTemplateError("SMS_BODY_TEMPLATE must contain {{text}} and {{to}} or {{to_e164}} inside string values");
  }
  const template = doc;
  return { render: (values) => JSON.stringify(fill(template, values)) };
}

function collect(value: Json, into: Set<string>): void {
  if (typeof value === "string") {
    for (const m of value.matchAll(PLACEHOLDER)) into.add(m[1] as string);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, into);
  } else if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) collect(v, into);
  }
}

function fill(value: Json, values: SmsTemplateValues): Json {
  if (typeof value === "string") return value.replace(PLACEHOLDER, (_m, name: string) => values[name as SmsPlaceholder]);
  if (Array.isArray(value)) return value.map((v) => fill(v, values));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)]));
  }
  return value;
}
