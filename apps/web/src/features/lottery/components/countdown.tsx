import { useTranslation } from "../../../lib/i18n-react.tsx";
import { clockText, secondsUntil, useServerNow } from "../lib/server-clock.ts";

/** Time left as tabular digits: "02:05:09", with days in front when more than a day is left. */
export function CountdownText({ seconds, className = "" }: { seconds: number; className?: string }) {
  const { t } = useTranslation("lottery");
  const { days, time } = clockText(seconds);
  return <span className={`tabular ${className}`}>{days > 0 ? t("countdown.withDays", { count: days, time }) : time}</span>;
}

/**
 * The time left until `at` on the server's clock, ticking every second. It owns its clock, so a tick
 * draws this text alone, not the card or buttons around it.
 */
export function LiveCountdown({ at, className }: { at: string; className?: string }) {
  const now = useServerNow();
  return <CountdownText seconds={secondsUntil(at, now)} className={className} />;
}
