import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  createMemoryRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  RouterProvider,
  resolvePath,
  StaticRouter,
  useLocation,
  useParams,
  useRoutes,
  useSearchParams,
} from "./router.tsx";

const paths = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map((m) => m.route.path ?? (m.route.index ? "(index)" : "(layout)"));

describe("matching", () => {
  const routes: RouteObject[] = [
    { path: "admin/*" },
    {
      children: [
        { index: true },
        { path: "two/lottery" },
        { path: "slot" },
        { path: "slot/:provider" },
        { path: ":anything" },
        { path: "*" },
      ],
    },
  ];

  it("ranks static segments over params over splats, whatever the order of definition", () => {
    expect(paths(routes, "/")).toEqual(["(layout)", "(index)"]);
    expect(paths(routes, "/two/lottery")).toEqual(["(layout)", "two/lottery"]);
    expect(paths(routes, "/slot")).toEqual(["(layout)", "slot"]);
    expect(paths(routes, "/slot/14")).toEqual(["(layout)", "slot/:provider"]);
    expect(paths(routes, "/foo")).toEqual(["(layout)", ":anything"]);
    expect(paths(routes, "/no/such/page")).toEqual(["(layout)", "*"]);
    expect(paths(routes, "/admin/players/7")).toEqual(["admin/*"]);
  });

  it("decodes params, ignores a trailing slash and case", () => {
    const match = matchRoutes(routes, "/SLOT/golden%20dragon/");
    expect(match?.at(-1)?.params).toEqual({ provider: "golden dragon" });
    expect(matchRoutes(routes, "/admin")?.at(-1)?.params).toEqual({ "*": "" });
  });

  it("resolves relative paths against the route's path", () => {
    expect(resolvePath("players/7", "/admin")).toEqual({ pathname: "/admin/players/7", search: "", hash: "" });
    expect(resolvePath("../x?y=1#z", "/a/b")).toEqual({ pathname: "/a/x", search: "?y=1", hash: "#z" });
    expect(resolvePath("/abs", "/a/b").pathname).toBe("/abs");
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</p>;
}

function Console() {
  // Nested routes relative to /admin, like the operator console.
  return useRoutes([
    { index: true, element: <p>dashboard</p> },
    { path: "players/:id", element: <Player /> },
  ]);
}

function Player() {
  const { id } = useParams();
  return <p>player {id}</p>;
}

function Provider() {
  const { provider } = useParams();
  return <p>provider {provider}</p>;
}

function Search() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ page: String(Number(params.get("page") ?? "1") + 1) }, { replace: true })}>
      page {params.get("page") ?? "1"}
    </button>
  );
}

const appRoutes: RouteObject[] = [
  { path: "admin/*", element: <Console /> },
  {
    element: (
      <>
        <nav>
          <NavLink to="/" end className={({ isActive }) => (isActive ? "on" : "off")}>
            home
          </NavLink>
          <NavLink to="/slot" className={({ isActive }) => (isActive ? "on" : "off")}>
            slot
          </NavLink>
        </nav>
        <Outlet />
        <Where />
      </>
    ),
    children: [
      {
        index: true,
        element: (
          <Link to="/slot/14" state={{ from: "home" }}>
            to provider
          </Link>
        ),
      },
      { path: "slot", element: <p>slot page</p> },
      { path: "slot/:provider", element: <Provider /> },
      { path: "search", element: <Search /> },
      { path: "old", element: <Navigate to="/slot" replace state={{ moved: true }} /> },
    ],
  },
];

describe("rendering and navigation", () => {
  it("draws the layout and page of the location, follows links with state, and marks the active NavLink", async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(appRoutes, { initialEntries: ["/"] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("link", { name: "home" })).toHaveClass("on");
    expect(screen.getByRole("link", { name: "home" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "to provider" })).toHaveAttribute("href", "/slot/14");
    await user.click(screen.getByRole("link", { name: "to provider" }));
    expect(await screen.findByText("provider 14")).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent('/slot/14|{"from":"home"}');
    expect(router.state.historyAction).toBe("PUSH");
    // /slot is active below it too (no `end`); home is not.
    expect(screen.getByRole("link", { name: "slot" })).toHaveClass("on");
    expect(screen.getByRole("link", { name: "home" })).toHaveClass("off");
    act(() => router.navigate(-1));
    expect(await screen.findByRole("link", { name: "to provider" })).toBeInTheDocument();
  });

  it("Navigate replaces the entry; search params update the URL", async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(appRoutes, { initialEntries: ["/old"] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("slot page")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ moved: true });
    expect(router.state.historyAction).toBe("REPLACE");

    act(() => router.navigate("/search?page=2"));
    await user.click(await screen.findByRole("button", { name: "page 2" }));
    expect(await screen.findByRole("button", { name: "page 3" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=3");
  });

  it("nested useRoutes match below their parent's path, with its params", async () => {
    const router = createMemoryRouter(appRoutes, { initialEntries: ["/admin"] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText("dashboard")).toBeInTheDocument();
    act(() => router.navigate("/admin/players/7"));
    expect(await screen.findByText("player 7")).toBeInTheDocument();
  });

  it("a modified click (new tab) is left to the browser", async () => {
    const router = createMemoryRouter(appRoutes, { initialEntries: ["/"] });
    render(<RouterProvider router={router} />);
    const link = screen.getByRole("link", { name: "to provider" });
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("the static router draws one location and refuses to navigate", () => {
    render(
      <StaticRouter location="/slot/3?x=1">
        <Where />
      </StaticRouter>,
    );
    expect(screen.getByTestId("where")).toHaveTextContent("/slot/3?x=1|null");
  });
});
