import type { FastifyReply, FastifyRequest } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { type $ZodType, safeEncode } from "zod/v4/core";
import type { AppContext } from "../app-context.ts";
import type { PublicScope } from "../lib/public-cache.ts";
import { COMPRESS_THRESHOLD, negotiateEncoding } from "./compression.ts";
import { PublicBody } from "./public-body.ts";

/** What browsers may do with a public answer. */
export const CACHE_CONTROL = {
  /**
   * Catalogue and site content change rarely: browsers and shared caches may reuse them for a
   * minute, so an operator's change shows within a minute.
   */
  minute: "public, max-age=60",
  /**
   * Lottery pages change at draw time and the app fetches them again when a result arrives live,
   * so browsers revalidate every use (a 304 when nothing changed).
   */
  revalidate: "no-cache",
} as const;

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Serialises exactly like the route's own response serializer (the schema's encode, then
 * JSON.stringify), so a cached answer has the same bytes as an uncached one would; a value that does
 * not match the schema fails the same way (500, logged).
 */
export function serializePublic(schema: $ZodType, data: unknown, request: FastifyRequest): PublicBody {
  const result = safeEncode(schema, data);
  if (result.error) throw new ResponseSerializationError(request.method, request.url, { cause: result.error });
  return new PublicBody(JSON.stringify(result.data));
}

export interface PublicAnswerOptions {
  /** What invalidates the answers (see PublicCache). */
  scope: PublicScope;
  /** The route's 200 response schema. */
  schema: $ZodType;
  cacheControl: string;
}

/** Answers one request of a public route; `key` names everything the answer depends on. */
export type PublicAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
) => Promise<FastifyReply>;

/**
 * The answerer of a public GET route, named `name` in the public cache (routes giving the same
 * answer may share a name). Each answer comes from the public cache (read with `load` on a miss)
 * and is the same bytes for every caller: `key` must hold everything the answer depends on (the
 * validated parameters, the day …), never anything of the caller. It carries an ETag (304 on a
 * matching If-None-Match), and goes out as brotli or gzip, made once per cached body, when the
 * client accepts one and the body is at least 1 KB; the route turns the compression plugin off.
 */
export function publicAnswer(ctx: AppContext, name: string, opts: PublicAnswerOptions): PublicAnswer {
  const prefix = `${name}|`;
  return async (request, reply, key, load) => {
    const body = await ctx.publicCache.get(opts.scope, prefix + key, async () => serializePublic(opts.schema, await load(), request));
    reply.header("cache-control", opts.cacheControl);
    reply.header("etag", body.etag);
    const compressible = body.bytes >= COMPRESS_THRESHOLD;
    if (compressible) reply.header("vary", "accept-encoding");
    if (matchesEtag(request.headers["if-none-match"], body.etag)) return reply.code(304).send();
    reply.header("content-type", JSON_TYPE);
    const encoding = compressible ? negotiateEncoding(request) : undefined;
    if (encoding) {
      reply.header("content-encoding", encoding);
      return reply.send(body.encodedAs(encoding));
    }
    return reply.send(body.json);
  };
}

/** If-None-Match uses the weak comparison: `*`, or any listed tag with the same opaque value. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const part of header.split(",")) {
    const tag = part.trim();
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
