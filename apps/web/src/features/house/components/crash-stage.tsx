import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/**
 * The rocket flight: the multiplier rises from 1.00× along an exponential curve until the round's
 * crash point (known before the flight starts: the server decided it from the committed seed).
 * Drawn in SVG and moved with requestAnimationFrame; with reduced motion the final picture shows at once.
 */

const W = 340;
const H = 220;
const LEFT = 16;
const BOTTOM = 196;
const PLOT_W = 300;
const PLOT_H = 168;
/** e^(0.55 t): 2× after 1.3 s, 5× after 2.9 s; long flights are sped up to end within MAX_FLIGHT_MS. */
const GROWTH_PER_S = 0.55;
const MAX_FLIGHT_MS = 6500;

export function flightMs(crashPoint: number): number {
  if (crashPoint <= 1) return 0;
  return Math.min(MAX_FLIGHT_MS, (Math.log(crashPoint) / GROWTH_PER_S) * 1000);
}

interface Frame {
  curve: string;
  area: string;
  tip: { x: number; y: number; angle: number };
  targetY: number | null;
}

/** The picture at multiplier `m` of a flight heading for `crash` (time axis and multiplier axis both stretch). */
function frameAt(m: number, crash: number, target: number): Frame {
  const total = flightMs(crash) || 1;
  const now = crash <= 1 ? 0 : (Math.log(m) / Math.log(crash)) * total;
  const tSpan = Math.max(now, 1500);
  const ySpan = Math.max(m * 1.12, 1.6);
  const point = (t: number) => {
    const mt = crash <= 1 ? 1 : crash ** (t / total);
    return { x: LEFT + (PLOT_W * t) / tSpan, y: BOTTOM - (PLOT_H * (mt - 1)) / (ySpan - 1) };
  };
  const steps = 40;
  const pts = Array.from({ length: steps + 1 }, (_, i) => point((now * i) / steps));
  const curve = pts.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");
  const last = pts[pts.length - 1] ?? { x: LEFT, y: BOTTOM };
  const prev = pts[pts.length - 2] ?? { x: LEFT - 1, y: BOTTOM };
  const angle = (Math.atan2(last.y - prev.y, last.x - prev.x) * 180) / Math.PI;
  const area = `${curve} L${last.x.toFixed(1)} ${BOTTOM} L${LEFT} ${BOTTOM} Z`;
  const targetY = target <= ySpan ? BOTTOM - (PLOT_H * (target - 1)) / (ySpan - 1) : null;
  return { curve, area, tip: { x: last.x, y: last.y, angle: Number.isFinite(angle) ? angle : -30 }, targetY };
}

export type FlightPhase = "idle" | "launching" | "flying" | "done";

export interface CrashStageProps {
  phase: FlightPhase;
  crashPoint: number | null;
  /** The automatic cash-out multiplier. */
  target: number;
  /** Whether the round cashed out (crash point ≥ target). */
  cashedOut: boolean;
  reducedMotion: boolean;
  onLanded: () => void;
}

function Rocket() {
  return (
    <g>
      <path d="M-20 0 L-30 -7 L-30 7 Z" fill="#F59E0B" opacity=".9" />
      <path d="M-24 0 L-31 -4 L-31 4 Z" fill="#FFE9A3" />
      <path d="M-16 -6 h22 q10 0 14 6 q-4 6 -14 6 h-22 z" fill="#F4F6FB" stroke="#AEB6C8" strokeWidth="1" />
      <circle cx="4" cy="0" r="3" fill="#1C2540" stroke="#F5C542" strokeWidth="1.2" />
      <path d="M-14 -6 l-6 -7 h6 l6 7 z M-14 6 l-6 7 h6 l6 -7 z" fill="#EF4444" />
    </g>
  );
}

function Burst() {
  return (
    <g>
      {Array.from({ length: 10 }, (_, i) => {
        const a = (i * Math.PI) / 5;
        return (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative rays
            key={i}
            x1={Math.cos(a) * 6}
            y1={Math.sin(a) * 6}
            x2={Math.cos(a) * 16}
            y2={Math.sin(a) * 16}
            className="stroke-danger"
            strokeWidth="3"
            strokeLinecap="round"
          />
        );
      })}
      <circle r="8" className="fill-warn" />
      <circle r="4" fill="#FFE9A3" />
    </g>
  );
}

