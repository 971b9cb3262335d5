/**
 * Calls of one kind of statement gathered into one statement while others are in the database
 * (token owner reads, refusals kept behind their keys). A call made while fewer than `maxInFlight`
 * statements of its kind are out goes at once, alone: a quiet server waits for nothing. A call made
 * while that many are out waits for the first to come back and then goes with every call that
 * arrived meanwhile (at most `maxItems` per statement). A statement is sent only after each of its
 * calls was made, so it sees everything committed before any of them, as a statement of its own
 * would; a draw-time rush pays one round trip for many calls instead of one each.
 */
export interface StatementBatch<I, O> {
  run(item: I): Promise<O>;
}

export interface StatementBatchOptions {
  /** The most calls in one statement. */
  maxItems: number;
  /** How many statements of this kind may be in the database at once. */
  maxInFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

/** `send(items)` runs one statement for the items and answers one output per item, in their order. */
export function createStatementBatch<I, O>(send: (items: I[]) => Promise<O[]>, opts: StatementBatchOptions): StatementBatch<I, O> {
  let waiting: Waiting<I, O>[] = [];
  let inFlight = 0;

  function pump(): void {
    while (inFlight < opts.maxInFlight && waiting.length > 0) {
      const batch = waiting.slice(0, opts.maxItems);
      waiting = waiting.slice(batch.length);
      inFlight++;
      send(batch.map((w) => w.item)).then(
        (outputs) => {
          inFlight--;
          pump();
          for (const [i, w] of batch.entries()) {
            if (i < outputs.length) w.resolve(outputs[i] as O);
            else w.reject(new Error(`a gathered statement answered ${outputs.length} of ${batch.length} calls`));
          }
        },
        (err: unknown) => {
          inFlight--;
          pump();
          for (const w of batch) w.reject(err);
        },
      );
    }
  }

  return {
    run(item) {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
