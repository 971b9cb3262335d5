import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useBusy } from "./use-busy.ts";

describe("useBusy", () => {
  it("runs a second task only after the first one settled, even when both start in the same tick", async () => {
    const { result } = renderHook(() => useBusy());
    let finish: () => void = () => undefined;
    const started: string[] = [];
    const slow = () =>
      new Promise<void>((resolve) => {
        started.push("slow");
        finish = resolve;
      });
    let first: Promise<void> = Promise.resolve();
    act(() => {
      const [, run] = result.current;
      first = run(slow);
      void run(async () => {
        started.push("second");
      });
    });
    expect(started).toEqual(["slow"]);
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current[0]).toBe(false);
    await act(() => result.current[1](async () => void started.push("third")));
    expect(started).toEqual(["slow", "third"]);
  });

  it("is free again after a task fails", async () => {
    const { result } = renderHook(() => useBusy());
    await act(() => result.current[1](() => Promise.reject(new Error("refused"))).catch(() => undefined));
    expect(result.current[0]).toBe(false);
    let ran = false;
    await act(() =>
      result.current[1](async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(true);
  });
});
