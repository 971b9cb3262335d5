import { useCallback } from "react";
import { paths } from "../../../config/paths.ts";
import { useLocation, useNavigate } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { type TransferDirection, useTransferPopup } from "../stores/transfer-popup.ts";

/**
 * Opens the transfer popup for a signed-in player (spec §5: the popup is for signed-in players
 * only); a visitor is sent to /login and comes back to the page they were on.
 */
export function useOpenTransfer(): (direction?: TransferDirection) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const show = useTransferPopup((s) => s.show);
  return useCallback(
    (direction?: TransferDirection) => {
      if (!useSession.getState().user?.token) {
        navigate(paths.login, { state: { from: location.pathname + location.search } });
        return;
      }
      show(direction);
    },
    [navigate, location.pathname, location.search, show],
  );
}
