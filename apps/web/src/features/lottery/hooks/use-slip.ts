import type { RejectedLine } from "@shwe/contracts";
import { useMemo, useReducer } from "react";

/** One chosen number; `amount` null means it takes the stake typed in the amount field. */
export interface SlipLine {
  readonly number: string;
  readonly amount: number | null;
}

export interface SlipState {
  /** Ascending by number, each number once. */
  readonly lines: readonly SlipLine[];
  /** The amount field: the stake of every line that has none of its own. */
  readonly stake: number | null;
  /** Numbers the server (or the same rules on the device) refused, until their line changes. */
  readonly rejected: Readonly<Record<string, RejectedLine>>;
}

type Action =
  | { type: "toggle"; number: string }
  | { type: "add"; numbers: readonly string[] }
  | { type: "remove"; number: string }
  | { type: "stake"; amount: number | null }
  | { type: "lineAmount"; number: string; amount: number | null }
  | { type: "reject"; lines: readonly RejectedLine[] }
  | { type: "clear" };

const initial: SlipState = { lines: [], stake: null, rejected: {} };

function without(rejected: SlipState["rejected"], numbers: Iterable<string>): SlipState["rejected"] {
  const next = { ...rejected };
  for (const n of numbers) delete next[n];
  return next;
}

function sorted(lines: SlipLine[]): SlipLine[] {
  return lines.sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}

export function slipReducer(state: SlipState, action: Action): SlipState {
  switch (action.type) {
    case "toggle": {
      const present = state.lines.some((l) => l.number === action.number);
      return {
        ...state,
        lines: present
          ? state.lines.filter((l) => l.number !== action.number)
          : sorted([...state.lines, { number: action.number, amount: null }]),
        rejected: without(state.rejected, [action.number]),
      };
    }
    case "add": {
      const have = new Set(state.lines.map((l) => l.number));
      const fresh = [...new Set(action.numbers)].filter((n) => !have.has(n));
      if (fresh.length === 0) return state;
      return { ...state, lines: sorted([...state.lines, ...fresh.map((number) => ({ number, amount: null }))]) };
    }
    case "remove":
      return {
        ...state,
        lines: state.lines.filter((l) => l.number !== action.number),
        rejected: without(state.rejected, [action.number]),
      };
    case "stake": {
      // Lines that follow the amount field change with it, so their refusals no longer apply.
      const following = state.lines.filter((l) => l.amount === null).map((l) => l.number);
      return { ...state, stake: action.amount, rejected: without(state.rejected, following) };
    }
    case "lineAmount":
      return {
        ...state,
        lines: state.lines.map((l) => (l.number === action.number ? { ...l, amount: action.amount } : l)),
        rejected: without(state.rejected, [action.number]),
      };
    case "reject":
      return { ...state, rejected: Object.fromEntries(action.lines.map((r) => [r.number, r])) };
    case "clear":
      return { ...state, lines: [], rejected: {} };
  }
}

/** The stake of a line: its own amount, else the amount field (null when neither is set). */
export function lineStake(line: SlipLine, stake: number | null): number | null {
  const amount = line.amount ?? stake;
  return amount !== null && amount > 0 ? amount : null;
}

/** The player's slip on the board: chosen numbers, their stakes and the refusals to fix. */
export function useSlip() {
  const [state, dispatch] = useReducer(slipReducer, initial);
  const actions = useMemo(
    () => ({
      toggle: (number: string) => dispatch({ type: "toggle", number }),
      add: (numbers: readonly string[]) => dispatch({ type: "add", numbers }),
      remove: (number: string) => dispatch({ type: "remove", number }),
      setStake: (amount: number | null) => dispatch({ type: "stake", amount }),
      setLineAmount: (number: string, amount: number | null) => dispatch({ type: "lineAmount", number, amount }),
      reject: (lines: readonly RejectedLine[]) => dispatch({ type: "reject", lines }),
      clear: () => dispatch({ type: "clear" }),
    }),
    [],
  );
  const derived = useMemo(() => {
    const stakes = state.lines.map((l) => lineStake(l, state.stake));
    const total = stakes.reduce<number>((sum, s) => sum + (s ?? 0), 0);
    const missingAmount = stakes.some((s) => s === null);
    const selected = new Set(state.lines.map((l) => l.number));
    return { total, missingAmount, selected };
  }, [state.lines, state.stake]);
  return { ...state, ...derived, ...actions };
}

export type Slip = ReturnType<typeof useSlip>;
