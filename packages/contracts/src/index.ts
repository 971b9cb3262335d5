export * from "./accounts.ts";
export * from "./common.ts";
export * from "./content.ts";
export * from "./house.ts";
export * from "./lottery.ts";
export * from "./providers.ts";
export * from "./wallet.ts";
