/**
 * One lane per player in this process: the GSC+ movements of one player run one after another here,
 * so a burst of webhooks for one player waits in memory instead of each holding a database connection
 * while it queues on the player's row lock. Correctness does not depend on it (the row locks order
 * the movements across instances); it keeps the connection pool for the calls that can make progress.
 */
export class PlayerLanes {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(userId) ?? Promise.resolve();
    const next = before.then(work, work);
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(userId, tail);
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    });
    return next;
  }
}

const lanesOf = new WeakMap<object, PlayerLanes>();

/** The lanes of one application instance (keyed by its context object). */
export function playerLanes(owner: object): PlayerLanes {
  let lanes = lanesOf.get(owner);
  if (!lanes) {
    lanes = new PlayerLanes();
    lanesOf.set(owner, lanes);
  }
  return lanes;
}

/**
 * At most `limit` GSC+ webhooks of this instance use the database at once; the others wait here, in
 * memory, rather than in the connection pool's queue (whose wait is bounded and would fail them). A
 * webhook takes one connection at a time, so with a limit well under the pool size a burst of
 * callbacks never starves the rest of the site of connections nor times out.
 */
export class WebhookGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** GSC+ webhooks using the database at once, per instance. */
export const GSC_WEBHOOKS_AT_ONCE = 4;

const gatesOf = new WeakMap<object, WebhookGate>();

export function webhookGate(owner: object): WebhookGate {
  let gate = gatesOf.get(owner);
  if (!gate) {
    gate = new WebhookGate(GSC_WEBHOOKS_AT_ONCE);
    gatesOf.set(owner, gate);
  }
  return gate;
}
