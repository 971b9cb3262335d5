import type { Draw, FairProof, LotteryType } from "@shwe/contracts";
import { DERIVED_FAIR_SOURCE } from "@shwe/domain";
import type { Executor } from "../../db/client.ts";
import { type DrawRow, selectDrawsAt } from "./draws.repository.ts";

/** A draw as players see it: the number only once the draw is settled, the seed never. */
export function toDraw(row: DrawRow): Draw {
  return {
    id: row.id,
    type: row.type,
    draw_at: row.drawAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    status: row.status,
    odds: row.odds,
    result_source: row.resultSource,
    commitment: row.fairCommitment,
    number: row.status === "settled" ? row.result : null,
  };
}

/**
 * The public proof of a fair draw with a revealed seed, or undefined for other draws. A 1D / crypto 1D
 * draw sharing the commitment of the 2D / crypto 2D draw at the same time (`source`, that draw if any)
 * is derived from it; one without such a draw says it was drawn on its own.
 */
export function proofOf(row: DrawRow, source?: DrawRow): FairProof | undefined {
  if (row.resultSource !== "fair" || !row.fairCommitment || !row.fairSeed) return undefined;
  const proof = { commitment: row.fairCommitment, seed: row.fairSeed, draw_id: row.id };
  const sourceType = DERIVED_FAIR_SOURCE[row.type];
  if (!sourceType) return proof;
  if (source && source.type === sourceType && source.fairCommitment === row.fairCommitment) {
    return { ...proof, derived_from: { draw_id: source.id, type: sourceType, digit: "last" } };
  }
  return { ...proof, fallback: "no_source_draw" };
}

/** The 2D / crypto 2D draws at the times of these 1D / crypto 1D draws, by draw time (ms). */
export async function sourceDrawsOf(db: Executor, type: LotteryType, rows: readonly DrawRow[]): Promise<Map<number, DrawRow>> {
  const sourceType = DERIVED_FAIR_SOURCE[type];
  const fair = rows.filter((r) => r.resultSource === "fair" && r.fairSeed);
  if (!sourceType || fair.length === 0) return new Map();
  const sources = await selectDrawsAt(
    db,
    sourceType,
    fair.map((r) => r.drawAt),
  );
  return new Map(sources.map((s) => [s.drawAt.getTime(), s]));
}

export const iso = (d: Date | string): string => new Date(d).toISOString();
