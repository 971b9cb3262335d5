import type * as I18nReact from "../lib/i18n-react.tsx";

/**
 * For `vi.mock("…/lib/i18n-react.tsx", …)`: the module with a `useTranslation` whose `t` counts each
 * key it is asked for in `asked`. Every part of a screen looks up its own texts each time it draws,
 * so counting keys between two moments tells which parts drew in between. The same counting `t` is
 * handed out for the same original `t`, so what memoises on `t` behaves as it does in the app.
 */
export function countingTranslation(actual: typeof I18nReact, asked: Map<string, number>): typeof I18nReact {
  const counted = new WeakMap<object, unknown>();
  return {
    ...actual,
    useTranslation: (...args: Parameters<typeof actual.useTranslation>) => {
      const result = actual.useTranslation(...args);
      let t = counted.get(result.t) as typeof result.t | undefined;
      if (!t) {
        const inner = result.t;
        t = ((key: string, options?: Record<string, unknown>) => {
          asked.set(key, (asked.get(key) ?? 0) + 1);
          return inner(key, options);
        }) as typeof result.t;
        counted.set(result.t, t);
      }
      return { ...result, t };
    },
  };
}