export function CrashStage({ phase, crashPoint, target, cashedOut, reducedMotion, onLanded }: CrashStageProps) {
  const { t } = useTranslation("house");
  const textRef = useRef<HTMLParagraphElement>(null);
  const curveRef = useRef<SVGPathElement>(null);
  const areaRef = useRef<SVGPathElement>(null);
  const rocketRef = useRef<SVGGElement>(null);
  const targetRef = useRef<SVGGElement>(null);
  const [passedTarget, setPassedTarget] = useState(false);
  const landed = useRef(onLanded);
  landed.current = onLanded;

  useEffect(() => {
    if (phase !== "flying" || crashPoint === null) return;
    setPassedTarget(false);
    const total = flightMs(crashPoint);
    if (reducedMotion || total === 0) {
      landed.current();
      return;
    }
    let raf = 0;
    let passed = false;
    const start = performance.now();
    const tick = (now: number) => {
      const elapsed = Math.min(total, now - start);
      const m = crashPoint ** (elapsed / total);
      const f = frameAt(m, crashPoint, target);
      if (textRef.current) textRef.current.textContent = `${(Math.floor(m * 100) / 100).toFixed(2)}×`;
      curveRef.current?.setAttribute("d", f.curve);
      areaRef.current?.setAttribute("d", f.area);
      rocketRef.current?.setAttribute("transform", `translate(${f.tip.x} ${f.tip.y}) rotate(${f.tip.angle})`);
      if (targetRef.current) {
        targetRef.current.setAttribute("transform", `translate(0 ${f.targetY ?? -50})`);
      }
      if (!passed && cashedOut && m >= target) {
        passed = true;
        setPassedTarget(true);
      }
      if (elapsed < total) raf = requestAnimationFrame(tick);
      else landed.current();
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [phase, crashPoint, target, cashedOut, reducedMotion]);

  const done = phase === "done" && crashPoint !== null;
  // Before a flight the rocket waits on the launch pad, nose up.
  const still = done
    ? frameAt(crashPoint, crashPoint, target)
    : { ...frameAt(1, 2, target), tip: { x: LEFT + 26, y: BOTTOM - 16, angle: -35 } };
  const crashed = done;
  const shownMultiplier = done ? crashPoint : 1;
  const showCashBadge = (done && cashedOut) || (phase === "flying" && passedTarget);
  return (
    <div
      className="relative overflow-hidden rounded-card border border-line bg-linear-to-b from-surface-2 to-bg shadow-card"
      data-testid="crash-stage"
    >
      <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full" aria-hidden="true">
        <defs>
          <linearGradient id="house-crash-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" style={{ stopColor: crashed && !cashedOut ? "var(--color-danger)" : "var(--color-gold)" }} stopOpacity=".35" />
            <stop offset="1" style={{ stopColor: crashed && !cashedOut ? "var(--color-danger)" : "var(--color-gold)" }} stopOpacity="0" />
          </linearGradient>
        </defs>
        {[0.25, 0.5, 0.75].map((f) => (
          <line
            key={f}
            x1={LEFT}
            x2={LEFT + PLOT_W}
            y1={BOTTOM - PLOT_H * f}
            y2={BOTTOM - PLOT_H * f}
            className="stroke-line"
            strokeDasharray="2 6"
          />
        ))}
        <line x1={LEFT} x2={LEFT + PLOT_W} y1={BOTTOM} y2={BOTTOM} className="stroke-line" />
        <g ref={targetRef} transform={`translate(0 ${still.targetY ?? -50})`}>
          <line x1={LEFT} x2={LEFT + PLOT_W} y1="0" y2="0" className="stroke-win" strokeDasharray="5 5" strokeWidth="1.5" />
          <text x={LEFT + PLOT_W} y="-5" textAnchor="end" className="fill-win text-[11px] font-semibold">
            {`${target.toFixed(2)}×`}
          </text>
        </g>
        <path ref={areaRef} d={still.area} fill="url(#house-crash-area)" />
        <path
          ref={curveRef}
          d={still.curve}
          fill="none"
          className={crashed && !cashedOut ? "stroke-danger" : "stroke-gold"}
          strokeWidth="3.5"
          strokeLinecap="round"
        />
        <g ref={rocketRef} transform={`translate(${still.tip.x} ${still.tip.y}) rotate(${still.tip.angle})`}>
          {crashed ? <Burst /> : <Rocket />}
        </g>
      </svg>
      <div className="pointer-events-none absolute inset-x-0 top-3 flex flex-col items-center gap-1">
        <p
          ref={textRef}
          className={`tabular text-5xl font-extrabold drop-shadow ${crashed ? "text-danger" : "text-text"}`}
          data-testid="crash-multiplier"
          aria-hidden="true"
        >
          {`${shownMultiplier.toFixed(2)}×`}
        </p>
        {phase === "launching" ? <p className="text-sm font-semibold text-muted">{t("crash.launching")}</p> : null}
        {crashed ? <p className="text-sm font-bold uppercase tracking-wide text-danger">{t("crash.crashedLabel")}</p> : null}
        {showCashBadge ? (
          <p className="rounded-full bg-win px-3 py-1 text-sm font-bold whitespace-nowrap text-bg shadow-card">
            {t("crash.cashedOutAt", { at: target.toFixed(2) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
