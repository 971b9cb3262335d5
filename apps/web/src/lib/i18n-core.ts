/**
 * The site's translations: the part of i18next's API the app uses, with i18next's rules for
 * what `t` returns, in a fraction of the size (see docs/decisions). JSON files per language and
 * namespace (public/locales/<lng>/<ns>.json) with nested keys; "ns:key" picks a namespace;
 * {{name}} placeholders; plurals as key_one / key_other (key_zero for 0 when present) chosen by
 * `count`; a missing key falls back to the fallback namespace, then to the fallback language,
 * then to `defaultValue`, then to the key itself.
 */

export type ResourceKey = string | { [key: string]: ResourceKey };
/** Namespace → translations of one language. */
export type ResourceLanguage = Record<string, ResourceKey>;
/** Language → namespace → translations. */
export type Resource = Record<string, ResourceLanguage>;

export interface TOptions {
  /** Chooses the plural form (key_one, key_other …) and fills {{count}}. */
  count?: number;
  /** Returned (interpolated) when no language has the key. */
  defaultValue?: string;
  /** The namespace to look in when the key names none. */
  ns?: string;
  /** Another language than the current one. */
  lng?: string;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** Reads one namespace of one language; a failure with `retry: true` is tried again later. */
export interface BackendModule {
  type: "backend";
  read(lng: string, ns: string): Promise<ResourceKey>;
}

export interface LanguageDetectorModule {
  type: "languageDetector";
  detect(): string | undefined;
  cacheUserLanguage?(lng: string): void;
}

/** A module that wants the instance once it starts (the React bindings). */
export interface ThirdPartyModule {
  type: "3rdParty";
  init(instance: I18n): void;
}

export type I18nModule = BackendModule | LanguageDetectorModule | ThirdPartyModule;

export interface InitOptions {
  lng?: string;
  fallbackLng?: string | false;
  supportedLngs?: readonly string[];
  ns?: string | readonly string[];
  defaultNS?: string;
  fallbackNS?: string | false;
  resources?: Resource;
  /** Loading attempts after the first failure, the first waiting `retryTimeout` ms, each wait doubling. */
  maxRetries?: number;
  retryTimeout?: number;
  react?: { useSuspense?: boolean };
  /** Accepted for compatibility with i18next options; the site never escapes (React does). */
  interpolation?: { escapeValue?: boolean };
  load?: string;
  partialBundledLanguages?: boolean;
  initAsync?: boolean;
}

// Listeners take what their event passes (the language for "languageChanged").
type Listener = (...args: never[]) => void;
/** "partial": only the keys a drawn page used are here (the server's first paint); `loadNamespaces` fetches the rest. */
type LoadState = "loading" | "loaded" | "failed" | "partial";

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The value at `path` in `tree`: a key of its own, or a path of dot-separated parts. */
export function lookup(tree: ResourceKey | undefined, path: string): ResourceKey | undefined {
  if (tree === undefined) return undefined;
  if (typeof tree === "object" && path in tree) return tree[path];
  let node: ResourceKey | undefined = tree;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node !== "object") return undefined;
    node = node[part];
  }
  return node;
}

function interpolate(text: string, values: TOptions): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    let value: unknown = values;
    for (const part of name.split("."))
      value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
    // A value the caller did not give leaves its placeholder as it is (as i18next does).
    return value === undefined || value === null ? whole : String(value);
  });
}

export class I18n {
  options: InitOptions & { ns: string[]; defaultNS: string } = { ns: ["translation"], defaultNS: "translation" };
  language: string | undefined;
  resolvedLanguage: string | undefined;
  languages: string[] = [];
  isInitialized = false;
  /** Namespaces the app drew with, for the server's first paint to send along (undefined: not tracked). */
  usedNamespaces: Set<string> | undefined;
  /** Told each key found (as found: "picks.label", "count_other") with its namespace: the server's first paint notes them. */
  onFound: ((ns: string, key: string) => void) | undefined;

  private store: Resource = {};
  private states = new Map<string, LoadState>();
  private loading = new Map<string, Promise<void>>();
  private listeners = new Map<string, Set<Listener>>();
  private backend: BackendModule | undefined;
  private detector: LanguageDetectorModule | undefined;
  private thirdParty: ThirdPartyModule[] = [];

