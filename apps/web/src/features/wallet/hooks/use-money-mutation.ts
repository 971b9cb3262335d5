import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiError, newIdempotencyKey } from "../../../lib/api-client.ts";

/**
 * A money-moving call with its Idempotency-Key: one key per submit, and the SAME key when the
 * player sends the very same thing again after an answer that never arrived (network failure,
 * server error), so a retry can never apply the money twice. A definite answer (success or a
 * refusal) ends the key; any change to what is sent starts a new one.
 */
export function useMoneyMutation<B, R>(send: (body: B, idempotencyKey: string) => Promise<R>) {
  const pending = useRef<{ fingerprint: string; key: string } | undefined>(undefined);
  return useMutation({
    mutationFn: async (body: B): Promise<R> => {
      const fingerprint = JSON.stringify(body);
      if (pending.current?.fingerprint !== fingerprint) pending.current = { fingerprint, key: newIdempotencyKey() };
      const { key } = pending.current;
      const settle = () => {
        if (pending.current?.key === key) pending.current = undefined;
      };
      try {
        const result = await send(body, key);
        settle();
        return result;
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) settle();
        throw err;
      }
    },
  });
}
