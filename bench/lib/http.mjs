import autocannon from "autocannon";
import { cpuMeter, cpuPerCall } from "./cpu.mjs";
import { withTimeout } from "./setup.mjs";
import { round } from "./statistics.mjs";

/** HTTP load runs against the real API (autocannon), with their figures and CPU per call. */

/**
 * One autocannon run (bounded by duration, plus a hard timeout). `check(status, body, context)` answers whether a
 * response counts as a success (`context`: the connection's, as `setupRequest` left it); bodies are read only
 * when a check is given.
 */
export async function loadRun({ url, connections, duration, requests, check, serverPid }) {
  let ok = 0;
  let failed = 0;
  const samples = [];
  const reqs = requests.map((r) => ({
    ...r,
    onResponse(status, body, context) {
      const good = check ? check(status, body, context) : status >= 200 && status < 300;
      if (good) ok++;
      else {
        failed++;
        if (samples.length < 5) samples.push(`${status} ${String(body).slice(0, 200)}`);
      }
      r.onResponse?.(status, body, context);
    },
  }));
  const meter = cpuMeter(serverPid);
  const instance = autocannon({ url, connections, duration, requests: reqs, timeout: 10 });
  const result = await withTimeout(instance, (duration + 30) * 1000, "load run");
  const cpu = meter.stop();
  const seconds = result.duration;
  return {
    connections,
    duration_s: seconds,
    requests: result.requests.total,
    ok,
    failed,
    errors: result.errors,
    timeouts: result.timeouts,
    ok_per_s: round(ok / seconds),
    req_per_s: round(result.requests.average),
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    cpu_per_ok: cpuPerCall(cpu, ok),
    failure_samples: samples,
  };
}
