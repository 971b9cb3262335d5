/**
 * The written architecture (docs/architecture.md) as tests: the map names every server module and
 * web feature, packages import no app, features and modules meet only at their public files, SQL
 * stays in repositories, and no import cycle exists. Known exceptions are listed below with a
 * reason; a list may only shrink: a new violation fails, and so does an entry that no longer
 * violates (delete it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { findCycles, listFolders, listSources, REPO_ROOT, readSource, type SourceFile } from "./test/import-graph.ts";

const SERVER = "apps/server/src";
const MODULES = `${SERVER}/modules`;
const WEB = "apps/web/src";
const FEATURES = `${WEB}/features`;

/**
 * The ledger's shared kernel: files of modules/ledger that every money-moving module uses directly
 * (locks and balances, journals, idempotent money calls, settings, history paging). Named in
 * docs/architecture.md too.
 */
const LEDGER_KERNEL = [
  "history-page.ts",
  "history-range.ts",
  "idempotency.repository.ts",
  "ledger.repository.ts",
  "money-call.ts",
  "money-settings.repository.ts",
  "money-user.repository.ts",
  "operator-audit.repository.ts",
  "player-accounts.repository.ts",
].map((f) => `${MODULES}/ledger/${f}`);

/**
 * The workspaces a package may import: the contracts build their schemas on the domain's lists and
 * caps (one truth for both); the domain imports nothing, the simulator nothing of the site.
 */
const PACKAGE_DEPENDENCIES: Record<string, string[]> = {
  "packages/contracts": ["@shwe/domain"],
};

/**
 * The public files of each web feature: what other features may import. Named file by file rather
 * than gathered in one index file, so that importing one component does not tie a lazy page's code
 * to every chunk that imports another (apps/web/build/bundle-budget.ts).
 */
const FEATURE_PUBLIC: Record<string, string[]> = {
  catalogue: ["lib/category-codes.ts"],
  games: ["components/referral-card.tsx"],
  points: ["components/point-icon.tsx"],
  protection: ["components/break-notice.tsx", "components/protection-card.tsx", "components/reality-check.tsx"],
  pwa: ["components/app-qr-code.tsx", "components/install-banner-slot.tsx", "components/install-page-url.ts"],
  rewards: ["components/claim-button.tsx", "components/pocket-button.tsx", "components/pocket-winners.tsx"],
  support: ["components/chat-button.tsx"],
  session: ["api/avatar.ts", "api/profile.ts", "hooks/use-live-balance.ts", "hooks/use-open-transfer.ts", "stores/transfer-popup.ts"],
};

/**
 * Modules split into sub-folders: other modules use them through this one file only (not through
 * the services inside the sub-folders), so what the module offers is read in one place.
 */
const MODULE_ENTRY: Record<string, string> = {
  providers: "providers.service.ts",
};

