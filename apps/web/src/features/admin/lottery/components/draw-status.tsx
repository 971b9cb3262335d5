import type { DrawStatus } from "@shwe/contracts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Badge } from "../../components/panel.tsx";

const TONES = { open: "win", closed: "warn", resulted: "gold", settled: "muted", void: "danger" } as const;

/** A draw's status as a labelled chip. */
export function DrawStatusBadge({ status }: { status: DrawStatus }) {
  const { t } = useTranslation("admin");
  return <Badge tone={TONES[status]}>{t(`lottery.status.${status}`)}</Badge>;
}
