import { useCallback, useEffect, useRef, useState } from "react";
import { copyText } from "../../../lib/clipboard.ts";

/** Copy with a short-lived "copied" state per key (to swap the button's label for two seconds). */
export function useCopy() {
  const [copied, setCopied] = useState<string>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, text: string) => {
    const ok = await copyText(text);
    if (ok) {
      setCopied(key);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(undefined), 2000);
    }
    return ok;
  }, []);
  return { copied, copy };
}