/** Server modules reaching into another module's inner files today: `importer -> imported`, with the reason. */
const MODULE_EXCEPTIONS: Record<string, string> = {
  "accounts/session.service.ts -> auth/token.repository.ts": "sign-in issues tokens in its own transaction; auth has no service taking one",
  "admin-money/admin-money.routes.ts -> ledger/audit.ts": "the operator's ledger audit call runs the auditor directly",
  "admin-users/admin-users.routes.ts -> accounts/profile.routes.ts": "the console's player view reuses the profile answer's mapping",
  "admin-users/admin-users.service.ts -> accounts/audit.repository.ts": "level-2 decisions write the account's audit rows",
  "admin-users/admin-users.service.ts -> accounts/uploads.ts": "level-2 documents are read from the accounts' upload store",
  "admin-users/player-access.service.ts -> protection/protection.repository.ts": "blocking a player reads and ends self-exclusions",
  "cash/cash-review.service.ts -> admin-money/operator-day.repository.ts": "cash decisions count toward the operator's daily limits",
  "content/media.routes.ts -> accounts/multipart.ts": "media uploads share the accounts' multipart reader",
  "content/media.routes.ts -> accounts/uploads.ts": "media uploads share the accounts' upload store",
  "housekeeping/housekeeping.service.ts -> accounts/sms-retention.repository.ts": "retention deletes old rows of several modules",
  "housekeeping/housekeeping.service.ts -> auth/token.repository.ts": "retention deletes old rows of several modules",
  "live/live.routes.ts -> realtime/realtime.hub.ts": "live connections are counted on the realtime hub",
  "live/live.service.ts -> accounts/users.repository.ts": "a broadcast to one player finds them by phone",
  "lottery/settlement.service.ts -> realtime/realtime.repository.ts": "results are published inside the settlement transaction",
  "operators/operators.routes.ts -> accounts/rate-limits.ts": "shared rate limits",
  "operators/operators.routes.ts -> accounts/users.repository.ts": "operator accounts are users",
  "operators/second-factor.service.ts -> auth/token.repository.ts": "a passed second factor marks the token in the same transaction",
  "protection/protection.routes.ts -> accounts/rate-limits.ts": "shared rate limits",
  "protection/protection.service.ts -> cash/cash.repository.ts": "limits count the cash-ins of the period",
  "providers/launch/provider-registry.ts -> catalogue/catalogue-seed-data.ts": "the demo providers are the catalogue's seeded ones",
  "providers/wallet/provider-rounds.repository.ts -> lottery/lottery-config.ts": "turnover windows follow the lottery's Yangon day",
  "providers/referral/referral.routes.ts -> accounts/rate-limits.ts": "shared rate limits",
  "providers/wallet/wallet-one-call.ts -> lottery/lottery-config.ts": "turnover windows follow the lottery's Yangon day",
  "realtime/realtime.routes.ts -> live/live.repository.ts": "a reconnecting socket replays the live events it missed",
  "rewards/cashback.routes.ts -> accounts/rate-limits.ts": "shared rate limits",
  "rewards/cashback.service.ts -> content/settings.repository.ts": "reward settings are site settings, read in the claim's transaction",
  "rewards/pocket.routes.ts -> accounts/rate-limits.ts": "shared rate limits",
  "rewards/points.routes.ts -> accounts/rate-limits.ts": "shared rate limits",
  "rewards/points.service.ts -> content/settings.repository.ts": "reward settings are site settings, read in the claim's transaction",
  "rewards/points.service.ts -> lottery/lottery-config.ts": "points days follow the lottery's Yangon day",
};

/** Files outside repositories that use the query builder or `sql` today, with the reason. */
const SQL_EXCEPTIONS: Record<string, string> = {
  "lib/rate-limit-store.ts": "the database counter store of the rate limits is its own small repository",
  "modules/accounts/accounts.seed.ts": "demo data",
  "modules/admin-users/player-access.service.ts": "blocking and unblocking players: queries written in the service",
  "modules/cash/cash.seed.ts": "demo data",
  "modules/ledger/audit.ts": "the auditor's invariant queries",
  "modules/ledger/history-page.ts": "keyset paging helpers build the page's where clause",
  "modules/lottery/results.service.ts": "result entry queries written in the service",
  "modules/lottery/settlement.service.ts": "settlement queries written in the service",
  "modules/operators/operators.service.ts": "operator account queries written in the service",
  "modules/providers/wallet/wallet-one-call.ts": "calls the wallet_* database functions",
};

const server = listSources(SERVER).map(readSource);
const web = listSources(WEB).map(readSource);
const packages = listFolders("packages").flatMap((p) => listSources(`packages/${p}`).map(readSource));

/** Tests and their helpers: never imported by product code (checked below), so free to reach anywhere. */
const isTestSupport = (file: string) =>
  /\.test\.tsx?$|\.test-helpers\.ts$|(^|\/|-)testing\.tsx?$|-test-accounts\.ts$/.test(file) || /\/test\//.test(file);

