/**
 * The aggregator's own record of the wagers it created (game page spins and scenario sends), served
 * by the wager list (gsc-plus.md §7.4). Fields are those of push bet data (§1.4) plus the
 * aggregator's wager `id`; created_at / settled_at are epoch seconds, settled_at 0 while unsettled.
 */

export interface Wager {
  id: string;
  member_account: string;
  currency: string;
  product_code: number;
  game_code: string;
  game_type: string;
  wager_code: string;
  wager_type: string;
  wager_status: string;
  round_id: string;
  channel_code: string;
  bet_amount: number;
  valid_bet_amount: number;
  prize_amount: number;
  tip_amount: number;
  created_at: number;
  settled_at: number;
}

interface Entry {
  wager: Wager;
  /** Creation time in epoch milliseconds: what the wager list's start/end window compares. */
  createdMs: number;
}

export class WagerBook {
  private readonly byCode = new Map<string, Entry>();
  private nextId = 1;

  /** Creates the wager or overwrites the given fields of the existing one with the same wager_code. */
  upsert(fields: Partial<Wager> & { wager_code: string }, nowMs: number): Wager {
    const existing = this.byCode.get(fields.wager_code);
    if (existing) {
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined && key !== "id" && key !== "created_at")
          (existing.wager as unknown as Record<string, unknown>)[key] = value;
      }
      return existing.wager;
    }
    const wager: Wager = {
      id: String(9_000_000 + this.nextId++),
      member_account: "",
      currency: "MMK",
      product_code: 0,
      game_code: "",
      game_type: "",
      wager_type: "NORMAL",
      wager_status: "BET",
      round_id: "",
      channel_code: "gscp",
      bet_amount: 0,
      valid_bet_amount: 0,
      prize_amount: 0,
      tip_amount: 0,
      settled_at: 0,
      ...fields,
      created_at: fields.created_at ?? Math.floor(nowMs / 1000),
    };
    this.byCode.set(wager.wager_code, { wager, createdMs: nowMs });
    return wager;
  }

  /** A wager by the aggregator's id or by wager_code. */
  get(idOrCode: string): Wager | undefined {
    const byCode = this.byCode.get(idOrCode);
    if (byCode) return byCode.wager;
    for (const entry of this.byCode.values()) if (entry.wager.id === idOrCode) return entry.wager;
    return undefined;
  }

  /** Wagers created in [startMs, endMs], oldest first, and how many there are in all. */
  list(startMs: number, endMs: number, offset: number, size: number): { wagers: Wager[]; total: number } {
    const inWindow = [...this.byCode.values()].filter((e) => e.createdMs >= startMs && e.createdMs <= endMs).map((e) => e.wager);
    return { wagers: inWindow.slice(offset, offset + size), total: inWindow.length };
  }

  all(): Wager[] {
    return [...this.byCode.values()].map((e) => e.wager);
  }

  get size(): number {
    return this.byCode.size;
  }
}
