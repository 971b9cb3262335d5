import { lazy, Suspense, useEffect } from "react";
import { useSession } from "../../../lib/session-store.ts";
import { useTransferPopup } from "../../session/stores/transfer-popup.ts";

// The popup (and the wallet texts) download the first time a player opens it.
const TransferPopup = lazy(() => import("./transfer-popup.tsx").then((m) => ({ default: m.TransferPopup })));

/** Mounts the transfer popup while it is open for a signed-in player (it closes by itself on sign-out). */
export function TransferHost() {
  const open = useTransferPopup((s) => s.open);
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const hide = useTransferPopup((s) => s.hide);
  useEffect(() => {
    if (open && !signedIn) hide();
  }, [open, signedIn, hide]);
  if (!open || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <TransferPopup />
    </Suspense>
  );
}
