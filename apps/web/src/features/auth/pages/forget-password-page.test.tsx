import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderPage } from "../test/render.tsx";
import { ForgetPasswordPage } from "./forget-password-page.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("ForgetPasswordPage", { timeout: 20_000 }, () => {
  it("drawn by the server, is taken over as drawn", () => {
    mockApi({});
    const view = renderPage({ path: "/forgetpwd", element: <ForgetPasswordPage />, at: "/forgetpwd", drawn: true });
    expect(screen.getByLabelText("Phone number")).toHaveValue("");
    expect(view.mismatches).toEqual([]);
  });

  it("resets the password with a reset code, then goes to login carrying the phone", async () => {
    const api = mockApi({
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ body: { otp_token: "reset-proof" } }),
      "POST /api/user/forget_password": () => ({ body: { message: "Your password has been reset." } }),
    });
    const { router } = renderPage({ path: "/forgetpwd", element: <ForgetPasswordPage />, at: "/forgetpwd" });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Phone number"), "959500000001");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByLabelText("Verification code"), "654321");
    await user.type(await screen.findByLabelText("New password"), "brand-new-pass");
    await user.type(screen.getByLabelText("Confirm password"), "brand-new-pass");
    await user.click(screen.getByRole("button", { name: "Save new password" }));

    expect(await screen.findByText("Your password has been reset. Please login with the new password.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(api.callsTo("/api/user/send_otp")[0]?.body).toEqual({ phone: "09500000001", purpose: "reset" });
    expect(api.callsTo("/api/user/verify_otp")[0]?.body).toEqual({ phone: "09500000001", purpose: "reset", code: "654321" });
    expect(api.callsTo("/api/user/forget_password")[0]?.body).toEqual({
      phone: "09500000001",
      password: "brand-new-pass",
      otp_token: "reset-proof",
    });
    expect(router.state.location.state).toMatchObject({ phone: "09500000001" });
  });

  it("says when no account uses the phone, with a link to register", async () => {
    mockApi({ "POST /api/user/send_otp": () => ({ status: 404, body: { message: "No account.", code: "NOT_FOUND" } }) });
    renderPage({ path: "/forgetpwd", element: <ForgetPasswordPage />, at: "/forgetpwd" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09912345678");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No account uses this phone number.");
    expect(within(alert).getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
  });

  it("shows how long to wait when too many codes were asked for", async () => {
    mockApi({
      "POST /api/user/send_otp": () => ({
        status: 429,
        body: { message: "Too many codes.", code: "RATE_LIMITED", details: { retry_after: 1500 } },
      }),
    });
    renderPage({ path: "/forgetpwd", element: <ForgetPasswordPage />, at: "/forgetpwd", lng: "cn" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("手机号码"), "09500000001");
    await user.click(screen.getByRole("button", { name: "发送验证码" }));
    expect(await screen.findByText("尝试次数过多，请在 25 分钟后再试。")).toBeInTheDocument();
  });

  it("catches a confirmation mismatch before any request", async () => {
    const api = mockApi({
      "POST /api/user/send_otp": () => ({ body: { message: "Verification code sent!" } }),
      "POST /api/user/verify_otp": () => ({ body: { otp_token: "reset-proof" } }),
    });
    renderPage({ path: "/forgetpwd", element: <ForgetPasswordPage />, at: "/forgetpwd" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Phone number"), "09500000001");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByLabelText("Verification code"), "654321");
    await user.type(await screen.findByLabelText("New password"), "brand-new-pass");
    await user.type(screen.getByLabelText("Confirm password"), "brand-new-pas");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(screen.getByText("The two passwords do not match.")).toBeInTheDocument();
    expect(api.callsTo("/api/user/forget_password")).toHaveLength(0);
  });
});
