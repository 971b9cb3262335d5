import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";

/** One page of a paged history (api: keyset paging): its rows and the cursor of the next page, null on the last. */
export interface CursorPage<T> {
  data: T[];
  next_cursor?: string | null;
}

export interface PagedListOptions<P extends CursorPage<unknown>> {
  queryKey: QueryKey;
  /** Reads one page: `cursor` is undefined for the first page, else the previous page's next_cursor. */
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<P>;
  staleTime?: number;
  /** Keeps the pages of another key on screen while this one loads (e.g. the previous period). */
  keepPreviousWhile?: (previousKey: QueryKey) => boolean;
  enabled?: boolean;
}

/**
 * A history read one page at a time (newest first), each page the server's default size (50 rows,
 * light enough for a cheap phone): `rows` are the pages loaded so far, one after
 * the other, and `loadMore` asks for the page after the last one shown. A first page that cannot be
 * loaded leaves `rows` empty and `isError` true; a later page that fails keeps the rows shown and
 * sets `loadMoreFailed` (loadMore tries it again). A change of key cancels the request in flight.
 */
export function usePagedList<P extends CursorPage<unknown>>({
  queryKey,
  fetchPage,
  staleTime,
  keepPreviousWhile,
  enabled,
}: PagedListOptions<P>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ signal, pageParam }) => fetchPage(pageParam || undefined, signal),
    initialPageParam: "",
    getNextPageParam: (last: P) => last.next_cursor || undefined,
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(enabled === undefined ? {} : { enabled }),
    ...(keepPreviousWhile
      ? {
          placeholderData: <D>(previous: D | undefined, previousQuery: { queryKey: QueryKey } | undefined) =>
            previousQuery && keepPreviousWhile(previousQuery.queryKey) ? previous : undefined,
        }
      : {}),
  });
  const pages = query.data?.pages;
  const loaded = useMemo(() => (pages ? (pages.flatMap((p) => p.data ?? []) as P["data"]) : undefined), [pages]);
  const firstPageFailed = query.isError && !loaded;
  return {
    /** The rows of every page loaded; undefined while the first page loads, empty when it failed. */
    rows: firstPageFailed ? ([] as unknown as P["data"]) : loaded,
    /** The first page as the server answered it (for figures that come with it, e.g. totals). */
    firstPage: pages?.[0],
    isPending: query.isPending && !query.isError,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    /** The first page could not be loaded. */
    isError: firstPageFailed,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore: () => {
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    },
    refetch: () => void query.refetch(),
  };
}

export type PagedList = ReturnType<typeof usePagedList>;
