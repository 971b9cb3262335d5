import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useConsoleStatus } from "../security/api/security.ts";

/**
 * Says plainly, on every console page, that maker–checker is not in force while the installation
 * has a single admin: their console account changes apply at once until a second admin exists.
 */
export function SingleAdminBanner() {
  const { t } = useTranslation("admin");
  const status = useConsoleStatus();
  if (status.data?.maker_checker !== false) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-card border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-text"
      data-testid="single-admin-banner"
    >
      {t("security.single_admin")}
    </p>
  );
}
