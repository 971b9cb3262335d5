import { act, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n-core.ts";
import { dispatchRealtime } from "../../../lib/realtime.ts";
import { toast } from "../../../lib/toast.ts";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { LiveTicker } from "./live-ticker.tsx";
import { Marquee } from "./marquee.tsx";

describe("live ticker in the shell", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("shows each chat message 20 s, one after the other, each once", async () => {
    mockApi({});
    renderRoutes([{ index: true, element: <LiveTicker /> }]);
    act(() => {
      dispatchRealtime({ type: "chat", event_id: 1, text: "First", shown_for_ms: 20_000 });
      dispatchRealtime({ type: "chat", event_id: 2, text: "Second", shown_for_ms: 20_000 });
      dispatchRealtime({ type: "chat", event_id: 1, text: "First", shown_for_ms: 20_000 });
    });
    expect(await screen.findByText("First")).toBeInTheDocument();
    expect(screen.queryByText("Second")).toBeNull();
    act(() => vi.advanceTimersByTime(19_900));
    expect(screen.getByText("First")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.queryByText("First")).toBeNull();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId("chat-ticker")).toBeNull();
  });

  it("shows a chat message in the page's language, Burmese where the operator did not write it, and follows a language switch", async () => {
    mockApi({});
    renderRoutes([{ index: true, element: <LiveTicker /> }]);
    act(() => {
      dispatchRealtime({
        type: "chat",
        event_id: 11,
        text: "ကံကောင်းပါစေ",
        translations: { en: "Good luck", thai: "โชคดี" },
        shown_for_ms: 20_000,
      });
      dispatchRealtime({ type: "chat", event_id: 12, text: "မြန်မာသာ", translations: { thai: "ไทยเท่านั้น" }, shown_for_ms: 5_000 });
    });
    // The page is English: the English form, never the Burmese one.
    const ticker = await screen.findByTestId("chat-ticker");
    expect(ticker).toHaveTextContent("Good luck");
    expect(ticker).not.toHaveTextContent("ကံကောင်းပါစေ");
    // The player switches to Thai while it runs: the Thai form.
    await act(() => i18n.changeLanguage("thai"));
    expect(await screen.findByText("โชคดี")).toBeInTheDocument();
    await act(() => i18n.changeLanguage("en"));
    act(() => vi.advanceTimersByTime(20_000));
    // No English written for the next one: the Burmese text.
    expect(await screen.findByText("မြန်မာသာ")).toBeInTheDocument();
  });

  it("replaces the marquee text in place when it changes", async () => {
    mockApi({ header_play_text: { body: { data: [{ text: "Old notice" }] } } });
    renderRoutes([
      {
        index: true,
        element: (
          <>
            <LiveTicker />
            <Marquee />
          </>
        ),
      },
    ]);
    expect(await screen.findByText("Old notice")).toBeInTheDocument();
    act(() => dispatchRealtime({ type: "marquee", event_id: 5, text: "New notice" }));
    expect(await screen.findByText("New notice")).toBeInTheDocument();
    expect(screen.queryByText("Old notice")).toBeNull();
  });

  it("shows the marquee and broadcasts in the page's language, Burmese where the operator did not write it", async () => {
    const asked: string[] = [];
    mockApi({
      header_play_text: (url) => {
        asked.push(url.searchParams.get("lng") ?? "");
        return { body: { data: [{ text: "Old notice" }] } };
      },
    });
    renderRoutes([
      {
        index: true,
        element: (
          <>
            <LiveTicker />
            <Marquee />
          </>
        ),
      },
    ]);
    expect(await screen.findByText("Old notice")).toBeInTheDocument();
    // The page (English here) asks for its own language's text.
    expect(asked).toEqual(["en"]);
    act(() => dispatchRealtime({ type: "marquee", event_id: 6, text: "ကြေညာချက်", translations: { en: "Notice", cn: "公告" } }));
    expect(await screen.findByText("Notice")).toBeInTheDocument();
    const info = vi.spyOn(toast, "info");
    act(() =>
      dispatchRealtime({
        type: "broadcast",
        event_id: 7,
        title: "ဆုကြေးငွေ",
        body: "အသေးစိတ်",
        title_translations: { en: "Prize money" },
        personal: false,
      }),
    );
    const shown = render(info.mock.calls[0]?.[0] as ReactElement);
    expect(shown.getByText("Prize money")).toBeInTheDocument();
    // No English body was written: the Burmese one shows.
    expect(shown.getByText("အသေးစိတ်")).toBeInTheDocument();
    info.mockRestore();
  });
});
