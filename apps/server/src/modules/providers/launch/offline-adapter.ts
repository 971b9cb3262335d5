import type { LaunchRequest, LaunchResult, ProviderAdapter, ProviderRegistry } from "./provider-adapter.ts";

/**
 * A provider the site lists but cannot reach offline (no aggregator contract in this installation).
 * Launching opens the site page that says so; its wallet is closed (an empty secret: every wallet
 * call for it answers PROVIDER_DISABLED).
 */
export class OfflineProviderAdapter implements ProviderAdapter {
  readonly secret = "";
  constructor(readonly code: string) {}

  async launch(request: LaunchRequest): Promise<LaunchResult> {
    return { url: unavailableUrl(request.providerCode) };
  }
}

export function unavailableUrl(providerCode: string): string {
  return `/game/unavailable?provider=${encodeURIComponent(providerCode.toUpperCase())}`;
}

/** Registers the offline adapter for each of these codes that has no adapter yet. */
export function registerOfflineAdapters(registry: ProviderRegistry, codes: readonly string[]): void {
  for (const code of codes) if (!registry.get(code)) registry.register(new OfflineProviderAdapter(code));
}
