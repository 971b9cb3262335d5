import type { BetLineInput, Draw, LotteryType, Protection, RejectedLine } from "@shwe/contracts";
import { checkSlip, LOTTERY_GAMES, type QuickPickKind } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { LoginRedirectState } from "../../../components/require-auth.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { lazyIsland } from "../../../lib/island.tsx";
import { useLocation, useNavigate } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { useBoard } from "../api/board.ts";
import { usePlaceBet } from "../api/place-bet.ts";
import { lotteryKeys } from "../api/query-keys.ts";
import { useSections } from "../api/sections.ts";
import { BetBar } from "../components/bet-bar.tsx";
import { BoardSkeleton } from "../components/board-skeleton.tsx";
import { DrawCard } from "../components/draw-card.tsx";
import { HundredsTabs } from "../components/hundreds-tabs.tsx";
import { MarketLiveShell } from "../components/market-live-view.tsx";
import { NoDigitData } from "../components/no-digit-data.tsx";
import { NumberBoard } from "../components/number-board.tsx";
import { NumberEntry, PickChips } from "../components/quick-picks.tsx";
import { useLiveResults } from "../hooks/use-live-results.ts";
import { lineStake, useSlip } from "../hooks/use-slip.ts";
import { rulesFromBoard } from "../lib/board-rules.ts";
import { gameKey, pageOf, pageSize } from "../lib/games.ts";
import { serverNow, useIsPast } from "../lib/server-clock.ts";
import { newSlipKey } from "../lib/slip-key.ts";

// The break is looked up after the board's first paint (players on a break are few); it shows in the bet bar.
const BreakWatch = lazy(() => import("../../protection/components/break-notice.tsx").then((m) => ({ default: m.BreakWatch })));

// Today's latest result in large type and the live market block arrive after the board (they are
// not part of the first paint), in one chunk.
const LiveBlocks = lazy(() => import("../components/live-blocks.tsx").then((m) => ({ default: m.LiveBlocks })));

/**
 * The height kept for the live market block before it draws, and while its note changes (no layout shift):
 * SET games show the day's numbers too. It holds a note of three lines of Burmese on a phone (a final result
 * beside the "information only" line, from 360 px up), and the same on a desktop, whose block is lower.
 */
const marketPlace = (type: LotteryType) =>
  type === "2D" || type === "1D" ? "min-h-80" : type === "C2D" || type === "C1D" ? "min-h-60" : undefined;

// Below the board on a phone: the stake and the slip hydrate after the board.
const SlipPanel = lazyIsland("slip-panel", () => import("../components/slip-panel.tsx").then((m) => m.SlipPanel));
// Only after a tap on Bet (the sheet) or an accepted slip (the notice).
const ConfirmSheet = lazy(() => import("../components/confirm-sheet.tsx").then((m) => ({ default: m.ConfirmSheet })));
const BetPlaced = lazy(() => import("../components/confirm-sheet.tsx").then((m) => ({ default: m.BetPlaced })));

/**
 * Today's result in large type and, for the games read from a market, the live market block: live
 * data, drawn in the browser only, after the page is taken over (hydration never waits on their
 * chunk). The server draws the market block without readings in its place (MarketLiveShell, in the
 * page's own chunk), so its texts paint with the first paint and nothing moves when the live block comes.
 */
function LiveResultSlot({ type }: { type: LotteryType }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const place = marketPlace(type);
  const kept = place ? (
    <div className={`${place} flex flex-col`}>
      <MarketLiveShell type={type} />
    </div>
  ) : null;
  if (!mounted) return kept;
  return (
    <Suspense fallback={kept}>
      <LiveBlocks type={type} place={place} />
    </Suspense>
  );
}

/** A draw takes bets while it is open and its cut-off (server clock) is still ahead. */
function isBettable(draw: Draw, now: number): boolean {
  return draw.status === "open" && Date.parse(draw.closes_at) > now;
}

const cardClass = "rounded-card border border-line bg-surface p-3 shadow-card sm:p-4";

/**
 * One lottery game (1D, 2D, 3D, crypto 1D, crypto 2D): pick a draw, choose numbers on the board or
 * with quick picks, set the stake, confirm, and the slip goes out with an Idempotency-Key. Refused
 * numbers come back marked on the board and in the list so the player can fix them and send again.
 */
