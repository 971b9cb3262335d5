export * from "./model.ts";
export * from "./posting.ts";
export * from "./rules.ts";
