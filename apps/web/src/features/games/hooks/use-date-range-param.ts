import { useCallback, useMemo } from "react";
import { useSearchParams } from "../../../lib/router.tsx";
import { type DateRange, rangeFromParams } from "../lib/date-range.ts";

/** The report period kept in the address (?start_date&end_date, default today), so reload and back keep it. */
export function useDateRangeParam(): [DateRange, (range: DateRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => rangeFromParams(params), [params]);
  const setRange = useCallback(
    (next: DateRange) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set("start_date", next.start);
          copy.set("end_date", next.end);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}
