import { HOUSE_PROVIDER_ID, SEED_PROVIDERS } from "../../catalogue/catalogue-seed-data.ts";
import { registerOfflineAdapters } from "./offline-adapter.ts";
import { ProviderRegistry } from "./provider-adapter.ts";

/**
 * The registry the app starts with: every seeded aggregator provider launches the "unavailable
 * offline" page and has no wallet connection. The built-in HOUSE adapter is registered by the house
 * games module; a real aggregator replaces its offline adapter by registering its own.
 */
export function createProviderRegistry(): ProviderRegistry {
  const registry = new ProviderRegistry();
  registerOfflineAdapters(
    registry,
    SEED_PROVIDERS.filter((p) => p.id !== HOUSE_PROVIDER_ID).map((p) => p.code),
  );
  return registry;
}