export function LotteryPage({ type }: { type: LotteryType }) {
  const { t } = useTranslation("lottery");
  const key = gameKey(type);
  const game = LOTTERY_GAMES[type];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSession((s) => Boolean(s.user?.token));
  // A running break (self-exclusion) shows in the bet bar and stops betting.
  const [onBreak, setOnBreak] = useState<Protection["self_exclusion"]>(null);
  const balance = useSession((s) => s.user?.balance ?? 0);
  const setBalance = useSession((s) => s.setBalance);
  useLiveResults();

  const sections = useSections(type);
  const draws = sections.data?.data ?? [];
  const firstOpen = draws.find((d) => isBettable(d, serverNow()));
  const [chosen, setChosen] = useState<Draw | null>(null);
  // The draw on screen stays the one the player (or the first load) chose, even after it closes:
  // moving them to the next draw by itself could put a slip on a draw they never picked.
  const draw = chosen ? (draws.find((d) => d.id === chosen.id) ?? chosen) : firstOpen;
  // Kept as the page draws (not in an effect): the page is not drawn a second time right after it
  // is shown or taken over.
  if (!chosen && firstOpen) setChosen(firstOpen);

  const [closedByServer, setClosedByServer] = useState<ReadonlySet<number>>(new Set());
  const cutOffPassed = useIsPast(draw?.closes_at);
  const closed = draw ? draw.status !== "open" || cutOffPassed || closedByServer.has(draw.id) : false;
  // Once the cut-off passes, fetch the draws again so the next one can be picked.
  useEffect(() => {
    if (closed) void queryClient.invalidateQueries({ queryKey: lotteryKeys.sections(type) });
  }, [closed, queryClient, type]);

  const board = useBoard(type, draw?.id, Boolean(draw) && !closed);
  const boardNumbers = board.data?.numbers;
  const limits = board.data?.limits;
  const odds = board.data?.draw.odds ?? draw?.odds;
  const statusOf = useMemo(() => new Map((boardNumbers ?? []).map((n) => [n.number, n])), [boardNumbers]);

  const slip = useSlip();
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [placed, setPlaced] = useState<{ slipId: number; total: number } | null>(null);
  const [confirmLines, setConfirmLines] = useState<BetLineInput[] | null>(null);
  const slipKey = useRef<string>("");
  const bet = usePlaceBet(type);

  // Any change to the slip makes the last warning and success message stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to slip changes by design
  useEffect(() => {
    setWarning(null);
  }, [slip.lines, slip.stake]);

  const toggle = useCallback(
    (number: string) => {
      setPlaced(null);
      slip.toggle(number);
    },
    [slip.toggle],
  );

  const addNumbers = (numbers: string[], _kind: QuickPickKind) => {
    const usable = numbers.filter((n) => {
      const s = statusOf.get(n);
      return !s || (!s.blocked && s.remaining > 0);
    });
    const skipped = numbers.length - usable.length;
    slip.add(usable);
    setPlaced(null);
    const shown = usable.slice(0, 12).join(", ") + (usable.length > 12 ? " …" : "");
    const added = usable.length > 0 ? t("picks.added", { count: usable.length, numbers: shown }) : t("picks.noneAdded");
    setNotice(skipped > 0 ? `${added} ${t("picks.skipped", { count: skipped })}` : added);
    const first = usable[0];
    if (first !== undefined && game.size > 100) setPage(pageOf(type, first));
  };

  const pageCounts = useMemo(() => {
    const counts = Array.from({ length: 10 }, () => 0);
    if (game.size > 100) for (const line of slip.lines) counts[pageOf(type, line.number)] = (counts[pageOf(type, line.number)] ?? 0) + 1;
    return counts;
  }, [slip.lines, game.size, type]);

  const review = () => {
    setWarning(null);
    setPlaced(null);
    if (!signedIn) {
      const state: LoginRedirectState = { from: location.pathname + location.search };
      void navigate(paths.login, { state });
      return;
    }
    if (!draw || closed) return;
    if (slip.lines.length === 0) {
      setWarning(t("slip.chooseFirst"));
      return;
    }
    if (slip.missingAmount) {
      setWarning(t("amountFirst"));
      return;
    }
    const lines = slip.lines.map((l) => ({ number: l.number, amount: lineStake(l, slip.stake) ?? 0 }));
    if (board.data) {
      // The server's own rules, run on the board's figures: most refusals are caught before sending.
      const check = checkSlip(lines, rulesFromBoard(type, board.data));
      if (!check.ok) {
        if (check.code === "LINES_REJECTED") {
          slip.reject(check.rejected);
          setWarning(t("rejected"));
        } else if (check.code === "TOO_MANY_LINES") {
          setWarning(t("slip.tooMany", { max: board.data.limits.max_lines }));
        } else setWarning(t("rejected"));
        return;
      }
    }
    slipKey.current = newSlipKey();
    setConfirmLines(lines);
  };

  const confirm = () => {
    if (!draw || !confirmLines) return;
    const drawId = draw.id;
    bet.mutate(
      { drawId, lines: confirmLines, idempotencyKey: slipKey.current },
      {
        onSuccess: (res) => {
          setBalance(res.balance);
          setConfirmLines(null);
          slip.clear();
          setNotice(null);
          setPlaced({ slipId: res.slip_id, total: res.total });
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.boards(type) });
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.slipsAll });
        },
        onError: (error) => {
          if (error instanceof TypeError) {
            // No answer: the sheet stays open and a second press resends with the same key, so the slip is placed at most once.
            toast.error(errorMessage(error));
            return;
          }
          setConfirmLines(null);
          if (error instanceof ApiError && error.code === "LINES_REJECTED") {
            const rejected = (error.details as { rejected?: RejectedLine[] } | undefined)?.rejected ?? [];
            slip.reject(rejected);
            setWarning(t("rejected"));
            void queryClient.invalidateQueries({ queryKey: lotteryKeys.boards(type) });
            return;
          }
          if (error instanceof ApiError && error.code === "BETTING_CLOSED") {
            // The draw card says 'Betting has been closed.' and the draws are fetched again.
            setClosedByServer((set) => new Set(set).add(drawId));
            return;
          }
          setWarning(errorMessage(error));
        },
      },
    );
  };

  const pickDraw = (next: Draw) => {
    setChosen(next);
    setPage(0);
    setWarning(null);
    slip.reject([]);
  };

  const noDraw = sections.isError || (sections.isSuccess && !draw);
  const boardFailed = board.isError && !board.data;

  return (
    <div className="mx-auto w-full max-w-6xl">
      <header className="mb-3 flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold sm:text-2xl">{t(`games.${key}.title`)}</h1>
          <p className="text-sm text-muted">{t(`games.${key}.about`)}</p>
        </div>
        {odds ? (
          <p className="shrink-0 rounded-full border border-gold/50 bg-gold/10 px-3 py-1 text-sm font-bold text-gold">
            <span className="tabular">{t("odds", { odds })}</span>
          </p>
        ) : null}
      </header>

      {sections.isPending ? (
        <BoardSkeleton cells={pageSize(type)} />
      ) : noDraw || !draw ? (
        <NoDigitData onRetry={() => void sections.refetch()} retrying={sections.isFetching} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-4">
            <LiveResultSlot type={type} />
            <DrawCard draws={draws} draw={draw} closed={closed} onSelect={pickDraw} />

            {game.digits > 1 ? (
              // 1D needs no typing or picks: its ten numbers are all on the board.
              <section aria-label={t("picks.label")} className={`${cardClass} flex flex-col gap-4`}>
                <NumberEntry type={type} onAdd={addNumbers} disabled={closed} />
                <PickChips type={type} onAdd={addNumbers} disabled={closed} />
                <p aria-live="polite" className="min-h-5 text-sm text-win empty:hidden">
                  {notice}
                </p>
              </section>
            ) : null}

            <section aria-label={t("board.label")} className={cardClass}>
              {game.size > 100 ? <HundredsTabs page={page} onPage={setPage} counts={pageCounts} /> : null}
              {boardFailed ? (
                <NoDigitData onRetry={() => void board.refetch()} retrying={board.isFetching} />
              ) : board.isPending ? (
                <BoardSkeleton cells={pageSize(type)} />
              ) : (
                <NumberBoard
                  type={type}
                  page={page}
                  numbers={boardNumbers ?? []}
                  limits={limits}
                  selected={slip.selected}
                  rejected={slip.rejected}
                  locked={closed}
                  onToggle={toggle}
                />
              )}
            </section>
          </div>

          <aside className="flex min-w-0 flex-col gap-4 max-lg:below-fold max-lg:[--below-fold-height:420px] lg:sticky lg:top-32">
            <SlipPanel slip={slip} limits={limits} closed={closed} cardClass={cardClass} />
          </aside>
        </div>
      )}

      {draw && !noDraw ? (
        <BetBar
          count={slip.lines.length}
          total={slip.total}
          signedIn={signedIn}
          disabled={bet.isPending || closed || !!onBreak}
          warning={warning}
          notice={
            <>
              {signedIn ? (
                <Suspense fallback={null}>
                  <BreakWatch onChange={setOnBreak} />
                </Suspense>
              ) : null}
              {placed ? (
                <Suspense fallback={null}>
                  <BetPlaced slipId={placed.slipId} total={placed.total} onDismiss={() => setPlaced(null)} />
                </Suspense>
              ) : null}
            </>
          }
          onBet={review}
        />
      ) : null}

      {draw && confirmLines ? (
        <Suspense fallback={null}>
          <ConfirmSheet
            open
            type={type}
            draw={board.data?.draw ?? draw}
            lines={confirmLines}
            total={confirmLines.reduce((sum, l) => sum + l.amount, 0)}
            balance={balance}
            submitting={bet.isPending}
            onConfirm={confirm}
            onClose={() => setConfirmLines(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
