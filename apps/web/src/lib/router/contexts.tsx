import { createContext, type ReactNode, useContext } from "react";
import type { History } from "./histories.ts";
import type { Location, NavigationType, RouteMatch } from "./types.ts";

// ── contexts ─────────────────────────────────────────────────────────────────

interface LocationContextValue {
  location: Location;
  navigationType: NavigationType;
  history: History;
}

interface RouteContextValue {
  outlet: ReactNode;
  matches: RouteMatch[];
}

export const LocationContext = createContext<LocationContextValue | null>(null);
export const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });

export function useRouterContext(hook: string): LocationContextValue {
  const context = useContext(LocationContext);
  if (!context) throw new Error(`${hook} may be used only inside a router`);
  return context;
}