const moduleOf = (file: string) => new RegExp(`^${MODULES}/([^/]+)/`).exec(file)?.[1];
const featureOf = (file: string) => new RegExp(`^${FEATURES}/([^/]+)/`).exec(file)?.[1];
const rel = (file: string, root: string) => path.posix.relative(root, file);

/** Compares violations with the allow-list: new ones and stale entries both fail. */
function checkAgainst(found: Map<string, string>, allowed: Record<string, string>) {
  const unexpected = [...found].filter(([key]) => !(key in allowed)).map(([key, where]) => `${key}   (${where})`);
  const stale = Object.keys(allowed).filter((key) => !found.has(key));
  return { unexpected, stale };
}

describe("the map (docs/architecture.md)", () => {
  const doc = readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8");
  /** The first cells of the rows of the table under a heading, as written between backticks. */
  const entriesUnder = (heading: string): string[] => {
    const start = doc.indexOf(`\n## ${heading}\n`);
    expect(start, `heading "## ${heading}"`).toBeGreaterThanOrEqual(0);
    const next = doc.indexOf("\n## ", start + 1);
    const section = doc.slice(start, next === -1 ? undefined : next);
    return section
      .split("\n")
      .map((line) => /^\|\s*((?:`[^`]+`[\s,]*)+)\|/.exec(line)?.[1])
      .filter((cell): cell is string => cell !== undefined)
      .flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
  };

  it("has an entry for every server module, and none for a module that is gone", () => {
    const folders = listFolders(MODULES);
    const entries = entriesUnder("Server modules");
    expect(
      folders.filter((m) => !entries.includes(m)),
      "modules missing from the map",
    ).toEqual([]);
    expect(
      entries.filter((m) => !folders.includes(m)),
      "map entries without a module",
    ).toEqual([]);
  });

  it("has an entry for every web feature, and none for a feature that is gone", () => {
    const folders = listFolders(FEATURES);
    const entries = entriesUnder("Web features");
    expect(
      folders.filter((f) => !entries.includes(f)),
      "features missing from the map",
    ).toEqual([]);
    expect(
      entries.filter((f) => !folders.includes(f)),
      "map entries without a feature",
    ).toEqual([]);
  });

  it("names the ledger's shared kernel file by file", () => {
    expect(LEDGER_KERNEL.map((f) => rel(f, `${MODULES}/ledger`)).filter((f) => !doc.includes(`\`${f}\``))).toEqual([]);
  });
});

