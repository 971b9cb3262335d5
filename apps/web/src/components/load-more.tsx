import { useTranslation } from "../lib/i18n-react.tsx";
import type { PagedList } from "../lib/use-paged-list.ts";
import { Button } from "./button.tsx";

/**
 * "Load more" under a paged history while the server has further pages (nothing on the last page);
 * a page that could not be loaded is said above the button, which tries it again.
 */
export function LoadMore({ list }: { list: Pick<PagedList, "hasMore" | "isLoadingMore" | "loadMoreFailed" | "loadMore"> }) {
  const { t } = useTranslation("common");
  if (!list.hasMore) return null;
  return (
    <div className="flex flex-col gap-2">
      {list.loadMoreFailed && !list.isLoadingMore ? (
        <p role="alert" className="text-center text-sm text-danger">
          {t("paging.failed")}
        </p>
      ) : null}
      <Button variant="secondary" block loading={list.isLoadingMore} onClick={list.loadMore}>
        {t("paging.loadMore")}
      </Button>
    </div>
  );
}
