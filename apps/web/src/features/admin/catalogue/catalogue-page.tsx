import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminGameListSchema,
  adminGameSchema,
  adminProviderListSchema,
  adminProviderSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Skeleton } from "../../../components/skeleton.tsx";
import { api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { catalogueAdminKeys } from "../api/query-keys.ts";
import { inputClass } from "../components/fields.tsx";
import { PageHeader, Panel } from "../components/panel.tsx";
import { GscSyncPanel } from "../gsc/gsc-sync-panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useSecondFactorStatus } from "../security/api/security.ts";

/** A labelled on/off switch that sends its change at once (disabled for operators: admins change the catalogue). */
function Toggle({ label, on, disabled, onChange }: { label: string; on: boolean; disabled: boolean; onChange: (next: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="h-5 w-5 accent-gold"
        checked={on}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** A PUT that refreshes one list afterwards and says how it went. */
function useFlagChange(path: (id: number) => string, listKey: readonly unknown[], parse: (v: unknown) => unknown) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { t } = useTranslation("admin");
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: Record<string, boolean> }) =>
      parse(await api<unknown>(path(id), { method: "PUT", body })),
    onSuccess: () => toast.success(t("catalogue.saved")),
    onError: (err) => toast.error(errorText(err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * /admin/catalogue: categories, providers (active, maintenance, free-round credits) and each
 * provider's games (active). A provider in maintenance keeps its open rounds ending; new launches
 * and debits wait. Admins change them; operators see them.
 */
export function CataloguePage() {
  const { t } = useTranslation("admin");
  const editable = useSecondFactorStatus().data?.role === "admin";
  const categories = useQuery({
    queryKey: catalogueAdminKeys.categories(),
    queryFn: async ({ signal }) => adminCategoryListSchema.parse(await api<unknown>("admin/catalogue/categories", { signal })).data,
  });
  const providers = useQuery({
    queryKey: catalogueAdminKeys.providers(),
    queryFn: async ({ signal }) => adminProviderListSchema.parse(await api<unknown>("admin/catalogue/providers", { signal })).data,
  });
  const setCategory = useFlagChange(
    (id) => `admin/catalogue/categories/${id}`,
    catalogueAdminKeys.categories(),
    (v) => adminCategorySchema.parse(v),
  );
  const setProvider = useFlagChange(
    (id) => `admin/catalogue/providers/${id}`,
    catalogueAdminKeys.providers(),
    (v) => adminProviderSchema.parse(v),
  );
  const busy = !editable;
  return (
    <div className="space-y-4">
      <PageHeader title={t("catalogue.title")} subtitle={t(editable ? "catalogue.subtitle" : "catalogue.read_only")} />
      <GscSyncPanel editable={editable} />
      <Panel title={t("catalogue.categories")}>
        {!categories.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <ul className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.data.map((c) => (
              <li key={c.id} data-testid={`category-${c.code}`}>
                <Toggle
                  label={c.name}
                  on={c.active}
                  disabled={busy}
                  onChange={(active) => setCategory.mutate({ id: c.id, body: { active } })}
                />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t("catalogue.providers")}>
        {!providers.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <ul className="divide-y divide-line">
            {providers.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-6 py-2" data-testid={`provider-${p.p_code}`}>
                <span className="min-w-40 font-semibold">
                  {p.name} <span className="font-mono text-xs text-muted">{p.p_code}</span>
                </span>
                <Toggle
                  label={t("catalogue.active")}
                  on={p.active}
                  disabled={busy}
                  onChange={(active) => setProvider.mutate({ id: p.id, body: { active } })}
                />
                <Toggle
                  label={t("catalogue.maintenance")}
                  on={p.maintenance}
                  disabled={busy}
                  onChange={(maintenance) => setProvider.mutate({ id: p.id, body: { maintenance } })}
                />
                <Toggle
                  label={t("catalogue.free_rounds")}
                  on={p.free_round_credits}
                  disabled={busy}
                  onChange={(free_round_credits) => setProvider.mutate({ id: p.id, body: { free_round_credits } })}
                />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {providers.data && providers.data.length > 0 ? <GamesPanel providers={providers.data} editable={editable} /> : null}
    </div>
  );
}

function GamesPanel({ providers, editable }: { providers: { id: number; name: string }[]; editable: boolean }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const [provider, setProvider] = useState(providers[0]?.id ?? 0);
  const games = useQuery({
    queryKey: catalogueAdminKeys.games(provider),
    queryFn: async ({ signal }) =>
      adminGameListSchema.parse(await api<unknown>("admin/catalogue/games", { signal, query: { provider } })).data,
  });
  const setGame = useFlagChange(
    (gameId) => `admin/catalogue/games/${gameId}`,
    catalogueAdminKeys.games(provider),
    (v) => adminGameSchema.parse(v),
  );
  return (
    <Panel title={t("catalogue.games")}>
      <div className="mb-3 max-w-xs">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
          {t("catalogue.provider")}
        </label>
        <select id={id} className={inputClass} value={provider} onChange={(e) => setProvider(Number(e.target.value))}>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {!games.data ? (
        <Skeleton className="h-24 w-full" />
      ) : games.data.length === 0 ? (
        <p className="text-sm text-muted">{t("catalogue.no_games")}</p>
      ) : (
        <ul className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
          {games.data.map((g) => (
            <li key={g.id} data-testid={`game-${g.g_code}`}>
              <Toggle
                label={g.name}
                on={g.active}
                disabled={!editable}
                onChange={(active) => setGame.mutate({ id: g.id, body: { active } })}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
