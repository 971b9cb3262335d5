import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "@shwe/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../lib/errors.ts";

/** Where a refused text was found: the dotted path in the body, query or path parameters. */
export interface ControlCharacterHit {
  field: string;
  message: string;
}

/** A value met during the walk, with the way back to the root (its path is built only when needed). */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function pathOf(visit: Visit, root: string): string {
  const keys: string[] = [];
  for (let v: Visit | undefined = visit; v?.parent !== undefined; v = v.parent) keys.push(v.key);
  return keys.length > 0 ? keys.reverse().join(".") : root;
}

/**
 * The first text (value or object key) holding a NUL or another C0 control character, searched
 * without recursion and in time linear in the size of the input, so that a deeply nested body can
 * neither exhaust the stack nor the processor.
 */
export function findControlCharacter(value: unknown, root: string): ControlCharacterHit | undefined {
  const pending: Visit[] = [{ value, key: "", parent: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const current = next.value;
    if (typeof current === "string") {
      if (!hasNoControlCharacters(current)) return { field: pathOf(next, root), message: CONTROL_CHARACTER_MESSAGE };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], key: String(i), parent: next });
    } else if (current !== null && typeof current === "object" && !Buffer.isBuffer(current)) {
      const keys = Object.keys(current);
      for (const key of keys) {
        if (!hasNoControlCharacters(key)) {
          return { field: pathOf(next, root), message: "must not have a field name with control characters" };
        }
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push({ value: (current as Record<string, unknown>)[key], key, parent: next });
      }
    }
  }
  return undefined;
}

function check(request: FastifyRequest): ControlCharacterHit | undefined {
  return (
    findControlCharacter(request.params, "params") ??
    findControlCharacter(request.query, "querystring") ??
    findControlCharacter(request.body, "body")
  );
}

/**
 * Safety net behind the contracts' text() rule: whatever a route's schema says (or when a route
 * reads its body itself), a NUL or other C0 control character in a path parameter, query value or
 * JSON body text answers 400 VALIDATION_FAILED naming the field, before any handler runs.
 * Multipart fields are checked by the text() rule of the schema that parses them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    const hit = check(request);
    if (hit) {
      // statusCode too: a scope with its own error handler (the provider wallet API answers every
      // refusal with HTTP 200 INVALID_REQUEST) sees an ordinary 400 refusal.
      throw Object.assign(badRequest(`Invalid input: ${hit.field} ${hit.message}`, { fields: [hit] }), { statusCode: 400 });
    }
  });
}
