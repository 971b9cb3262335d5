export * from "./fair-draw.ts";
export * from "./games.ts";
export * from "./holidays.ts";
export * from "./limits.ts";
export * from "./quick-picks.ts";
export * from "./results.ts";
export * from "./schedule.ts";