describe("boundaries", () => {
  it("packages import no app, and no other workspace but the ones they build on", () => {
    const found: string[] = [];
    for (const file of packages) {
      const own = file.path.split("/").slice(0, 2).join("/");
      const allowed = PACKAGE_DEPENDENCIES[own] ?? [];
      for (const target of file.imports) if (!target.startsWith(`${own}/`)) found.push(`${file.path} -> ${target}`);
      for (const spec of file.packages) if (spec.startsWith("@shwe/") && !allowed.includes(spec)) found.push(`${file.path} -> ${spec}`);
    }
    expect(found).toEqual([]);
  });

  it("web features use each other only through their public files", () => {
    const found = new Map<string, string>();
    for (const file of web) {
      const from = featureOf(file.path);
      if (!from || isTestSupport(file.path)) continue;
      for (const target of file.imports) {
        const to = featureOf(target);
        if (!to || to === from) continue;
        if (!(FEATURE_PUBLIC[to] ?? []).includes(rel(target, `${FEATURES}/${to}`))) found.set(`${file.path} -> ${target}`, "");
      }
    }
    expect([...found.keys()]).toEqual([]);
  });

  it("the web app's shared code (lib, components, config) imports no feature", () => {
    const shared = web.filter((f) => /^apps\/web\/src\/(lib|components|config)\//.test(f.path) && !isTestSupport(f.path));
    expect(shared.flatMap((f) => f.imports.filter((t) => featureOf(t)).map((t) => `${f.path} -> ${t}`))).toEqual([]);
  });

  it("server modules use another module only through its service or the ledger's kernel", () => {
    const found = new Map<string, string>();
    for (const file of server) {
      const from = moduleOf(file.path);
      if (!from || isTestSupport(file.path)) continue;
      for (const target of file.imports) {
        const to = moduleOf(target);
        if (!to || to === from) continue;
        const entry = MODULE_ENTRY[to];
        if (entry ? target === `${MODULES}/${to}/${entry}` : target.endsWith(".service.ts") || LEDGER_KERNEL.includes(target)) continue;
        found.set(`${rel(file.path, MODULES)} -> ${rel(target, MODULES)}`, file.path);
      }
    }
    const { unexpected, stale } = checkAgainst(found, MODULE_EXCEPTIONS);
    expect(unexpected, "imports of another module's inner files (use its service)").toEqual([]);
    expect(stale, "exceptions that no longer happen: delete them from MODULE_EXCEPTIONS").toEqual([]);
  });

  it("the server's shared code (lib) imports no module, plugin or app", () => {
    const lib = server.filter((f) => f.path.startsWith(`${SERVER}/lib/`) && !isTestSupport(f.path));
    expect(lib.flatMap((f) => f.imports.filter((t) => !t.startsWith(`${SERVER}/lib/`) && !t.startsWith(`${SERVER}/db/`)))).toEqual([]);
  });

  it("product code imports no test support", () => {
    const found = [...server, ...web]
      .filter((f) => !isTestSupport(f.path))
      .flatMap((f) => f.imports.filter(isTestSupport).map((t) => `${f.path} -> ${t}`));
    expect(found).toEqual([]);
  });

  it("SQL (the query builder, `sql` templates) is written only in repositories, db/, scripts and tests", () => {
    const found = new Map<string, string>();
    for (const file of server) {
      if (file.sqlLines.length === 0 || isTestSupport(file.path)) continue;
      const name = rel(file.path, SERVER);
      if (name.endsWith(".repository.ts") || name.startsWith("db/") || name.startsWith("scripts/")) continue;
      found.set(name, `lines ${file.sqlLines.join(", ")}`);
    }
    const { unexpected, stale } = checkAgainst(found, SQL_EXCEPTIONS);
    expect(unexpected, "SQL outside a repository (move it into one)").toEqual([]);
    expect(stale, "exceptions that no longer happen: delete them from SQL_EXCEPTIONS").toEqual([]);
  });
});

/**
 * The query keys a web file writes out itself: a `queryKey` (or `mutationKey`) built from an array
 * literal, a query-cache call (`setQueryData([…])` …) given one, or a key-named constant or function
 * (`key`, `…Key`, `…Keys`) that holds or returns one. Each feature's keys live in its
 * `api/query-keys.ts` (the shared ones in `lib/query-keys.ts`), so two screens cannot drift apart on
 * the key of one answer. Answers `line: text` for each place.
 */
function queryKeyLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const hasArray = (node: ts.Node): boolean => ts.isArrayLiteralExpression(node) || ts.forEachChild(node, hasArray) === true;
  const report = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${line}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && KEY_PROPERTIES.has(node.name.text) && hasArray(node.initializer)) {
      report(node);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      CACHE_METHODS.has(node.expression.name.text) &&
      node.arguments[0] &&
      hasArray(node.arguments[0])
    ) {
      report(node);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      KEY_NAME.test(node.name.text) &&
      node.initializer &&
      hasArray(node.initializer)
    ) {
      report(node);
    } else if (ts.isFunctionDeclaration(node) && node.name && KEY_NAME.test(node.name.text) && node.body && hasArray(node.body)) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The options of TanStack Query that name a key. */
