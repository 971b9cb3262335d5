import { randomBytes, randomInt } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { formatUnits, kyatText, toUnits } from "./amount.ts";
import { Catalogue, gameTileSvg, type ProductStatus } from "./catalogue.ts";
import { gamePage } from "./game-page.ts";
import { ScenarioSender, type ScenarioSenderOptions, WebhookUnreachableError } from "./scenarios.ts";
import { type OperatorApiKeyword, operatorApiSignValid } from "./sign.ts";
import { WagerBook } from "./wagers.ts";

/**
 * The GSC+ simulator: the aggregator's operator API (gsc-plus.md §7), a playable game page and the
 * wallet webhooks it sends to the operator (§1), as a Fastify plugin under any prefix or as a
 * standalone server. It is dev and test tooling, written from the contract alone.
 */

/** The aggregator's answer codes of the operator API (§4.2, and the wallet table's 1002 / 1004 / 2000). */
export const SIM_CODES = {
  launchOk: 200,
  ok: 0,
  internal: 999,
  operatorCode: 1002,
  sign: 1004,
  maintenance: 2000,
  invalidParameter: 10002,
} as const;

export interface GscSimulatorOptions {
  /** The operator (agent) code the simulator accepts and puts in its webhooks. */
  operatorCode: string;
  secretKey: string;
  /** The operator's callback base (prefix included, e.g. `http://127.0.0.1:3000/api/gsc`); a getter when known only later. */
  callbackBaseUrl: string | (() => string);
  /**
   * The simulator's own address as players reach it (prefix included), for launch URLs and images.
   * Default: taken from each request (protocol, Host header and the plugin's prefix).
   */
  publicBaseUrl?: string | (() => string);
  /** Currency per product_code, over the catalogue's (§8). */
  productCurrencies?: Record<number, string>;
  /** Product statuses over the catalogue's (e.g. `{1007: "MAINTAINED"}`); also settable later on `catalogue`. */
  productStatuses?: Record<number, ProductStatus>;
  /** Products whose launch answers an HTML `content` instead of a `url` (default: PG Soft 1007). */
  contentProducts?: number[];
  /** Where the game's exit button goes when the launch named no operator_lobby_url. */
  lobbyUrl?: string;
  /** Epoch milliseconds (default Date.now). */
  now?: () => number;
  /** The win of a spin in ten-thousandths of a currency unit, from its stake (default: random, often 0). */
  outcome?: (stakeUnits: bigint) => bigint;
  /** Webhook details of the simulator's own sends (see ScenarioSenderOptions). */
  requestTimeUnit?: ScenarioSenderOptions["requestTimeUnit"];
  amountStyle?: ScenarioSenderOptions["amountStyle"];
  debitAmountSign?: ScenarioSenderOptions["debitAmountSign"];
  timeoutMs?: number;
}

/** What one launch asked for: kept so tests can look at it. */
export interface LaunchRecord {
  member_account: string;
  password: string;
  nickname: string;
  currency: string;
  product_code: number;
  game_type: string;
  game_code: string | null;
  language_code: number | undefined;
  platform: string | undefined;
  ip: string | undefined;
  operator_lobby_url: string | undefined;
  /** The play session's token, in the game page's address. */
  token: string;
}

interface PlaySession {
  token: string;
  member: string;
  product: number;
  productTitle: string;
  gameType: string;
  gameCode: string;
  gameName: string;
  currency: string;
  lobbyUrl: string;
  busy: boolean;
}

/** Play sessions kept at most. */
const MAX_SESSIONS = 10_000;

/** Stakes offered by the game page per currency (MMK2 0.1 = 100 kyat; MMK3 1 = 100 kyat). */
const STAKES: Record<string, string[]> = {
  MMK: ["100", "200", "500", "1000", "5000"],
  MMK2: ["0.1", "0.2", "0.5", "1", "5"],
  MMK3: ["1", "2", "5", "10", "50"],
};

/** Win multipliers in tenths of the stake and their weights out of 100: 0 about half the time. */
const MULTIPLIERS: Array<[bigint, number]> = [
  [0n, 52],
  [5n, 14],
  [10n, 10],
  [15n, 6],
  [20n, 10],
  [50n, 6],
  [200n, 2],
];

export function randomOutcome(stakeUnits: bigint): bigint {
  let roll = randomInt(100);
  for (const [tenths, weight] of MULTIPLIERS) {
    if (roll < weight) return (stakeUnits * tenths) / 10n;
    roll -= weight;
  }
  return 0n;
}

/** Reel symbols: plain text that every phone font has (no emoji font needed). */
const SYMBOLS = ["7", "♦", "★", "♣", "♥", "$"];

