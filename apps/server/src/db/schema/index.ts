export * from "./accounts.ts";
export * from "./cash.ts";
export * from "./content.ts";
export * from "./house.ts";
export * from "./ledger.ts";
export * from "./lottery.ts";
export * from "./providers.ts";
