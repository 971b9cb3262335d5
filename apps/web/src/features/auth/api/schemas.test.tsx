import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { LoginPage } from "../pages/login-page.tsx";
import { demoProfile, mockApi, renderPage } from "../test/render.tsx";
import { accountSchemas, preloadSchemas } from "./schemas.ts";

vi.mock("./schemas.ts", async (original) => {
  const real = await original<typeof import("./schemas.ts")>();
  return { accountSchemas: vi.fn(real.accountSchemas), preloadSchemas: vi.fn() };
});

beforeEach(() => {
  useSession.setState({ user: null });
  vi.mocked(preloadSchemas).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(accountSchemas).mockRestore();
});

describe("the account calls' schemas, loaded apart from the page", { timeout: 20_000 }, () => {
  it("start loading when the player enters the first field, once", async () => {
    mockApi({});
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Login" });
    expect(preloadSchemas).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText("Phone number"));
    expect(preloadSchemas).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    expect(preloadSchemas).toHaveBeenCalledTimes(1);
  });

  it("a load that fails is said as a lost connection, and nothing is sent", async () => {
    const api = mockApi({
      "POST /api/user/login": () => ({ body: { token: "t", expires_at: "2030-01-01T00:00:00.000Z", user: demoProfile } }),
    });
    vi.mocked(accountSchemas).mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.type(screen.getByLabelText("Password"), "demo-player-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("No connection. Check your internet and try again.")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(useSession.getState().user).toBeNull();

    // The next try loads them again and signs in.
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(useSession.getState().user?.token).toBe("t"));
    expect(api.callsTo("/api/user/login")).toHaveLength(1);
  });
});
