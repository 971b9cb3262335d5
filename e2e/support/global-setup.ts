import type { TestProject } from "vitest/node";
import { chromiumPath } from "./chromium.ts";
import { startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the server under test listens ("" when the browser journeys are skipped). */
    baseUrl: string;
  }
}

/**
 * One real server for the whole browser suite: started before the first journey, stopped (and
 * checked to exit cleanly on SIGTERM) after the last. Without Chromium nothing is started and
 * every journey reports as skipped.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!chromiumPath()) {
    project.provide("baseUrl", "");
    return undefined;
  }
  const server = await startServer();
  console.log(`[e2e] server on ${server.baseUrl} (${server.database === "postgres" ? "fresh PostgreSQL database" : "embedded database"})`);
  project.provide("baseUrl", server.baseUrl);
  return async () => {
    await server.stop();
  };
}
