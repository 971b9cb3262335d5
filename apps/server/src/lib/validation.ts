import { normalizePhone } from "@shwe/domain";
import { z } from "zod";
import { badRequest } from "./errors.ts";

/**
 * A phone field that accepts what the player types (09…, +959…, 959…) and hands the route the stored
 * form (09 + 7–9 digits). A bad number is a 400 VALIDATION_FAILED naming `phone`.
 */
export function normalizedPhone(input: z.ZodString) {
  return input.transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "is not a Myanmar mobile number (09…, +959… or 959…)" });
      return z.NEVER;
    }
    return phone;
  });
}

/**
 * Validates a body the route reads itself (multipart forms, or JSON on a route that also takes
 * multipart), answering exactly like schema validation does: 400 VALIDATION_FAILED with the fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, context = "body"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join(".") : context,
    message: issue.message,
  }));
  throw invalidField(fields);
}

export function invalidField(fields: { field: string; message: string }[]): Error {
  const first = fields[0];
  const message = first ? `Invalid input: ${first.field} ${first.message}` : "Invalid input.";
  return badRequest(message, { fields });
}
