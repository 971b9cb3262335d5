import { Button } from "../../../components/button.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { ReferralCard } from "../../games/components/referral-card.tsx";
import { ProtectionCard } from "../../protection/components/protection-card.tsx";
import { useProfile } from "../../session/api/profile.ts";
import { AvatarPicker } from "../components/avatar-picker.tsx";
import { BalancesCard } from "../components/balances-card.tsx";
import { CodesCard } from "../components/codes-card.tsx";
import { LevelBadge, LevelCard, type Lvl2Status } from "../components/level-card.tsx";
import { NameEditor } from "../components/name-editor.tsx";
import { NotificationsCard } from "../components/notifications-card.tsx";
import { PasswordCard } from "../components/password-card.tsx";

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * /profile (behind the login guard): picture, name, phone, codes, level 2, balances and the
 * password change. It shows the stored session at once and the fresh profile as soon as it arrives
 * (the profile query merges into the session).
 */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const user = useSession((s) => s.user);
  const profile = useProfile();

  if (!user) return null;
  // A session restored from an older visit may miss fields until the fresh profile lands.
  if (!user.referral_code && profile.isPending) return <Spinner variant="centered" />;
  if (!user.referral_code && profile.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center">
        <p className="text-muted">{t("load_failed")}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }

  const level: 1 | 2 = user.lvl_2 === 2 ? 2 : 1;
  const status: Lvl2Status = user.lvl_2_status ?? (level === 2 ? "approved" : "none");

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-5 pb-10 sm:pt-8">
      <h1 className="mb-4 text-xl font-bold text-text sm:text-2xl">{t("title")}</h1>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 md:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-label={t("identity")} className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
            <div className="flex items-center gap-4">
              <AvatarPicker avatar={str(user.avatar) || null} />
              <div className="min-w-0 flex-1">
                <NameEditor name={str(user.name)} />
                <p className="tabular text-sm text-muted">
                  <span className="sr-only">{t("phone")}: </span>
                  {user.phone}
                </p>
                <div className="mt-1.5">
                  <LevelBadge level={level} />
                </div>
              </div>
            </div>
          </section>
          <BalancesCard
            figures={{
              balance: num(user.balance),
              game_balance: num(user.game_balance),
              point: num(user.point),
              p_balance: num(user.p_balance),
              turnover: num(user.turnover),
            }}
          />
          <CodesCard userCode={str(user.user_code)} referralCode={str(user.referral_code)} referCount={num(user.refer_count)} />
          <ReferralCard />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <LevelCard level={level} status={status} reason={str(user.lvl_2_reason) || null} />
          <PasswordCard phone={user.phone} />
          <NotificationsCard />
          <ProtectionCard />
        </div>
      </div>
    </div>
  );
}
