/**
 * One adapter per game provider (aggregator). The product asks an adapter for a launch URL; the
 * provider then moves money by calling our signed wallet API (`/api/provider/{code}/wallet/{action}`).
 * Further aggregators plug in by implementing this interface and registering in the provider registry.
 */
export interface LaunchRequest {
  /** The player's public code (users.user_code), the only player id a provider ever sees. */
  userCode: string;
  /** p_code, cate_code (category id as a string) and g_code of the game. */
  providerCode: string;
  categoryCode: string;
  gameCode: string;
  /** Site language for the game UI (mm, en, cn, thai). */
  language: string;
  /**
   * The sign-in (auth token id) that asks for the launch. Never sent to a provider; the built-in
   * provider ties its play session to it, so signing out ends the session.
   */
  authTokenId?: number | undefined;
  /** Who asks, as the site saw the request: providers that bind a session to the player's IP or device need it. */
  client?: LaunchClient | undefined;
}

export interface LaunchClient {
  /** The player's IP (behind the configured trusted proxies). */
  ip: string;
  userAgent: string | undefined;
  /** The site's origin as the player reached it (scheme://host), e.g. for a game's "back to lobby" address. */
  origin: string;
}

export interface LaunchResult {
  /** Absolute or site-relative URL the web opens in the game overlay or a new tab. */
  url: string;
}

export interface ProviderAdapter {
  /** p_code, e.g. "HOUSE". */
  readonly code: string;
  /**
   * Secret shared with the provider for the wallet API signatures (never sent to the browser). An
   * empty secret means the provider has no wallet connection: every wallet call answers PROVIDER_DISABLED.
   */
  readonly secret: string;
  launch(request: LaunchRequest): Promise<LaunchResult>;
}

/**
 * Adapters by provider code; providers without one launch the "unavailable offline" page. A family of
 * codes (an aggregator whose products are synced into the catalogue at run time, e.g. GSC1007) is
 * served by a resolver asked for codes no adapter was registered for.
 */
export class ProviderRegistry {
  private readonly adapters = new Map<string, ProviderAdapter>();
  private readonly resolvers: ((code: string) => ProviderAdapter | undefined)[] = [];

  register(adapter: ProviderAdapter): void {
    this.adapters.set(adapter.code.toUpperCase(), adapter);
  }

  /** Adds a resolver for a family of codes; it answers undefined for codes not of its family. */
  registerResolver(resolve: (code: string) => ProviderAdapter | undefined): void {
    this.resolvers.push(resolve);
  }

  get(code: string): ProviderAdapter | undefined {
    const upper = code.toUpperCase();
    const adapter = this.adapters.get(upper);
    if (adapter) return adapter;
    for (const resolve of this.resolvers) {
      const found = resolve(upper);
      if (found) return found;
    }
    return undefined;
  }

  codes(): string[] {
    return [...this.adapters.keys()];
  }
}
