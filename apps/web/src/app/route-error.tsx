import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "../components/button.tsx";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Outlet, useLocation } from "../lib/router.tsx";

/** When a page cannot be shown (often a new version was deployed while the tab was open): reload. */
export function RouteError() {
  const { t } = useTranslation("common");
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-xl font-bold">{t("routeError.title")}</h1>
      <p className="text-muted">{t("routeError.text")}</p>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t("routeError.reload")}
      </Button>
    </section>
  );
}

interface BoundaryProps {
  /** A new value (the next page) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  key: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Catches what a page (or a layout) throws while drawing, e.g. a chunk that no longer exists, and
 * shows RouteError in its place; moving to another page tries again. Without children it draws
 * the nested routes.
 */
export function RouteBoundary({ children }: { children?: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.pathname}>{children ?? <Outlet />}</ErrorBoundary>;
}
