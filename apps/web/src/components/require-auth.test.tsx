import { screen } from "@testing-library/react";
import { useEffect } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { useLocation } from "../lib/router.tsx";
import { USER_INFO_KEY, useSession } from "../lib/session-store.ts";
import { renderRoutes, signIn } from "../test/render.tsx";
import { RequireAuth } from "./require-auth.tsx";

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from={(location.state as { from?: string } | null)?.from ?? "none"}</p>;
}

const routes = [
  { path: "/login", element: <LoginProbe /> },
  { element: <RequireAuth />, children: [{ path: "/profile", element: <p>secret profile</p> }] },
];

describe("RequireAuth", () => {
  beforeEach(() => useSession.setState({ user: null }));

  it("sends a visitor to /login, remembering the page and query they asked for, and replaces the history entry", async () => {
    const { router } = renderRoutes(routes, { path: "/profile?tab=level" });
    expect(await screen.findByText("login page, from=/profile?tab=level")).toBeInTheDocument();
    expect(screen.queryByText("secret profile")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows the page to a signed-in player", async () => {
    signIn();
    renderRoutes(routes, { path: "/profile" });
    expect(await screen.findByText("secret profile")).toBeInTheDocument();
  });

  it("accepts a token found only in the stored user info, and the store takes that player before the page's effects run", async () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user: { token: "stored" } }, version: 0 }));
    const tokenSeen: (string | undefined)[] = [];
    function Page() {
      useEffect(() => {
        tokenSeen.push(useSession.getState().user?.token);
      }, []);
      return <p>secret profile</p>;
    }
    renderRoutes([{ element: <RequireAuth />, children: [{ path: "/profile", element: <Page /> }] }], { path: "/profile" });
    expect(await screen.findByText("secret profile")).toBeInTheDocument();
    // A player stored by a build without the signed-in cookie: the page's requests go out with the token.
    expect(tokenSeen).toEqual(["stored"]);
    expect(useSession.getState().user?.token).toBe("stored");
  });

  it("does not accept stored user info without a token", async () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user: { token: "" } }, version: 0 }));
    renderRoutes(routes, { path: "/profile" });
    expect(await screen.findByText("login page, from=/profile")).toBeInTheDocument();
  });
});