function reelsFor(stake: bigint, win: bigint): string[] {
  if (win >= stake * 5n) return ["7", "7", "7"];
  if (win > 0n) {
    const s = SYMBOLS[1 + randomInt(SYMBOLS.length - 1)] as string;
    return [s, s, s];
  }
  const a = randomInt(SYMBOLS.length);
  return [
    SYMBOLS[a] as string,
    SYMBOLS[(a + 1 + randomInt(SYMBOLS.length - 1)) % SYMBOLS.length] as string,
    SYMBOLS[randomInt(SYMBOLS.length)] as string,
  ];
}

export class GscSimulator {
  readonly catalogue: Catalogue;
  readonly wagers = new WagerBook();
  /** Sends signed webhooks to the operator; what it gets accepted shows in the wager list. */
  readonly sender: ScenarioSender;
  /** Every accepted launch, oldest first. */
  readonly launches: LaunchRecord[] = [];
  private readonly sessions = new Map<string, PlaySession>();
  /** The password each member launched with first (§7.1: it must never change). */
  private readonly passwords = new Map<string, string>();
  private readonly opts: GscSimulatorOptions;

  constructor(opts: GscSimulatorOptions) {
    this.opts = opts;
    this.catalogue = new Catalogue(opts.productCurrencies, opts.productStatuses);
    const productCurrencies = Object.fromEntries(
      this.catalogue.products.map((p) => [p.code, this.catalogue.currencyOf(p.code) ?? p.currency]),
    );
    this.sender = new ScenarioSender({
      callbackBaseUrl: opts.callbackBaseUrl,
      operatorCode: opts.operatorCode,
      secretKey: opts.secretKey,
      now: opts.now,
      requestTimeUnit: opts.requestTimeUnit,
      amountStyle: opts.amountStyle,
      debitAmountSign: opts.debitAmountSign,
      productCurrencies,
      timeoutMs: opts.timeoutMs,
      wagers: this.wagers,
    });
  }

  now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** The routes, on a Fastify instance whose prefix is the simulator's base. */
  routes(app: FastifyInstance): void {
    const base = (request: FastifyRequest): string => {
      const configured = typeof this.opts.publicBaseUrl === "function" ? this.opts.publicBaseUrl() : this.opts.publicBaseUrl;
      if (configured) return configured.replace(/\/+$/, "");
      return `${request.protocol}://${request.host}${app.prefix}`;
    };

    app.get("/api/operators/available-products", async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const refused = this.refuse(q, "productlist");
      if (refused) return refused;
      const rows = this.catalogue.productRows();
      const offset = Number(q.offset ?? 0);
      const size = q.size === undefined || q.size === "" ? rows.length : Number(q.size);
      if (!isCount(offset) || !isCount(size))
        return { code: SIM_CODES.invalidParameter, message: "offset and size must be whole numbers ≥ 0" };
      return rows.slice(offset, offset + size);
    });

