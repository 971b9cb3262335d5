export * from "./format.ts";
export * from "./house/index.ts";
export * from "./ledger/index.ts";
export * from "./lottery/index.ts";
export * from "./lottery/schedule.ts";
export * from "./money.ts";
export * from "./phone.ts";