  use(module: I18nModule): this {
    if (module.type === "backend") this.backend = module;
    else if (module.type === "languageDetector") this.detector = module;
    else this.thirdParty.push(module);
    return this;
  }

  /** Starts with `options`: picks the language and loads its namespaces (the fallback language's where its own fail). */
  init(options: InitOptions = {}): Promise<TFunction> {
    const ns =
      options.ns === undefined ? [options.defaultNS ?? "translation"] : typeof options.ns === "string" ? [options.ns] : [...options.ns];
    this.options = { ...options, ns, defaultNS: options.defaultNS ?? ns[0] ?? "translation" };
    if (options.resources) for (const [lng, bundles] of Object.entries(options.resources)) this.store[lng] = { ...bundles };
    for (const module of this.thirdParty) module.init(this);
    const started = (t: TFunction) => {
      this.isInitialized = true;
      this.emit("initialized", this.options);
      return t;
    };
    const switched = this.switchLanguage(options.lng ?? this.detector?.detect());
    // Nothing to load (translations given, or no backend): ready at once, like i18next.
    return typeof switched === "function" ? Promise.resolve(started(switched)) : switched.then(started);
  }

  /**
   * Puts translations drawn elsewhere (the server's first paint) into the store and counts as started.
   * A drawing brings only the keys it used: `loadNamespaces` fetches the rest of those files.
   */
  hydrate(resources: Resource): this {
    for (const [lng, bundles] of Object.entries(resources)) {
      this.store[lng] = { ...this.store[lng], ...bundles };
      for (const ns of Object.keys(bundles)) {
        this.states.set(`${lng}|${ns}`, "partial");
        if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
      }
    }
    this.isInitialized = true;
    return this;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...(args as never[]));
  }

  /** The supported language closest to `lng` (the fallback language when it is not one). */
  private supported(lng: string | undefined): string {
    const supported = this.options.supportedLngs;
    const fallback = this.options.fallbackLng || "en";
    if (!lng) return fallback;
    return !supported || supported.includes(lng) ? lng : fallback;
  }

  /** The languages a key is looked up in: the language, then the fallback language. */
  private hierarchy(lng: string | undefined): string[] {
    const fallback = this.options.fallbackLng;
    return [...new Set([lng, fallback || undefined].filter((l): l is string => Boolean(l)))];
  }

  getResourceBundle(lng: string, ns: string): ResourceKey | undefined {
    return this.store[lng]?.[ns];
  }

  addResourceBundle(lng: string, ns: string, bundle: ResourceKey): this {
    this.store[lng] = { ...this.store[lng], [ns]: bundle };
    this.states.set(`${lng}|${ns}`, "loaded");
    return this;
  }

  /**
   * Whether `ns` can be used in the current language now: its file is here, or it failed for good and
   * the fallback language's has settled (loaded, failed for good, or nothing to load).
   */
  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    const lng = options.lng ?? this.language;
    if (!lng) return false;
    if (this.store[lng]?.[ns] !== undefined) return true;
    return this.hierarchy(lng).every((l) => this.isSettled(l, ns));
  }

  /**
   * Loads `ns` in `lng`, and in the fallback language only if `lng`'s own file failed for good. Every
   * key exists in every language (i18n-keys.test.ts), so a language whose file arrived never needs
   * the fallback's: a first visit does not fetch and parse the fallback language's files beside its own.
   */
  private loadWithFallback(lng: string, ns: string): Promise<void> {
    const fallbacks = this.hierarchy(lng).filter((l) => l !== lng);
    return this.load(lng, ns).then(() => {
      if (this.states.get(`${lng}|${ns}`) !== "failed") return;
      return Promise.all(fallbacks.map((l) => this.load(l, ns))).then(() => undefined);
    });
  }

  /** Whether nothing is left to load of `ns` in `lng`: a drawing's keys alone ("partial") still leave the rest of the file. */
  private isSettled(lng: string, ns: string): boolean {
    const state = this.states.get(`${lng}|${ns}`);
    return !this.backend || state === "loaded" || state === "failed" || (state !== "partial" && this.store[lng]?.[ns] !== undefined);
  }

  private load(lng: string, ns: string): Promise<void> {
    if (this.isSettled(lng, ns)) return Promise.resolve();
    const key = `${lng}|${ns}`;
    let running = this.loading.get(key);
    if (running) return running;
    const backend = this.backend as BackendModule;
    const maxRetries = this.options.maxRetries ?? 5;
    const attempt = (tried: number, wait: number): Promise<void> =>
      backend.read(lng, ns).then(
        (bundle) => {
          this.store[lng] = { ...this.store[lng], [ns]: bundle };
          this.states.set(key, "loaded");
        },
        (error: unknown) => {
          if ((error as { retry?: boolean } | null)?.retry && tried < maxRetries) {
            return new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => attempt(tried + 1, wait * 2));
          }
          // Failed for good: the keys of this namespace fall back (to the fallback language, then the key).
          // A drawing's keys of it stay.
          this.states.set(key, "failed");
        },
      );
    this.states.set(key, "loading");
    running = attempt(0, this.options.retryTimeout ?? 350).finally(() => {
      this.loading.delete(key);
      this.emit("loaded", { [lng]: [ns] });
    });
    this.loading.set(key, running);
    return running;
  }

  /**
   * Loads namespaces for the current language (the fallback language's where its own failed); resolves once
   * all are settled. A namespace a drawing brought only its keys of is fetched whole; its keys stay usable meanwhile.
   */
  loadNamespaces(ns: string | readonly string[]): Promise<void> {
    const list = typeof ns === "string" ? [ns] : [...ns];
    for (const n of list) if (!this.options.ns.includes(n)) this.options.ns.push(n);
    const lng = this.language;
    if (!lng) return Promise.resolve();
    return Promise.all(list.map((n) => this.loadWithFallback(lng, n))).then(() => undefined);
  }

  /** Switches language once its namespaces are loaded (at once when nothing needs loading). */
  changeLanguage(lng?: string): Promise<TFunction> {
    const switched = this.switchLanguage(lng ?? this.detector?.detect());
    return typeof switched === "function" ? Promise.resolve(switched) : switched;
  }

  private switchLanguage(lng: string | undefined): TFunction | Promise<TFunction> {
    const next = this.supported(lng);
    this.detector?.cacheUserLanguage?.(next);
    const apply = () => {
      this.language = next;
      this.languages = this.hierarchy(next);
      this.resolvedLanguage = next;
      this.emit("languageChanged", next);
      return this.t;
    };
    const pending = this.options.ns.filter((n) => !this.hasLoadedNamespace(n, { lng: next })).map((n) => this.loadWithFallback(next, n));
    // The first language is set at once, so t works (with fallbacks) while its files load.
    if (this.language === undefined) {
      this.language = next;
      this.languages = this.hierarchy(next);
      this.resolvedLanguage = next;
    }
    if (pending.length === 0) return apply();
    return Promise.all(pending).then(apply);
  }

  /** Whether `key` has a translation (in the language or its fallbacks). */
  exists(key: string, options: TOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  t: TFunction = (key, options = {}) => {
    const found = this.resolve(key, options);
    const text = found ?? options.defaultValue ?? this.stripNamespace(key).key;
    return interpolate(text, options);
  };

  private stripNamespace(key: string): { ns: string | undefined; key: string } {
    const at = key.indexOf(":");
    return at > 0 ? { ns: key.slice(0, at), key: key.slice(at + 1) } : { ns: undefined, key };
  }

  private resolve(fullKey: string, options: TOptions): string | undefined {
    const { ns: keyNs, key } = this.stripNamespace(fullKey);
    const namespaces = [keyNs ?? options.ns ?? this.options.defaultNS];
    const fallbackNS = this.options.fallbackNS;
    if (fallbackNS && !namespaces.includes(fallbackNS)) namespaces.push(fallbackNS);
    const count = options.count;
    const candidates =
      typeof count === "number" ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${count === 1 ? "one" : "other"}`, key] : [key];
    for (const ns of namespaces) {
      for (const lng of this.hierarchy(options.lng ?? this.language)) {
        for (const candidate of candidates) {
          const value = lookup(this.store[lng]?.[ns], candidate);
          if (typeof value === "string") {
            this.onFound?.(ns, candidate);
            return value;
          }
        }
      }
    }
    return undefined;
  }
}

/** A new, independent instance (each test, each language of the server's first paint). */
export function createInstance(): I18n {
  return new I18n();
}

/** The browser's instance. */
const i18n = createInstance();
export default i18n;
