import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { markSessionExpired, sessionExpiredMarked } from "../lib/session-expired.ts";
import { demoProfile, mockApi, renderPage, testI18n } from "../test/render.tsx";
import { LoginPage } from "./login-page.tsx";

beforeEach(() => useSession.setState({ user: null }));
afterEach(() => vi.unstubAllGlobals());

describe("LoginPage", { timeout: 20_000 }, () => {
  it("stores the session and returns to the page the guard remembered", async () => {
    const api = mockApi({
      "POST /api/user/login": () => ({ body: { token: "tok-123", expires_at: "2030-01-01T00:00:00.000Z", user: demoProfile } }),
    });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", state: { from: "/cashin?tab=2" } });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Phone number"), "+959500000001");
    await user.type(screen.getByLabelText("Password"), "demo-player-1");
    await user.click(screen.getByRole("button", { name: "Login" }));

    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/cashin?tab=2"));
    // The phone goes out in its stored form; the password as typed.
    expect(api.callsTo("/api/user/login")[0]?.body).toEqual({ phone: "09500000001", password: "demo-player-1" });
    const stored = useSession.getState().user;
    expect(stored?.token).toBe("tok-123");
    expect(stored?.expires_at).toBe("2030-01-01T00:00:00.000Z");
    expect(stored?.user_code).toBe("U7K2QX9P");
    expect(stored?.balance).toBe(1234567);
    expect(JSON.parse(localStorage.getItem("user-info") ?? "{}").state.user.token).toBe("tok-123");
  });

  it("says 'Session Expired, Please Login Again!' after a session ended, even on a freshly loaded page, once", async () => {
    mockApi({});
    markSessionExpired();
    const { unmount } = renderPage({ path: "/login", element: <LoginPage />, at: "/login", state: { from: "/cashin" } });
    expect(await screen.findByText("Session Expired, Please Login Again!")).toHaveAttribute("role", "alert");
    expect(sessionExpiredMarked()).toBe(false);
    unmount();
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    await screen.findByRole("button", { name: "Login" });
    expect(screen.queryByText("Session Expired, Please Login Again!")).toBeNull();
  });

  it("drawn by the server for every visitor alike, is taken over as drawn, then shows the phone carried here and the ended session", async () => {
    mockApi({});
    const view = renderPage({
      path: "/login",
      element: <LoginPage />,
      at: "/login",
      state: { phone: "09500000001" },
      drawn: true,
      inBrowser: markSessionExpired,
    });
    expect(await screen.findByText("Session Expired, Please Login Again!")).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("Phone number")).toHaveValue("09500000001");
    expect(view.mismatches).toEqual([]);
    expect(sessionExpiredMarked()).toBe(false);
  });

  it("fills in the phone carried here at once when the browser draws the page itself", () => {
    mockApi({});
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", state: { phone: "09500000001" } });
    expect(screen.getByLabelText("Phone number")).toHaveValue("09500000001");
  });

  it("goes home when no page was remembered, and never to another site", async () => {
    mockApi({ "POST /api/user/login": () => ({ body: { token: "t", expires_at: "2030-01-01T00:00:00.000Z", user: demoProfile } }) });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", state: { from: "//evil.example/steal" } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.type(screen.getByLabelText("Password"), "demo-player-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
  });

  it("shows a refusal in the player's language and keeps them signed out", async () => {
    mockApi({
      "POST /api/user/login": () => ({ status: 401, body: { message: "Wrong phone or password.", code: "INVALID_CREDENTIALS" } }),
    });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", lng: "mm" });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("ဖုန်းနံပါတ်"), "09500000001");
    await user.type(screen.getByLabelText("စကားဝှက်"), "not-my-password");
    await user.click(screen.getByRole("button", { name: "အကောင့်ဝင်မည်" }));

    expect(await screen.findByText("ဖုန်းနံပါတ် သို့မဟုတ် စကားဝှက် မှားနေပါသည်။")).toBeInTheDocument();
    expect(screen.queryByText("Wrong phone or password.")).not.toBeInTheDocument();
    expect(useSession.getState().user).toBeNull();
    expect(screen.queryByTestId("where")).not.toBeInTheDocument();
  });

  it("refuses a password with a control character before sending it, in the player's language", async () => {
    const api = mockApi({});
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", lng: "thai" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("หมายเลขโทรศัพท์"), "09500000001");
    await user.click(screen.getByLabelText("รหัสผ่าน"));
    await user.paste("demo-player-1\u0000");
    await user.keyboard("{Enter}");
    expect(await screen.findByText("มีอักขระที่มองไม่เห็นหรืออักขระเสีย (มักมาจากข้อความที่คัดลอกมาวาง) กรุณาพิมพ์ใหม่")).toBeInTheDocument();
    expect(api.callsTo("/api/user/login")).toHaveLength(0);
  });

  it("explains a blocked account", async () => {
    mockApi({ "POST /api/user/login": () => ({ status: 403, body: { message: "Blocked.", code: "BLOCKED" } }) });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.type(screen.getByLabelText("Password"), "whatever-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("This account is blocked. Please contact customer service.")).toBeInTheDocument();
  });

  it("catches a malformed phone and an empty password before asking the server", async () => {
    const api = mockApi({});
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "12345");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getByText("Enter a Myanmar mobile number, e.g. 09xxxxxxxxx.")).toBeInTheDocument();
    expect(screen.getByText("Please enter your password.")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone number")).toHaveAttribute("aria-invalid", "true");
    expect(api.calls).toHaveLength(0);
  });

  it("shows and hides the password, and links to register and forgot password", async () => {
    mockApi({});
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    const user = userEvent.setup();
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgetpwd");
  });

  it("when the phone's sign-in limit applies, asks for the SMS code and signs in with the password and its proof", async () => {
    const api = mockApi({
      "POST /api/user/login": (call) =>
        (call.body as { otp_token?: string }).otp_token === "proof-1"
          ? { body: { token: "tok-sms", expires_at: "2030-01-01T00:00:00.000Z", user: demoProfile } }
          : {
              status: 429,
              body: {
                message: "Too many attempts for this phone.",
                code: "RATE_LIMITED",
                details: { retry_after: 840, otp_purpose: "login" },
              },
            },
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ body: { otp_token: "proof-1" } }),
    });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", state: { from: "/profile" } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.type(screen.getByLabelText("Password"), "demo-player-1");
    await user.click(screen.getByRole("button", { name: "Login" }));

    expect(await screen.findByText(/Too many sign-in attempts were made for this number/)).toBeInTheDocument();
    expect(api.callsTo("/api/user/send_otp")[0]?.body).toEqual({ phone: "09500000001", purpose: "login" });
    await user.type(screen.getByLabelText("Verification code"), "123456");

    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/profile"));
    expect(api.callsTo("/api/user/verify_otp")[0]?.body).toEqual({ phone: "09500000001", purpose: "login", code: "123456" });
    expect(api.callsTo("/api/user/login")[1]?.body).toEqual({ phone: "09500000001", password: "demo-player-1", otp_token: "proof-1" });
    expect(useSession.getState().user?.token).toBe("tok-sms");
  });

  it("a plain rate limit (no SMS way out) stays a message, and the SMS step speaks every language", async () => {
    const api = mockApi({
      "POST /api/user/login": () => ({ status: 429, body: { message: "Too many.", code: "RATE_LIMITED", details: { retry_after: 120 } } }),
    });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.type(screen.getByLabelText("Password"), "demo-player-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Too many attempts. Please try again in 2 min.")).toBeInTheDocument();
    expect(api.callsTo("/api/user/send_otp")).toHaveLength(0);

    for (const lng of ["en", "mm", "cn", "thai"] as const) {
      const text = testI18n(lng).t("auth:login.locked_intro");
      expect(text, lng).not.toBe("login.locked_intro");
      expect(text.length, lng).toBeGreaterThan(20);
    }
  });

  it("sends a player who is already signed in straight on", async () => {
    const api = mockApi({});
    useSession.setState({ user: { ...demoProfile, token: "tok-1" } });
    renderPage({ path: "/login", element: <LoginPage />, at: "/login", state: { from: "/profile" } });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/profile"));
    expect(api.calls).toHaveLength(0);
  });
});