    app.get("/api/operators/provider-games", async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const refused = this.refuse(q, "gamelist");
      if (refused) return refused;
      const product = Number(q.product_code);
      if (!q.product_code || !Number.isInteger(product) || !this.catalogue.product(product)) {
        return { code: SIM_CODES.invalidParameter, message: "product_code is missing or unknown" };
      }
      const offset = Number(q.offset ?? 0);
      const sizeGiven = q.size !== undefined && q.size !== "" && q.size !== "0";
      const size = sizeGiven ? Number(q.size) : 0;
      if (!isCount(offset) || !isCount(size))
        return { code: SIM_CODES.invalidParameter, message: "offset and size must be whole numbers ≥ 0" };
      const games = this.catalogue.games(product, `${base(request)}/images`, q.game_type || undefined);
      return {
        code: SIM_CODES.ok,
        message: "",
        provider_games: sizeGiven ? games.slice(offset, offset + size) : games.slice(offset),
        pagination: { offset, size, total: String(games.length) },
      };
    });

    app.post("/api/operators/launch-game", async (request) => this.launch((request.body ?? {}) as Record<string, unknown>, base(request)));

    app.get("/api/operators/wagers", async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const refused = this.refuse(q, "getwagers");
      if (refused) return refused;
      const start = Number(q.start);
      const end = Number(q.end);
      const offset = Number(q.offset ?? 0);
      const size = Number(q.size ?? 5000);
      if (!isCount(start) || !isCount(end) || end < start)
        return { code: SIM_CODES.invalidParameter, message: "start and end are epoch milliseconds, start ≤ end" };
      if (end - start > 5 * 60 * 1000)
        return { code: SIM_CODES.invalidParameter, message: "the window from start to end is at most 5 minutes" };
      if (!isCount(offset) || !isCount(size) || size < 1 || size > 5000)
        return { code: SIM_CODES.invalidParameter, message: "size is 1 … 5000" };
      const page = this.wagers.list(start, end, offset, size);
      return { code: SIM_CODES.ok, message: "", wagers: page.wagers, pagination: { offset, size, total: page.total } };
    });

    app.get("/api/operators/wagers/:id", async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const refused = this.refuse(q, "getwager");
      if (refused) return refused;
      const wager = this.wagers.get((request.params as { id: string }).id);
      if (!wager) return { code: SIM_CODES.invalidParameter, message: "no such wager" };
      return { code: SIM_CODES.ok, message: "", wager };
    });

    app.get("/images/:product/:type/:file", async (request, reply) => {
      const p = request.params as { product: string; type: string; file: string };
      const code = decodeURIComponent(p.file.replace(/\.svg$/, ""));
      const game = this.catalogue.game(Number(p.product), code, "");
      const title = this.catalogue.product(Number(p.product))?.title ?? `Product ${p.product}`;
      reply.header("content-type", "image/svg+xml; charset=utf-8");
      reply.header("cache-control", "public, max-age=3600");
      reply.header("cross-origin-resource-policy", "cross-origin");
      reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      return gameTileSvg(game?.game_name ?? code, `${title} · ${p.type}`);
    });

    app.get("/game/:token", async (request, reply) => {
      const session = this.sessions.get((request.params as { token: string }).token);
      if (!session) {
        reply.code(404).header("content-type", "text/html; charset=utf-8");
        return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><p>ဂိမ်း ဆက်ရှင် မရှိတော့ပါ · This game session has ended.</p>`;
      }
      const page = this.page(session, base(request));
      this.pageHeaders(reply, page.scriptHash);
      return page.html;
    });

    app.get("/game/:token/state", async (request, reply) => {
      reply.header("access-control-allow-origin", "*");
      const session = this.sessions.get((request.params as { token: string }).token);
      if (!session) return { ok: false, code: "session", message: "no such play session" };
      return this.state(session);
    });

    app.post("/game/:token/spin", async (request, reply) => {
      reply.header("access-control-allow-origin", "*");
      const session = this.sessions.get((request.params as { token: string }).token);
      if (!session) return { ok: false, code: "session", message: "no such play session" };
      const stake = (request.query as Record<string, string | undefined>).stake ?? "";
      return this.spin(session, stake);
    });
  }

  /** The operator API's first checks (§2.2): operator code (1002), then the request-first sign (1004). */
  private refuse(fields: Record<string, unknown>, keyword: OperatorApiKeyword): { code: number; message: string } | undefined {
    if (fields.operator_code !== this.opts.operatorCode) return { code: SIM_CODES.operatorCode, message: "operator_code is not known" };
    const requestTime = fields.request_time;
    if ((typeof requestTime !== "string" && typeof requestTime !== "number") || !/^[0-9]{1,16}$/.test(String(requestTime))) {
      return { code: SIM_CODES.invalidParameter, message: "request_time is missing" };
    }
    const valid = operatorApiSignValid({
      requestTime: String(requestTime),
      secretKey: this.opts.secretKey,
      keyword,
      operatorCode: this.opts.operatorCode,
      sign: fields.sign,
    });
    return valid ? undefined : { code: SIM_CODES.sign, message: "invalid sign" };
  }

  /** POST /api/operators/launch-game (§7.1). */
  launch(body: Record<string, unknown>, publicBase: string): Record<string, unknown> {
    const refused = this.refuse(body, "launchgame");
    if (refused) return refused;
    const bad = (message: string) => ({ code: SIM_CODES.invalidParameter, message });
    const member = body.member_account;
    if (typeof member !== "string" || member.trim() === "" || member.length > 50)
      return bad("member_account is required (at most 50 characters)");
    const password = body.password;
    if (typeof password !== "string" || password === "") return bad("password is required");
    const product = Number(body.product_code);
    const spec = Number.isInteger(product) ? this.catalogue.product(product) : undefined;
    if (!spec) return bad("product_code is unknown");
    if (spec.status === "MAINTAINED") return { code: SIM_CODES.maintenance, message: `${spec.title} is under maintenance` };
    if (spec.status !== "ACTIVATED") return bad(`${spec.title} is not available to this operator`);
    const gameType = typeof body.game_type === "string" ? body.game_type : "";
    if (!spec.gameTypes.includes(gameType)) return bad(`game_type ${gameType || "(none)"} is not one of ${spec.title}'s`);
    const currency = this.catalogue.currencyOf(product);
    if (body.currency !== currency) return bad(`${spec.title} runs in ${currency}, not ${String(body.currency)}`);
    const entryType = this.catalogue.entryType(product, gameType);
    const games = this.catalogue.games(product, "", gameType);
    let game = games[0];
    const gameCode = body.game_code === null || body.game_code === undefined || body.game_code === "" ? null : String(body.game_code);
    if (entryType === 1) {
      if (gameCode === null) return bad("game_code is required for this product");
      game = games.find((g) => g.game_code === gameCode);
      if (!game) return bad(`game_code ${gameCode} is not a ${spec.title} ${gameType} game`);
      if (game.status !== "ACTIVATED") return { code: SIM_CODES.maintenance, message: `${game.game_name} is not open` };
    }
    if (!game) return bad("no game to open");
    const lobbyGiven = typeof body.operator_lobby_url === "string" && body.operator_lobby_url !== "" ? body.operator_lobby_url : undefined;
    if (lobbyGiven !== undefined && !/^(?:https?:\/\/|\/(?!\/))/i.test(lobbyGiven))
      return bad("operator_lobby_url must be an http(s) URL or a site path");
    const known = this.passwords.get(member);
    if (known !== undefined && known !== password) return bad("password differs from this member's first launch");
    this.passwords.set(member, password);

    const token = randomBytes(16).toString("hex");
    const lobby = lobbyGiven ?? this.opts.lobbyUrl ?? "/";
    const session: PlaySession = {
      token,
      member,
      product,
      productTitle: spec.title,
      gameType,
      gameCode: game.game_code,
      gameName: entryType === 2 ? `${spec.title} Lobby · ${game.game_name}` : game.game_name,
      currency: currency ?? "MMK",
      lobbyUrl: lobby,
      busy: false,
    };
    this.sessions.set(token, session);
    // The oldest play sessions go first once there are many (a long demo or benchmark run).
    while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    this.launches.push({
      member_account: member,
      password,
      nickname: typeof body.nickname === "string" ? body.nickname : member,
      currency: session.currency,
      product_code: product,
      game_type: gameType,
      game_code: gameCode,
      language_code: typeof body.language_code === "number" ? body.language_code : undefined,
      platform: typeof body.platform === "string" ? body.platform : undefined,
      ip: typeof body.ip === "string" ? body.ip : undefined,
      operator_lobby_url: typeof body.operator_lobby_url === "string" ? body.operator_lobby_url : undefined,
      token,
    });
    if ((this.opts.contentProducts ?? [1007]).includes(product)) {
      return { code: SIM_CODES.launchOk, message: "success", content: this.page(session, publicBase).html };
    }
    return { code: SIM_CODES.launchOk, message: "success", url: `${publicBase}/game/${token}` };
  }

  private page(session: PlaySession, publicBase: string) {
    return gamePage({
      apiBase: `${publicBase}/game/${session.token}`,
      gameName: session.gameName,
      productTitle: session.productTitle,
      currency: session.currency,
      stakes: STAKES[session.currency] ?? (STAKES.MMK as string[]),
      lobbyUrl: session.lobbyUrl,
    });
  }

  private pageHeaders(reply: FastifyReply, scriptHash: string): void {
    reply.header("content-type", "text/html; charset=utf-8");
    reply.header("cache-control", "no-store");
    reply.header(
      "content-security-policy",
      `default-src 'none'; script-src ${scriptHash}; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self' http: https:; base-uri 'none'; form-action 'none'`,
    );
    reply.removeHeader("x-frame-options");
  }

  /** The game page's balance: the operator's /balance answer for the session's member. */
  async state(session: PlaySession): Promise<Record<string, unknown>> {
    const head = { member: session.member, currency: session.currency, game_name: session.gameName, lobby_url: session.lobbyUrl };
    try {
      const call = await this.sender.balance(session.currency, [{ member: session.member, product: session.product }]);
      const row = call.answer?.data?.[0];
      if (!row)
        return { ...head, ok: false, code: SIM_CODES.internal, message: `the operator answered HTTP ${call.status} without a balance row` };
      return { ...head, ok: row.code === 0, code: row.code, message: row.message ?? "", ...balanceFields(row.balance, session.currency) };
    } catch (err) {
      if (err instanceof WebhookUnreachableError) return { ...head, ok: false, code: "unreachable", message: err.message };
      throw err;
    }
  }

  /** One spin: a signed /withdraw BET of the stake, then a /deposit SETTLED of the win (often 0). */
  async spin(session: PlaySession, stakeText: string): Promise<Record<string, unknown>> {
    const stakes = STAKES[session.currency] ?? (STAKES.MMK as string[]);
    if (!stakes.includes(stakeText))
      return { ok: false, code: SIM_CODES.invalidParameter, message: `stake must be one of ${stakes.join(", ")}` };
    if (session.busy) return { ok: false, code: "busy", message: "a spin is still running" };
    session.busy = true;
    try {
      const stake = toUnits(stakeText);
      const target = {
        member: session.member,
        product: session.product,
        currency: session.currency,
        gameType: session.gameType,
        gameCode: session.gameCode,
        wagerCode: this.sender.newWagerCode(),
      };
      let bet: Awaited<ReturnType<ScenarioSender["bet"]>>;
      try {
        bet = await this.sender.bet({ ...target, stake });
      } catch (err) {
        if (err instanceof WebhookUnreachableError) return { ok: false, code: "unreachable", message: err.message };
        throw err;
      }
      const betRow = bet.answer?.data?.[0];
      if (betRow?.code !== 0) {
        return {
          ok: false,
          code: betRow?.code ?? SIM_CODES.internal,
          message: betRow?.message ?? `the operator answered HTTP ${bet.status}`,
          ...(betRow ? balanceFields(betRow.balance, session.currency) : {}),
        };
      }
      const win = (this.opts.outcome ?? randomOutcome)(stake);
      const settleBody = this.sender.walletBody("deposit", session.currency, [
        {
          member: session.member,
          product: session.product,
          gameType: session.gameType,
          transactions: [
            {
              action: "SETTLED",
              amount: win,
              wager_code: target.wagerCode,
              round_id: target.wagerCode,
              wager_status: "SETTLED",
              game_code: session.gameCode,
              game_type: session.gameType,
              bet_amount: stake,
              valid_bet_amount: stake,
              prize_amount: win,
            },
          ],
        },
      ]);
      // The aggregator's retry: the same body (same transaction id) until the operator answers.
      let settleRow: { code: number; balance: number; message?: string } | undefined;
      for (let attempt = 0; attempt < 3 && !settleRow; attempt++) {
        try {
          const settle = await this.sender.send("deposit", settleBody);
          settleRow = settle.answer?.data?.[0];
        } catch (err) {
          if (!(err instanceof WebhookUnreachableError)) throw err;
        }
      }
      const result = {
        stake: formatUnits(stake),
        win: formatUnits(win),
        wager_code: target.wagerCode,
        reels: reelsFor(stake, win),
      };
      if (!settleRow) return { ...result, ok: false, code: "pending", message: "the operator did not answer the settlement" };
      if (settleRow.code !== 0 && settleRow.code !== 1003) {
        return {
          ...result,
          ok: false,
          code: settleRow.code,
          message: settleRow.message ?? "",
          ...balanceFields(settleRow.balance, session.currency),
        };
      }
      return { ...result, ok: true, code: 0, ...balanceFields(settleRow.balance, session.currency) };
    } finally {
      session.busy = false;
    }
  }
}

function balanceFields(balance: unknown, currency: string): { balance?: string; balance_kyat?: string } {
  if (typeof balance !== "number" || !Number.isFinite(balance)) return {};
  const text = String(balance);
  return { balance: text, balance_kyat: kyatText(text, currency) };
}

function isCount(n: number): boolean {
  return Number.isInteger(n) && n >= 0;
}

/**
 * Mounts the simulator on a Fastify app under `prefix` (e.g. `/api/dev/gsc-sim`), as demo mode does,
 * and returns it: its catalogue, wager book and scenario sender.
 */
export function registerGscSimulator(app: FastifyInstance, opts: GscSimulatorOptions & { prefix: string }): GscSimulator {
  const simulator = new GscSimulator(opts);
  app.register(
    async (scope) => {
      simulator.routes(scope);
    },
    { prefix: opts.prefix },
  );
  return simulator;
}

export interface StartedGscSimulator {
  simulator: GscSimulator;
  /** The simulator's base URL, e.g. `http://127.0.0.1:40123`: the aggregator's `<api_base>`. */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the simulator as its own HTTP server (port 0: any free port), for tests and benchmarks. */
export async function startGscSimulator(
  opts: GscSimulatorOptions & { port?: number; host?: string; prefix?: string },
): Promise<StartedGscSimulator> {
  const app = Fastify({ logger: false });
  const prefix = opts.prefix ?? "";
  let url = "";
  const simulator = registerGscSimulator(app, { ...opts, prefix, publicBaseUrl: opts.publicBaseUrl ?? (() => `${url}${prefix}`) });
  const host = opts.host ?? "127.0.0.1";
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return { simulator, url: `${url}${prefix}`, app, close: () => app.close() };
}
