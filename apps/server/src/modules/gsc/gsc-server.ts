import type { GscSyncReport } from "./gsc-catalogue-sync.service.ts";
import type { GscClient } from "./gsc-client.ts";
import type { GscConfig } from "./gsc-config.ts";
import type { ReconcileSummary } from "./gsc-reconcile.service.ts";

/** The registered GSC+ module (gsc.module.ts) as its routes, the demo simulator and tests see it. */
export interface GscServer {
  config: GscConfig;
  client: GscClient;
  /** Points the outbound calls at another base URL (demo mode's simulator, tests). */
  useBaseUrl(url: string): void;
  /** Runs the catalogue sync now for the console (refused while another run holds today's lease). */
  syncNow(): Promise<GscSyncReport>;
  /** Reconciles a Yangon day now for the console (refused while another run of it holds the lease). */
  reconcileNow(day: string): Promise<ReconcileSummary>;
  /** One round of the daily jobs: today's sync and yesterday's reconciliation when not yet done. */
  runDaily(): Promise<void>;
  /** Runs the first round of the daily jobs as soon as the server listens (demo mode's simulator). */
  syncSoon(): void;
}
