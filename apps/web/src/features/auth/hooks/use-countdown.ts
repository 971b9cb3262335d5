import { useCallback, useEffect, useState } from "react";

/** Seconds left before an action may be repeated (the OTP resend wait); ticks once a second. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [endsAt, now]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  const reset = useCallback(() => setEndsAt(0), []);

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start, reset };
}