const KEY_PROPERTIES = new Set(["queryKey", "mutationKey"]);
/** The query client's calls that take a key as their first argument. */
const CACHE_METHODS = new Set(["setQueryData", "getQueryData", "getQueryState", "ensureQueryData", "fetchQuery", "prefetchQuery"]);
/** Names of constants and functions that hold or build a key. */
const KEY_NAME = /^keys?$|[a-z0-9](Key|Keys)$/;
/** The files where query keys are written: one per feature, and the shared ones. */
const QUERY_KEYS_FILE = new RegExp(`^${FEATURES}/[^/]+/api/query-keys\\.ts$|^${WEB}/lib/query-keys\\.ts$`);

describe("one way each (web)", () => {
  const product = web.filter((f) => !isTestSupport(f.path));
  const text = (file: string) => readFileSync(path.join(REPO_ROOT, file), "utf8");

  it("URLs are defined only in config/paths.ts (and the console's in config/console-paths.ts)", () => {
    const PATHS = `${WEB}/config/paths.ts`;
    const URL_FILES = [PATHS, `${WEB}/config/console-paths.ts`];
    expect(product.filter((f) => f.path !== PATHS && path.posix.basename(f.path) === "paths.ts").map((f) => f.path)).toEqual([]);
    const pathObjects = product
      .filter((f) => !URL_FILES.includes(f.path))
      .flatMap((f) => [...text(f.path).matchAll(/export const (\w*Paths) = \{/g)].map((m) => `${f.path}: ${m[1]}`));
    expect(pathObjects, "URL objects outside config/paths.ts and config/console-paths.ts (move them there)").toEqual([]);
  });

  it("requests go through the API client (lib/api-client.ts); only these files call fetch themselves", () => {
    const FETCH_ALLOWED: Record<string, string> = {
      "lib/api-client.ts": "the API client itself",
      "features/house/api/house-client.ts":
        "the house games' own game server (/house/api), with the play session's header, never the bearer token",
      "lib/i18n.ts": "the locale files (static files, not the API)",
      "lib/bold-font.ts": "warms the bold font file (a static file)",
      "lib/speed-report.ts": "a keepalive beacon that must outlive the page",
    };
    const rawFetch = /(?<![\w.]|async )fetch\(|\b(?:window|globalThis|self)\.fetch\(/;
    const found = product
      .filter((f) => !(rel(f.path, WEB) in FETCH_ALLOWED))
      .flatMap((f) =>
        text(f.path)
          .split("\n")
          .flatMap((line, i) => (rawFetch.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${f.path}:${i + 1}`] : [])),
      );
    expect(found, "hand-built fetch calls (use api() of lib/api-client.ts, or apiBytes() of lib/api-bytes.ts)").toEqual([]);
    const callers = new Set(product.filter((f) => rawFetch.test(text(f.path))).map((f) => rel(f.path, WEB)));
    expect(
      Object.keys(FETCH_ALLOWED).filter((f) => !callers.has(f)),
      "allowed files that no longer call fetch: delete them from the list",
    ).toEqual([]);
  });
  it("spots a query key written outside a query-keys file", () => {
    expect(queryKeyLiterals("x.ts", 'useQuery({ queryKey: ["user", "profile"], queryFn });')).toEqual(['1: queryKey: ["user", "profile"]']);
    expect(queryKeyLiterals("x.ts", "useQuery({\n  queryKey: [...adminKeys.all, days] as const,\n});")).toEqual([
      "2: queryKey: [...adminKeys.all, days] as const",
    ]);
    expect(queryKeyLiterals("x.ts", 'client.setQueryData([...k, lng], text);\nconst key = () => ["admin", "banners"] as const;')).toEqual([
      "1: client.setQueryData([...k, lng], text)",
      '2: key = () => ["admin", "banners"] as const',
    ]);
    expect(queryKeyLiterals("x.ts", 'export const pointsKey = ["points"];\nfunction flagsKey(s: string) { return ["flags", s]; }')).toEqual(
      ['1: pointsKey = ["points"]', '2: function flagsKey(s: string) { return ["flags", s]; }'],
    );
    const fine = [
      "useQuery({ queryKey: adminKeys.player(id), queryFn });",
      "client.setQueryData(lotteryKeys.daily, (old) => [...(old ?? []), item]);",
      "Promise.all([adminKeys.players(), adminKeys.auditLog()].map((queryKey) => client.invalidateQueries({ queryKey })));",
      'const slipKey = newSlipKey(); const KEYS = ["a", "b"]; const storageKey = (g: string) => "house:" + g;',
    ];
    expect(fine.flatMap((text) => queryKeyLiterals("x.ts", text))).toEqual([]);
  });

  it("query keys are written only in each feature's api/query-keys.ts (and lib/query-keys.ts)", () => {
    const found = product
      .filter((f) => !QUERY_KEYS_FILE.test(f.path))
      .flatMap((f) => queryKeyLiterals(f.path, text(f.path)).map((where) => `${f.path}:${where}`));
    expect(found, "query keys built outside a query-keys file (add them to the feature's api/query-keys.ts)").toEqual([]);
    const misplaced = product.filter((f) => path.posix.basename(f.path) === "query-keys.ts" && !QUERY_KEYS_FILE.test(f.path));
    expect(
      misplaced.map((f) => f.path),
      "a second query-keys file (one per feature: features/<feature>/api/query-keys.ts)",
    ).toEqual([]);
  });

  it("web tests render screens through the one helper (src/test/render.tsx)", () => {
    const OWN_ROUTER: Record<string, string> = {
      "test/render.tsx": "the helper itself",
      "lib/router.test.tsx": "the router's own tests",
      "features/session/hooks/use-live-balance.test.tsx": "a hook's wrapper for renderHook, not a screen",
    };
    const tests = web.filter((f) => isTestSupport(f.path) && !(rel(f.path, WEB) in OWN_ROUTER));
    expect(
      tests.filter((f) => /<(RouterProvider|MemoryRouter)\b|<QueryClientProvider\b/.test(text(f.path))).map((f) => f.path),
      "tests that set up their own router or query client for a render (use renderRoutes of src/test/render.tsx)",
    ).toEqual([]);
  });
});

/**
 * The Asia/Yangon day is computed in two files only (decision 0025): the domain's `format.ts`
 * (`yangonDate`, `yangonDayBounds`, `yangonTime`, `yangonInstant`, `YANGON_OFFSET_MINUTES`) and, for SQL, the
 * server's `db/yangon-day.ts` (`yangonDayOf`, `yangonDayStart`, `yangonDaysStart`). Anywhere else in
 * the server or the packages, code that writes the offset itself (`390 minutes`, `390 * 60`,
 * `6.5 * 3600`, `23400`, `+06:30`, `'Asia/Yangon'` in SQL or Intl) is refused; comments and tests are
 * free to name it.
 */
const YANGON_HELPERS = ["packages/domain/src/format.ts", `${SERVER}/db/yangon-day.ts`];
/** Files that do their own arithmetic with the domain's offset constant, with the reason: none, and it may only stay so. */
const YANGON_OFFSET_EXCEPTIONS: Record<string, string> = {};
const YANGON_OFFSET_WRITTEN = [
  /\b390\s*(?:minutes|mins?\b|\*\s*60)/i,
  /\b6\.5\s*\*\s*(?:60|3_?600)/,
  /\b23_?400(?:_?000)?\b/,
  /\+0?6:?30\b/,
  /(['"`])Asia\/Yangon\1/,
];

/** The lines of a source that write the Yangon offset themselves (comments skipped), as `line: text`. */
function yangonOffsetsWritten(text: string, constantAllowed: boolean): string[] {
  return text.split("\n").flatMap((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return [];
    const code = line.replace(/\/\/.*$/, "");
    const hit = YANGON_OFFSET_WRITTEN.some((re) => re.test(code)) || (!constantAllowed && /\bYANGON_OFFSET_MINUTES\b/.test(code));
    return hit ? [`${i + 1}: ${line.trim().slice(0, 100)}`] : [];
  });
}

describe("one way each (server and packages)", () => {
  it("spots a Yangon offset written by hand", () => {
    const bad = [
      "sql`select to_char((created_at at time zone 'UTC') + interval '390 minutes', 'YYYY-MM-DD')`",
      "sql`select date_trunc('day', now() at time zone 'Asia/Yangon')`",
      "const local = new Date(now.getTime() + 390 * 60_000);",
      "const offset = 6.5 * 3600 * 1000;",
      "const OFFSET_S = 23_400;",
      "const start = new Date(day + 'T00:00:00+06:30');",
      'new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Yangon" });',
    ];
    expect(bad.map((line) => yangonOffsetsWritten(line, true).length)).toEqual(bad.map(() => 1));
    expect(yangonOffsetsWritten("const ms = YANGON_OFFSET_MINUTES * 60_000;", false)).toHaveLength(1);
    const fine = [
      "/** The Asia/Yangon day (UTC+06:30), like `interval '390 minutes'`. */",
      " * a day from 00:00 Yangon (UTC+06:30)",
      "select yangonDayOf(j.created_at) as day // not 390 minutes by hand",
      "const ms = YANGON_OFFSET_MINUTES * 60_000;",
      "const limit = 3900; const t = 1_390;",
    ];
    expect(fine.flatMap((line) => yangonOffsetsWritten(line, true))).toEqual([]);
  });

  it("the Yangon offset is written only in the domain's format.ts and the server's db/yangon-day.ts", () => {
    const found = new Map<string, string>();
    for (const file of [...server, ...packages]) {
      if (isTestSupport(file.path) || YANGON_HELPERS.includes(file.path)) continue;
      const text = readFileSync(path.join(REPO_ROOT, file.path), "utf8");
      const written = yangonOffsetsWritten(text, true);
      if (written.length > 0) found.set(`${file.path} (written)`, written.join("; "));
      if (/\bYANGON_OFFSET_MINUTES\b/.test(text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, "").replace(/^import .*$/gm, ""))) {
        found.set(file.path, yangonOffsetsWritten(text, false).join("; "));
      }
    }
    const written = [...found].filter(([key]) => key.endsWith(" (written)")).map(([key, where]) => `${key}: ${where}`);
    expect(written, "a Yangon offset written by hand (use yangonDate / yangonDayBounds, or db/yangon-day.ts in SQL)").toEqual([]);
    const constant = new Map([...found].filter(([key]) => !key.endsWith(" (written)")));
    const { unexpected, stale } = checkAgainst(constant, YANGON_OFFSET_EXCEPTIONS);
    expect(unexpected, "arithmetic with YANGON_OFFSET_MINUTES outside the helpers (use yangonDate / yangonDayBounds)").toEqual([]);
    expect(stale, "exceptions that no longer happen: delete them from YANGON_OFFSET_EXCEPTIONS").toEqual([]);
  });
});

describe("import cycles (type-only imports count)", () => {
  const show = (cycles: string[][]) => cycles.map((c) => c.join("  <->  "));

  it("the server has none", () => {
    expect(show(findCycles(server))).toEqual([]);
  });

  it("the web app has none", () => {
    expect(show(findCycles(web))).toEqual([]);
  });

  it("the packages have none", () => {
    expect(show(findCycles(packages))).toEqual([]);
  });

  it("no two web features depend on each other, even through other files", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of web) {
      const from = featureOf(file.path);
      if (!from || isTestSupport(file.path)) continue;
      for (const target of file.imports) {
        const to = featureOf(target);
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const graph: SourceFile[] = [...edges].map(([name, to]) => ({ path: name, imports: [...to], packages: [], sqlLines: [] }));
    expect(show(findCycles(graph))).toEqual([]);
  });
});
