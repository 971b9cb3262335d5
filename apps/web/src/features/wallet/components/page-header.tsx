import { formatAmount } from "@shwe/domain";
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";

/** Where a balance stands until the player is known (a page the server drew, while the app takes it over). */
const UNKNOWN = "—";

/** A wallet page's title with the player's current main and game balances beside it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation("wallet");
  const balance = useSession((s) => (s.user ? formatAmount(s.user.balance ?? 0) : UNKNOWN));
  const gameBalance = useSession((s) => (s.user ? formatAmount(s.user.game_balance ?? 0) : UNKNOWN));
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h1 className="text-xl font-bold text-text sm:text-2xl">{title}</h1>
        <p className="tabular text-sm text-muted">
          {t("balances.main")} <span className="font-semibold text-gold">{balance}</span> · {t("balances.game")}{" "}
          <span className="font-semibold text-text">{gameBalance}</span> {t("currency")}
        </p>
      </div>
      {children}
    </div>
  );
}

/** A numbered step of a wallet form. */
export function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold">
        <span
          className="tabular flex size-7 shrink-0 items-center justify-center rounded-full bg-gold text-sm font-bold text-bg"
          aria-hidden="true"
        >
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
