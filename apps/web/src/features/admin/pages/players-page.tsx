import type { AdminUser } from "@shwe/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useSearchParams } from "../../../lib/router.tsx";
import { usePlayers } from "../api/players.ts";
import { SearchIcon } from "../components/console-icons.tsx";
import { inputClass } from "../components/fields.tsx";
import { Money } from "../components/money.tsx";
import { Badge, PageHeader } from "../components/panel.tsx";
import { PendingAdjustments } from "../components/pending-adjustments.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../components/query-state.tsx";

/** Players: pending adjustments first, then a search by phone, name or user code (newest accounts when empty). */
export function PlayersPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const [text, setText] = useState(query);
  const list = usePlayers(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setParams(q ? { q } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title={t("players.title")} subtitle={t("players.subtitle")} />
      <PendingAdjustments />
      <form onSubmit={submit} className="mb-4 flex gap-2">
        <label className="sr-only" htmlFor="player-search">
          {t("players.searchLabel")}
        </label>
        <input
          id="player-search"
          type="search"
          value={text}
          maxLength={60}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("players.searchPlaceholder")}
          className={`${inputClass} flex-1`}
          autoComplete="off"
        />
        <Button type="submit" loading={list.isFetching && query === text.trim()}>
          <SearchIcon size={18} />
          {t("actions.search")}
        </Button>
      </form>
      {list.isPending ? (
        <ListSkeleton rows={4} className="h-20" />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{query ? t("players.none", { query }) : t("players.noneAtAll")}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted">{query ? t("players.results", { count: list.data.length }) : t("players.newest")}</p>
          <ul className="space-y-2">
            {list.data.map((p) => (
              <PlayerRow key={p.id} player={p} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function PlayerRow({ player: p }: { player: AdminUser }) {
  const { t } = useTranslation("admin");
  return (
    <li>
      <Link
        to={adminPaths.player(p.id)}
        className="grid min-h-11 gap-2 rounded-card border border-line bg-surface p-3 transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-gold sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center"
      >
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-1.5">
            <span className="truncate font-semibold">{p.name || p.phone}</span>
            {p.role !== "player" ? <Badge tone="gold">{t(`roles.${p.role}`)}</Badge> : null}
            <Badge tone={p.lvl_2 === 2 ? "win" : "muted"}>{t("players.level", { level: p.lvl_2 })}</Badge>
            {p.blocked ? <Badge tone="danger">{t("players.blocked")}</Badge> : null}
          </p>
          <p className="tabular text-sm text-muted">
            {p.phone} · {p.user_code}
          </p>
        </div>
        <div className="text-sm">
          <span className="text-xs text-muted">{t("balances.main")} </span>
          <Money value={p.balance} className="font-semibold" />
        </div>
        <div className="text-sm">
          <span className="text-xs text-muted">{t("balances.game")} </span>
          <Money value={p.game_balance} className="font-semibold" />
        </div>
      </Link>
    </li>
  );
}
