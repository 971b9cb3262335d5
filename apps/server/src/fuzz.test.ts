import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./db/schema/index.ts";
import { createAccountWithToken } from "./modules/content/content-test-accounts.ts";
import { createUser, expectLedgerClean, fund } from "./modules/ledger/testing.ts";
import { signedWalletHeaders } from "./modules/providers/wallet/wallet-signature.ts";
import { connectTestProvider, TEST_PROVIDER, TEST_SECRET } from "./modules/providers/wallet.test-helpers.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

/**
 * Bad input never answers 5xx: every route of the OpenAPI document (which lists every route with
 * its body, query and path schemas) gets arbitrary bodies, queries and path values, anonymously, as
 * a player and as an operator. Values are mostly shaped by the route's own schema (so calls reach the
 * services) and often hostile: NUL and control characters, lone surrogates, huge, negative and
 * fractional numbers, absurd dates, long strings, deep nesting, wrong types, malformed JSON and
 * multipart. The database is up, so no answer may be 5xx (not even 503).
 *
 * Not fuzzed: GET /api/ws (a WebSocket upgrade; its messages are validated by wsClientMessageSchema
 * and covered by the realtime tests) and the web app's static files (no input besides the path,
 * covered by the arbitrary-path property below).
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const UNFUZZED = new Set(["GET /api/ws"]);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
};
interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
}

// ── Hostile values ───────────────────────────────────────────────────────────────────────────────

const CONTROL = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b",
  "\u001f",
  "\t",
  "\n",
  "\r",
  "\u007f",
  "\u2028",
  "\ud800",
  "\udfff",
  "\uffff",
  "\ufeff",
];
const ABSURD_DAYS = [
  "0001-01-01",
  "0000-00-00",
  "0000-12-31",
  "1899-12-31",
  "1999-12-31",
  "2024-02-30",
  "2025-13-01",
  "9999-12-31",
  "2101-01-01",
  "275760-09-13",
  "+275760-09-13",
  "-000001-01-01",
  "2025-1-1",
  "2025-03-07T00:00:00Z",
];
const FINE_DAYS = ["2025-03-07", "2024-02-29", "2000-01-01", "2100-12-31", new Date().toISOString().slice(0, 10)];

const hostileString = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 6 })).map(([a, c, b]) => a + c + b),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 24 }),
  fc.constantFrom(...ABSURD_DAYS, ...FINE_DAYS),
  fc.constantFrom("", " ", "0", "-1", "1.5", "1e309", "99999999999999999999", "NaN", "null", "true", "[]", "{}", "0x10", "%00", "'; --"),
  fc.constantFrom("09123456789", "+959123456789", "ABC123", "ဘဘဘ", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "a".repeat(70), "9".repeat(300), "x".repeat(5_000)),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 1.5, -1.5, 0.1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 63, 2 ** 64, 1e21, 1e308, -1e308),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 10_000_000_000, 10_000_000_001, 1e-7),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 1 },
  { arbitrary: fc.constantFrom(nested(40), nested(3_000)), weight: 1 },
);

// ── Values shaped by a route's schema ────────────────────────────────────────────────────────────

function typesOf(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [hostileString];
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200));
    } catch {
      // A pattern the generator cannot read: hostile strings only.
    }
    if (schema.pattern.includes("\\d{4}-\\d{2}-\\d{2}")) options.push(fc.constantFrom(...ABSURD_DAYS, ...FINE_DAYS));
  } else {
    const max = Math.min(schema.maxLength ?? 40, 80);
    options.push(fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }));
  }
  if (schema.format === "date-time") options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  return fc.oneof(...options);
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }),
    fc.constantFrom(min, max, min - 1, max + 1),
    fc.integer({ min: 1, max: 50 }),
  );
}

function schemaArb(schema: JsonSchema | undefined, doc: OpenApi, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wildValue;
  if (schema.$ref) return schemaArb(resolveRef(schema.$ref, doc), doc, depth + 1);
  const shaped = shapedArb(schema, doc, depth);
  return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: wildValue, weight: 1 });
}

function shapedArb(schema: JsonSchema, doc: OpenApi, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => schemaArb(s, doc, depth + 1)));
  const types = typesOf(schema);
  const arbs: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === "object") {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props)) record[key] = schemaArb(value, doc, depth + 1);
      const required = (schema.required ?? []).filter((k) => k in props);
      arbs.push(
        fc
          .tuple(fc.record(record, { requiredKeys: required }), fc.option(fc.tuple(fc.string({ maxLength: 8 }), wildValue), { freq: 8 }))
          .map(([obj, extra]) => (extra ? { ...obj, [extra[0]]: extra[1] } : obj)),
      );
    } else if (type === "array") {
      arbs.push(fc.array(schemaArb(schema.items, doc, depth + 1), { maxLength: 6 }));
    } else if (type === "integer") {
      arbs.push(integerFor(schema));
    } else if (type === "number") {
      arbs.push(fc.oneof(integerFor(schema), hostileNumber));
    } else if (type === "string") {
      arbs.push(stringFor(schema));
    } else if (type === "boolean") {
      arbs.push(fc.boolean());
    } else if (type === "null") {
      arbs.push(fc.constant(null));
    }
  }
  return arbs.length > 0 ? fc.oneof(...arbs) : wildValue;
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function resolveRef(ref: string, doc: OpenApi): JsonSchema | undefined {
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  return name ? doc.components?.schemas?.[name] : undefined;
}

// ── Turning values into a request ───────────────────────────────────────────────────────────────

/** A query or path value: text as is, anything else as JSON text. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? "";
}

/** Percent-encodes text; a lone surrogate (no UTF-8 form) is sent as the invalid bytes ED A0 80. */
function enc(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code >= 0xd800 && code <= 0xdfff ? "%ED%A0%80" : encodeURIComponent(ch);
  }
  return out;
}

