import { paths } from "../../../config/paths.ts";
import type { HistoryKind } from "../api/history.ts";

/** The wallet history page opened on one of its tabs. */
export const historyPath = (tab: HistoryKind): string => `${paths.walletHistory}?tab=${tab}`;
