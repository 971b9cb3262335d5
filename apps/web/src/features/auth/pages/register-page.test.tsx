import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { demoProfile, mockApi, renderPage } from "../test/render.tsx";
import { RegisterPage } from "./register-page.tsx";

beforeEach(() => useSession.setState({ user: null }));
afterEach(() => vi.unstubAllGlobals());

const newPlayer = { ...demoProfile, id: 42, phone: "09787654321", name: "Su Su", referral_code: "ZZ99ZZ" };

function happyApi() {
  return mockApi({
    "POST /api/user/check_phone": () => ({ body: { registered: false } }),
    "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
    "POST /api/user/verify_otp": (call) =>
      (call.body as { code: string }).code === "123456"
        ? { body: { otp_token: "proof-1" } }
        : { status: 422, body: { message: "The code is not correct.", code: "OTP_INVALID", details: { attempts_left: 3 } } },
    "POST /api/user/verify_register": () => ({
      status: 201,
      body: { token: "tok-new", expires_at: "2030-01-01T00:00:00.000Z", user: newPlayer },
    }),
  });
}

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Phone number"), "09787654321");
  await user.click(screen.getByRole("button", { name: "Send code" }));
  return screen.findByLabelText("Verification code");
}

describe("RegisterPage", { timeout: 20_000 }, () => {
  it("drawn by the server without the link's referral code, is taken over as drawn", () => {
    mockApi({});
    const view = renderPage({ path: "/register", element: <RegisterPage />, at: "/register?ref=ab12cd", drawn: true });
    expect(screen.getByLabelText("Phone number")).toHaveValue("");
    expect(view.mismatches).toEqual([]);
  });

  it("goes phone → code → details, then signs the new player in", async () => {
    const api = happyApi();
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register?ref=ab12cd" });
    const user = userEvent.setup();

    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Phone");
    const code = await reachCodeStep(user);
    expect(await screen.findByText("Verification code sent!")).toBeInTheDocument();
    expect(api.callsTo("/api/user/check_phone")[0]?.body).toEqual({ phone: "09787654321" });
    expect(api.callsTo("/api/user/send_otp")[0]?.body).toEqual({ phone: "09787654321", purpose: "register" });
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Code");
    // The resend waits 60 seconds after a code was sent.
    expect(screen.getByRole("button", { name: /Resend in 60 s/ })).toBeDisabled();

    // A full code is checked at once (as when the phone fills it from the SMS).
    await user.type(code, "12 34-56");
    const name = await screen.findByLabelText("Name");
    expect(api.callsTo("/api/user/verify_otp")[0]?.body).toEqual({ phone: "09787654321", purpose: "register", code: "123456" });
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Details");
    expect(screen.getByLabelText("Referral code (optional)")).toHaveValue("AB12CD");

    await user.type(name, "  Su Su ");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.type(screen.getByLabelText("Confirm password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
    expect(api.callsTo("/api/user/verify_register")[0]?.body).toEqual({
      phone: "09787654321",
      name: "Su Su",
      password: "secret-pass",
      otp_token: "proof-1",
      referral_code: "AB12CD",
    });
    expect(useSession.getState().user).toMatchObject({ id: 42, token: "tok-new", referral_code: "ZZ99ZZ" });
  });

  it("catches a password confirmation mismatch before any request", async () => {
    const api = happyApi();
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "123456");
    await user.type(await screen.findByLabelText("Name"), "Su Su");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.type(screen.getByLabelText("Confirm password"), "secret-pasS");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(screen.getByText("The two passwords do not match.")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("/api/user/verify_register")).toHaveLength(0);
    expect(useSession.getState().user).toBeNull();
  });

  it("checks the other fields too: short password, no name, malformed referral code", async () => {
    const api = happyApi();
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "123456");
    await screen.findByLabelText("Name");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.type(screen.getByLabelText("Confirm password"), "short");
    await user.type(screen.getByLabelText("Referral code (optional)"), "AB-1");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(screen.getByText("Please enter your name.")).toBeInTheDocument();
    expect(screen.getByText("The password needs at least 8 characters.")).toBeInTheDocument();
    expect(screen.getByText("A referral code has 6 letters or digits.")).toBeInTheDocument();
    expect(api.callsTo("/api/user/verify_register")).toHaveLength(0);
  });

  it("tells a registered phone to sign in instead, with a link", async () => {
    const api = mockApi({ "POST /api/user/check_phone": () => ({ body: { registered: true } }) });
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.click(screen.getByRole("button", { name: "Send code" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This phone number is already registered.");
    expect(within(alert).getByRole("link", { name: "Login instead" })).toHaveAttribute("href", "/login");
    expect(api.callsTo("/api/user/send_otp")).toHaveLength(0);
  });

  it("shows a wrong code under the field with the tries left, and keeps the player on the code step", async () => {
    happyApi();
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "654321");
    expect(await screen.findByText("That code is not right. 3 tries left.")).toBeInTheDocument();
    expect(screen.getByLabelText("Verification code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();
  });

  it("lets an expired code be replaced at once", async () => {
    const api = mockApi({
      "POST /api/user/check_phone": () => ({ body: { registered: false } }),
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ status: 422, body: { message: "This code has expired.", code: "OTP_EXPIRED" } }),
    });
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "111111");
    expect(await screen.findByText("This code has expired. Tap “Resend code” for a new one.")).toBeInTheDocument();
    const resend = screen.getByRole("button", { name: "Resend code" });
    expect(resend).toBeEnabled();
    await user.click(resend);
    await waitFor(() => expect(api.callsTo("/api/user/send_otp")).toHaveLength(2));
    expect(await screen.findByRole("button", { name: /Resend in 60 s/ })).toBeDisabled();
  });

  it("puts an unknown referral code under its field", async () => {
    mockApi({
      "POST /api/user/check_phone": () => ({ body: { registered: false } }),
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ body: { otp_token: "proof-1" } }),
      "POST /api/user/verify_register": () => ({
        status: 422,
        body: { message: "This referral code does not exist.", code: "REFERRAL_UNKNOWN" },
      }),
    });
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register?ref=QQ11QQ" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "123456");
    await user.type(await screen.findByLabelText("Name"), "Su Su");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.type(screen.getByLabelText("Confirm password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("No player has this referral code.")).toBeInTheDocument();
    expect(screen.getByLabelText("Referral code (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(useSession.getState().user).toBeNull();
  });

  it("puts a refused weak password under the password field (the text is common:errors.WEAK_PASSWORD in the app)", async () => {
    mockApi({
      "POST /api/user/check_phone": () => ({ body: { registered: false } }),
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ body: { otp_token: "proof-1" } }),
      "POST /api/user/verify_register": () => ({
        status: 422,
        body: { message: "This password is too easy to guess.", code: "WEAK_PASSWORD", details: { reason: "common" } },
      }),
    });
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "123456");
    await user.type(await screen.findByLabelText("Name"), "Su Su");
    await user.type(screen.getByLabelText("Password"), "iloveyou1");
    await user.type(screen.getByLabelText("Confirm password"), "iloveyou1");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("This password is too easy to guess.")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(useSession.getState().user).toBeNull();
  });

  it("sends the player back to the code step when the phone proof has expired", async () => {
    mockApi({
      "POST /api/user/check_phone": () => ({ body: { registered: false } }),
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ body: { otp_token: "proof-1" } }),
      "POST /api/user/verify_register": () => ({ status: 422, body: { message: "Expired.", code: "OTP_TOKEN_INVALID" } }),
    });
    renderPage({ path: "/register", element: <RegisterPage />, at: "/register" });
    const user = userEvent.setup();
    await user.type(await reachCodeStep(user), "123456");
    await user.type(await screen.findByLabelText("Name"), "Su Su");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.type(screen.getByLabelText("Confirm password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Your phone check has expired. Please request a new code.")).toBeInTheDocument();
    expect(screen.getByLabelText("Verification code")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled();
  });
});
