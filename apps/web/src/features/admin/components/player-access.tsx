import { endSessionsResponseSchema, playerAccessSchema } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { toast } from "../../../lib/toast.ts";
import { adminKeys } from "../api/query-keys.ts";
import { useErrorText } from "../hooks/use-error-text.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Badge, Fact, Panel } from "./panel.tsx";

/** GET /api/admin/users/{id}/access. */
function usePlayerAccess(id: number) {
  return useQuery({
    queryKey: adminKeys.playerAccess(id),
    queryFn: async ({ signal }) => playerAccessSchema.parse(await api<unknown>(`admin/users/${id}/access`, { signal })),
  });
}

/**
 * The player page's access and ties: live sign-ins (with "end all"), the last sign-in addresses,
 * the sign-up device (and how many other accounts were made on it), referrer and referees, and the
 * player's own limits and self-exclusion, which operators see but cannot change.
 */
export function PlayerAccessPanel({ playerId }: { playerId: number }) {
  const { t } = useTranslation("admin");
  const access = usePlayerAccess(playerId);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation({
    mutationFn: async () =>
      endSessionsResponseSchema.parse(await api<unknown>(`admin/users/${playerId}/sessions/end`, { method: "POST", body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.playerAccess(playerId) }),
  });

  if (!access.data) return <Skeleton className="h-48" />;
  const a = access.data;
  return (
    <Panel
      title={t("player_access.title")}
      action={
        a.sessions.length > 0 ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t("player_access.end")}
          </Button>
        ) : null
      }
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label={t("player_access.sessions")}>{a.sessions.length}</Fact>
        <Fact label={t("player_access.device")}>{a.signup?.device_id ?? "—"}</Fact>
        <Fact label={t("player_access.same_device")}>
          {a.same_device > 0 ? <Badge tone="danger">{a.same_device}</Badge> : a.same_device}
        </Fact>
        <Fact label={t("player_access.signup_ip")}>{a.signup?.ip ?? "—"}</Fact>
        <Fact label={t("player_access.referrer")}>
          {a.referrer ? (
            <Link className="text-gold hover:underline" to={`${adminPaths.players}/${a.referrer.id}`}>
              {a.referrer.name || a.referrer.phone}
            </Link>
          ) : (
            "—"
          )}
        </Fact>
        <Fact label={t("player_access.exclusion")}>
          {a.self_exclusion
            ? a.self_exclusion.indefinite || !a.self_exclusion.until
              ? t("player_access.indefinite")
              : formatDisplayDateTime(a.self_exclusion.until)
            : "—"}
        </Fact>
      </dl>
      {a.limits.length > 0 ? (
        <p className="mb-3 text-sm text-muted" data-testid="player-limits">
          {t("player_access.limits")}:{" "}
          {a.limits.map((l) => t("player_access.limit", { kind: l.kind, period: l.period, amount: formatAmount(l.amount) })).join(" · ")}
        </p>
      ) : null}
      <h3 className="mb-2 text-sm font-semibold">{t("player_access.sign_ins")}</h3>
      {a.sign_ins.length === 0 ? (
        <p className="mb-3 text-sm text-muted">—</p>
      ) : (
        <ul className="mb-3 space-y-1 text-sm">
          {a.sign_ins.slice(0, 8).map((s) => (
            <li key={`${s.at}-${s.action}`} className="flex justify-between gap-3">
              <span className="font-mono text-xs text-muted">{s.action}</span>
              <span className="tabular">{s.ip ?? "—"}</span>
              <span className="tabular text-muted">{formatDisplayDateTime(s.at)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mb-2 text-sm font-semibold">{t("player_access.referees", { count: a.referees.length })}</h3>
      {a.referees.length === 0 ? (
        <p className="text-sm text-muted">—</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {a.referees.slice(0, 20).map((r) => (
            <li key={r.id} className="flex justify-between gap-3">
              <Link className="text-gold hover:underline" to={`${adminPaths.players}/${r.id}`}>
                {r.name || r.phone}
              </Link>
              <span className="tabular text-muted">{t("player_access.their_referees", { count: r.referees })}</span>
              {r.blocked ? <Badge tone="danger">{t("player_access.blocked")}</Badge> : <span />}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("player_access.end_title")}
        confirmLabel={t("player_access.end")}
        tone="danger"
        onConfirm={async () => {
          try {
            const done = await end.mutateAsync();
            toast.success(t("player_access.ended", { count: done.ended }));
            setConfirming(false);
          } catch (err) {
            toast.error(errorText(err));
          }
        }}
      >
        {t("player_access.end_text")}
      </ConfirmDialog>
    </Panel>
  );
}
