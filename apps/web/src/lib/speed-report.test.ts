import { describe, expect, it } from "vitest";
import { createVitalsReporter, visitContext, vitalPageOf } from "./speed-report.ts";

describe("speed reports of a visit", () => {
  it("names the page the visit started on from the fixed list", () => {
    expect(vitalPageOf("/")).toBe("home");
    expect(vitalPageOf("/two/lottery/")).toBe("2d");
    expect(vitalPageOf("/crypto/one/lottery")).toBe("crypto-1d");
    expect(vitalPageOf("/login")).toBe("sign-in");
    expect(vitalPageOf("/cashin")).toBe("cash-in");
    expect(vitalPageOf("/admin/vitals")).toBe("console");
    expect(vitalPageOf("/slot/PG")).toBe("games");
    expect(vitalPageOf("/a/b/c")).toBe("other");
  });

  it("says only coarse classes of the phone and its connection", () => {
    expect(visitContext({ deviceMemory: 2, hardwareConcurrency: 8, connection: { effectiveType: "3g" } })).toEqual({
      device: "low",
      connection: "3g",
    });
    expect(visitContext({ userAgentData: { mobile: false } })).toEqual({ device: "desktop", connection: "unknown" });
  });

  it("sends each measure's latest value once per flush, rounded, and nothing when there is nothing new", () => {
    const sent: unknown[] = [];
    const reporter = createVitalsReporter("2d", { device: "mid", connection: "4g" }, (url, body) => sent.push([url, JSON.parse(body)]));
    reporter.flush();
    expect(sent).toEqual([]);
    reporter.add({ name: "LCP", value: 2310.6 });
    reporter.add({ name: "CLS", value: 0.012345 });
    reporter.add({ name: "CLS", value: 0.05 });
    reporter.add({ name: "FCP", value: 900 });
    reporter.add({ name: "INP", value: Number.NaN });
    reporter.flush();
    reporter.flush();
    expect(sent).toEqual([
      [
        "/api/vitals",
        {
          page: "2d",
          device: "mid",
          connection: "4g",
          samples: [
            { metric: "LCP", value: 2311 },
            { metric: "CLS", value: 0.05 },
          ],
        },
      ],
    ]);
  });
});