/** Raw (already encoded) segments a client may send: broken escapes, encoded NUL, overlong UTF-8. */
const RAW_SEGMENTS = ["%00", "a%00b", "%", "%ZZ", "%E0%A4%A", "%C0%80", "%FF", "..%2F..", "%2e%2e", "a%20b"];

function queryOf(pairs: [string, string][], raw: string | null): string {
  const parts = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`);
  if (raw !== null) parts.push(raw);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

function multipartOf(fields: [string, string][], file: Uint8Array | null): { payload: Buffer; contentType: string } {
  const boundary = "----fuzzboundary7MA4YWxkTrZu0gW";
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    );
    chunks.push(Buffer.from(file), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Who = "anonymous" | "player" | "operator" | "admin";
type BodyInput =
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; raw: string }
  | { kind: "multipart"; payload: Buffer; contentType: string };
interface FuzzInput {
  who: Who;
  url: string;
  body: BodyInput;
  idempotencyKey: string | null;
  /** Provider wallet calls: name the funded test player (so debits and credits really run). */
  walletPlayer: boolean;
  /** Provider wallet calls: sign the body with the test provider's secret. */
  sign: boolean;
}

const JPEG_START = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe("fuzz: bad input never answers 5xx", () => {
  let t: TestApp;
  let doc: OpenApi;
  let routes: Route[];
  const ids: Record<Exclude<Who, "anonymous">, number> = { player: 0, operator: 0, admin: 0 };
  let playerUserCode = "";

  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    connectTestProvider(t);
    const player = await createUser(t);
    await fund(t, player.id, 1_000_000);
    await fund(t, player.id, 1_000_000, "game");
    ids.player = player.id;
    ids.operator = (await createAccountWithToken(t, "operator")).id;
    ids.admin = (await createAccountWithToken(t, "admin")).id;
    const [row] = await t.ctx.db.select({ userCode: users.userCode }).from(users).where(eq(users.id, player.id));
    playerUserCode = row?.userCode ?? "";
    doc = t.app.swagger() as unknown as OpenApi;
    routes = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const upper = method.toUpperCase();
        if (UNFUZZED.has(`${upper} ${path}`)) continue;
        const params = op.parameters ?? [];
        routes.push({
          method: upper,
          path,
          pathParams: params.filter((p) => p.in === "path"),
          queryParams: params.filter((p) => p.in === "query"),
          body: op.requestBody?.content?.["application/json"]?.schema,
        });
      }
    }
    // Hidden from the document, but reachable: the house game API's catch-all.
    routes.push({
      method: "POST",
      path: "/house/api/{rest}",
      pathParams: [{ in: "path", name: "rest" }],
      queryParams: [],
      body: undefined,
    });
  }, 120_000);

  afterAll(async () => {
    if (!t) return;
    // Whatever the fuzzed calls did (signed provider debits, operator adjustments), the ledger balances.
    await expectLedgerClean(t);
    await t.close();
  });

  /** Path values: the ids that exist (so calls reach the services), then hostile ones. */
  function pathValue(param: Parameter): fc.Arbitrary<string> {
    const known = [
      String(ids.player),
      String(ids.operator),
      "1",
      "2",
      "3",
      TEST_PROVIDER,
      "HOUSE",
      "2D",
      "debit",
      "balance",
      "credit",
      "rollback",
    ];
    const fromSchema: fc.Arbitrary<string> = param.schema ? schemaArb(param.schema, doc).map(asText) : hostileString;
    return fc.oneof(
      { arbitrary: fc.constantFrom(...known).map(enc), weight: 3 },
      { arbitrary: fromSchema.map(enc), weight: 3 },
      { arbitrary: hostileString.map(enc), weight: 2 },
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS, "-1", "0", "1.5", "1e3", "99999999999999999999", "9".repeat(190)), weight: 2 },
    );
  }

  function requestArb(route: Route): fc.Arbitrary<FuzzInput> {
    const pathArb = fc.tuple(...route.pathParams.map(pathValue), fc.constant("")).map((values) => {
      let url = route.path;
      route.pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, values[i] ?? "x");
      });
      return url;
    });
    const queryArb = fc
      .tuple(
        fc.array(
          fc.oneof(
            ...route.queryParams.map((p) => fc.tuple(fc.constant(p.name), schemaArb(p.schema, doc).map(asText))),
            fc.tuple(fc.constantFrom("start_date", "end_date", "query", "q", "id", "limit", "cursor", "x"), hostileString),
          ),
          { maxLength: 4 },
        ),
        fc.option(
          fc.constantFrom(...RAW_SEGMENTS.map((s) => `${route.queryParams[0]?.name ?? "x"}=${s}`), "%", "=&=", "a[b]=1", "__proto__=1"),
          { freq: 4 },
        ),
      )
      .map(([pairs, raw]) => queryOf(pairs as [string, string][], raw));
    const bodyArb = fc.oneof(
      { arbitrary: schemaArb(route.body, doc).map((value) => ({ kind: "json" as const, value })), weight: 8 },
      { arbitrary: wildValue.map((value) => ({ kind: "json" as const, value })), weight: 2 },
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
            fc.oneof(
              hostileString,
              fc.constantFrom("{", '{"a":', "[1,]", "\u0000", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
            ),
          )
          .map(([contentType, raw]) => ({ kind: "raw" as const, contentType, raw })),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(
            fc.array(fc.tuple(fc.constantFrom("name", "image", "x", "name\u0000"), hostileString), { maxLength: 3 }),
            fc.option(
              fc.oneof(
                fc.uint8Array({ maxLength: 64 }),
                fc.uint8Array({ maxLength: 64 }).map((b) => Uint8Array.from([...JPEG_START, ...b])),
              ),
            ),
          )
          .map(([fields, file]) => ({ kind: "multipart" as const, ...multipartOf(fields, file) })),
        weight: 1,
      },
    );
    return fc.record({
      who: fc.constantFrom<Who>("anonymous", "player", "operator", "admin"),
      url: fc.tuple(pathArb, queryArb).map(([p, q]) => p + q),
      body: bodyArb,
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9-]{1,80}$/)), { freq: 2 }),
      walletPlayer: fc.boolean(),
      sign: fc.boolean(),
    });
  }

  async function send(route: Route, input: FuzzInput) {
    const headers: Record<string, string> = {};
    if (input.who !== "anonymous") {
      // A fresh token per call: a fuzzed sign-out or password change must not silence the rest.
      const { token } = await t.ctx.auth.issue(ids[input.who]);
      headers.authorization = `Bearer ${token}`;
    }
    if (input.idempotencyKey) headers["idempotency-key"] = input.idempotencyKey;
    const hasBody = route.method !== "GET" && route.method !== "DELETE";
    let payload: string | Buffer | undefined;
    if (hasBody) {
      const body = input.body;
      if (body.kind === "json") {
        let value = body.value;
        if (route.path.startsWith("/api/provider/") && input.walletPlayer && value && typeof value === "object" && !Array.isArray(value)) {
          value = { ...value, player: playerUserCode };
        }
        payload = JSON.stringify(value) ?? "null";
        headers["content-type"] = "application/json";
      } else if (body.kind === "raw") {
        payload = body.raw;
        headers["content-type"] = body.contentType;
      } else {
        payload = body.payload;
        headers["content-type"] = body.contentType;
      }
      if (route.path.startsWith("/api/provider/") && input.sign && typeof payload === "string") {
        Object.assign(headers, signedWalletHeaders(TEST_SECRET, payload, new Date()));
      }
    }
    return t.app.inject({ method: route.method as "GET", url: input.url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  it("enumerates every route of the API from its OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(100);
    const names = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const must of [
      "POST /api/user/profile_update",
      "POST /api/cash-out",
      "GET /api/admin/players",
      "POST /api/provider/{code}/wallet/{action}",
    ]) {
      expect(names).toContain(must);
    }
  });

  it("answers the known bad inputs with 400 VALIDATION_FAILED naming the field", async () => {
    const as = async (who: Exclude<Who, "anonymous">) => `Bearer ${(await t.ctx.auth.issue(ids[who])).token}`;
    const expect400 = (
      res: { statusCode: number; json(): { code?: string; details?: { fields?: { field: string }[] } } },
      field: string,
    ) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
      expect(res.json().details?.fields?.map((f) => f.field)).toContain(field);
    };
    const player = await as("player");
    const admin = await as("admin");
    expect400(
      await t.app.inject({
        method: "POST",
        url: "/api/user/profile_update",
        headers: { authorization: player },
        payload: { name: "Aung\u0000Aung" },
      }),
      "name",
    );
    const form = multipartOf([["name", "Aung\u0000Aung"]], null);
    expect400(
      await t.app.inject({
        method: "POST",
        url: "/api/user/profile_update",
        headers: { authorization: player, "content-type": form.contentType },
        payload: form.payload,
      }),
      "name",
    );
    expect400(
      await t.app.inject({
        method: "POST",
        url: "/api/cash-out",
        headers: { authorization: player, "idempotency-key": "nul-holder-1" },
        payload: { payment_method_id: 1, amount: 5_000, account_number: "09123456789", holder_name: "Daw\u0000Mya", password: "x" },
      }),
      "holder_name",
    );
    expect400(await t.app.inject({ method: "GET", url: "/api/admin/players?query=a%00b", headers: { authorization: admin } }), "query");
    expect400(await t.app.inject({ method: "GET", url: "/api/user/avatar?v=a%00b", headers: { authorization: player } }), "v");
    // The provider wallet API answers every refusal with HTTP 200.
    const walletCall = await t.app.inject({ method: "POST", url: `/api/provider/${TEST_PROVIDER}/wallet/bal%00ance`, payload: {} });
    expect(walletCall.statusCode).toBe(200);
    expect(walletCall.json()).toEqual({ status: "INVALID_REQUEST" });
    // Ids beyond a PostgreSQL integer column.
    const games = `/api/admin/catalogue/games?provider=${Number.MAX_SAFE_INTEGER}`;
    expect400(await t.app.inject({ method: "GET", url: games, headers: { authorization: admin } }), "provider");
    const category = "/api/admin/catalogue/categories/2147483648";
    expect400(await t.app.inject({ method: "PUT", url: category, headers: { authorization: admin }, payload: { active: true } }), "id");

    const historyRoutes = routes.filter((r) => r.method === "GET" && r.queryParams.some((p) => p.name === "start_date"));
    expect(historyRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of historyRoutes) {
      const path = route.path.replace("{p_code}", TEST_PROVIDER).replace("{type}", "2d");
      const extra = route.queryParams.some((p) => p.name === "p_code") ? `&p_code=${TEST_PROVIDER}` : "";
      for (const [query, field] of [
        ["start_date=0001-01-01&end_date=0001-01-02", "start_date"],
        ["end_date=0001-01-01", "end_date"],
        ["start_date=2025-01-01&end_date=9999-12-31", "end_date"],
        ["start_date=2024-02-30", "start_date"],
      ] as const) {
        // Operator routes check the token first: they are asked as an admin (every console route open).
        const authorization = path.startsWith("/api/admin/") ? admin : player;
        const res = await t.app.inject({ method: "GET", url: `${path}?${query}${extra}`, headers: { authorization } });
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
        expect400(res, field);
      }
    }
  });

  it("answers every arbitrary body, query and path with a status below 500", async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const result = await fc.check(
        fc.asyncProperty(requestArb(route), async (input) => {
          const res = await send(route, input);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            throw new Error(`${res.statusCode} ${res.body.slice(0, 200)} for ${input.who} ${route.method} ${input.url.slice(0, 300)}`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${route.method} ${route.path}: ${error} (seed ${result.seed}, path ${result.counterexamplePath})`);
      }
    }
    expect(failures).toEqual([]);
    // The calls reach the handlers, not only the validators: a good share is answered 2xx.
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const ok = [...statuses.entries()].filter(([status]) => status < 300).reduce((a, [, n]) => a + n, 0);
    expect(ok, JSON.stringify([...statuses.entries()])).toBeGreaterThan(total / 20);
  }, 300_000);

  it("answers arbitrary paths outside the API (web pages, static files) below 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(hostileString.map(enc), fc.constantFrom(...RAW_SEGMENTS, "api", "house", "img", "assets")), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"),
        async (segments, method) => {
          const res = await t.app.inject({ method: method as "GET", url: `/${segments.join("/")}` });
          expect(res.statusCode, `${method} /${segments.join("/")}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
