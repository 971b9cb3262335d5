export * from "./crash.ts";
export * from "./games.ts";
export * from "./proof.ts";
export * from "./round-words.ts";
export * from "./slot.ts";
