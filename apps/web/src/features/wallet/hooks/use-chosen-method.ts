import type { PaymentMethod } from "@shwe/contracts";
import { useState } from "react";

/** The chosen payment method: the first one until the player picks another (and again if theirs disappears). */
export function useChosenMethod(methods: PaymentMethod[] | undefined) {
  const [picked, setPicked] = useState<number>();
  const method = methods?.find((m) => m.id === picked) ?? methods?.[0];
  return { method, pick: setPicked };
}
