import { type AnchorHTMLAttributes, type CSSProperties, type MouseEvent, type ReactNode, type Ref, useEffect } from "react";
import { useHref, useLocation, useNavigate, useResolvedPath } from "./hooks.tsx";
import { ABSOLUTE_URL, createPath } from "./pathnames.ts";
import type { To } from "./types.ts";

// ── components ───────────────────────────────────────────────────────────────

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A normal page load instead of a move inside the app. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === "_self") && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export function Link({ to, replace, state, reloadDocument, target, onClick, ref, ...rest }: LinkProps) {
  const external = typeof to === "string" && ABSOLUTE_URL.test(to);
  const href = useHref(external ? "/" : to);
  const path = useResolvedPath(external ? "/" : to);
  const location = useLocation();
  const navigate = useNavigate();
  if (external) return <a {...rest} href={to as string} target={target} onClick={onClick} ref={ref} />;
  return (
    <a
      {...rest}
      href={href}
      target={target}
      ref={ref}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainLeftClick(event, target)) return;
        event.preventDefault();
        // Following a link to the page already shown replaces its entry (as React Router does).
        navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
      }}
    />
  );
}

export interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, "className" | "style" | "children"> {
  /** Active only on exactly this path (not on the paths below it). */
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

export function NavLink({ end = false, caseSensitive = false, className, style, children, ...rest }: NavLinkProps) {
  const path = useResolvedPath(rest.to);
  const location = useLocation();
  let current = location.pathname;
  let target = path.pathname;
  if (!caseSensitive) {
    current = current.toLowerCase();
    target = target.toLowerCase();
  }
  if (target !== "/" && target.endsWith("/")) target = target.slice(0, -1);
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(target.length) === "/");
  const props: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className(props) : [className, isActive ? "active" : null].filter(Boolean).join(" ")}
      style={typeof style === "function" ? style(props) : style}
    >
      {typeof children === "function" ? children(props) : children}
    </Link>
  );
}

/** Moves to `to` as soon as it is drawn (in an effect, so never during the server's drawing). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves once per target, like React Router's <Navigate>
  useEffect(() => {
    navigate(JSON.parse(target) as To, { replace, state });
  }, [target]);
  return null;
}
