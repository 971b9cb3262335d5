import type { ReactNode } from "react";

/** The router's types (the same shapes as React Router's). */

export type NavigationType = "POP" | "PUSH" | "REPLACE";
export type Params = Record<string, string | undefined>;

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry ("default" for the first page of a tab). */
  key: string;
}

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export type To = string | Partial<Path>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: RouteObject;
}
