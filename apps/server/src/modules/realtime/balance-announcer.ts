/** About 7,000 bytes of ids per notification (PostgreSQL's payload limit is 8,000). */
const NOTICE_BYTES = 7000;

export interface BalanceAnnouncer {
  /** Players whose balance change has just committed; announced on the next turn of the event loop. */
  announce(userIds: readonly number[]): void;
  /** Resolves once everything announced so far has been sent. */
  drain(): Promise<void>;
}

/** The announcer's logic, with the notification as a function (`notify` sends one payload). */
export function gatheringAnnouncer(notify: (payload: string) => Promise<void>, onError: (err: unknown) => void): BalanceAnnouncer {
  let pending = new Set<number>();
  let sending: Promise<void> | undefined;

  async function send(ids: number[]): Promise<void> {
    let chunk: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (chunk.length === 0) return;
      const payload = chunk.join(",");
      chunk = [];
      bytes = 0;
      await notify(payload);
    };
    for (const id of ids) {
      const text = String(id);
      if (bytes + text.length + 1 > NOTICE_BYTES) await flush();
      chunk.push(text);
      bytes += text.length + 1;
    }
    await flush();
  }

  function pump(): void {
    if (sending || pending.size === 0) return;
    // The ids are taken when the notification goes, on the next turn of the event loop: every commit
    // announced in this turn (the callers of one money batch are answered together) goes in it.
    sending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        const ids = [...pending];
        pending = new Set();
        return send(ids);
      })
      .catch(onError)
      .finally(() => {
        sending = undefined;
        pump();
      });
  }

  return {
    announce(userIds) {
      for (const id of userIds) pending.add(id);
      pump();
    },
    async drain() {
      while (sending) await sending;
    },
  };
}
