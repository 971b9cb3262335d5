import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { SingleAdminBanner } from "../components/single-admin-banner.tsx";
import { SecondFactorGate } from "./components/second-factor.tsx";
import { SecurityPage } from "./pages/security-page.tsx";

afterEach(() => useSession.setState({ user: null }));

const SETUP = { secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/Shwe%20Lucky:0940?secret=JBSWY3DPEHPK3PXP&issuer=Shwe%20Lucky" };
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CC${String(i).padStart(2, "2")}`);

describe("SecondFactorGate", () => {
  it("opens the console for a sign-in that passed", async () => {
    signIn({ role: "operator" });
    mockApi({});
    renderWithProviders(
      <SecondFactorGate>
        <p>console pages</p>
      </SecondFactorGate>,
    );
    expect(await screen.findByText("console pages")).toBeInTheDocument();
  });

  it("asks an enrolled operator for the code, shows a wrong code's error, then opens the console", async () => {
    signIn({ role: "operator" });
    let verified = false;
    const fetch = mockApi({
      "admin/2fa": () => ({ body: { role: "operator", enrolled: true, verified } }),
      "admin/2fa/verify": (_url, init) => {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== "123456") return { status: 422, body: { code: "WRONG_CODE", message: "The code is not right." } };
        verified = true;
        return { body: { verified: true, recovery_codes_left: 10 } };
      },
    });
    renderWithProviders(
      <SecondFactorGate>
        <p>console pages</p>
      </SecondFactorGate>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Open the console" }));
    expect(await screen.findByText("Enter the code.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Code"), "654321");
    await userEvent.click(screen.getByRole("button", { name: "Open the console" }));
    expect(await screen.findByText("The code is not right. Enter the current code from your authenticator app.")).toBeInTheDocument();
    expect(screen.queryByText("console pages")).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Code"));
    await userEvent.type(screen.getByLabelText("Code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Open the console" }));
    expect(await screen.findByText("console pages")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u]) => String(u).includes("admin/2fa/verify"))).toHaveLength(2);
  });

  it("walks an operator who must enrol through the QR code, the code and the recovery codes", async () => {
    signIn({ role: "operator" });
    let enrolled = false;
    mockApi({
      "admin/2fa": () => ({ body: { role: "operator", enrolled, verified: enrolled } }),
      "admin/2fa/setup": { body: SETUP },
      "admin/2fa/enable": () => {
        enrolled = true;
        return { body: { recovery_codes: CODES } };
      },
    });
    renderWithProviders(
      <SecondFactorGate>
        <p>console pages</p>
      </SecondFactorGate>,
    );
    expect(await screen.findByRole("heading", { name: "Set up two-step sign-in" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Set up" }));
    const qr = await screen.findByRole("img", { name: "QR code for the authenticator app" });
    expect(qr).toHaveAttribute("data-qr-text", SETUP.otpauth_url);
    expect(screen.getByTestId("totp-secret")).toHaveTextContent(SETUP.secret);
    await userEvent.type(screen.getByLabelText("Code"), "12345");
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("Enter the 6 digits from the app.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Code"), "6");
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    const list = await screen.findByTestId("recovery-codes");
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    await userEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(await screen.findByText("console pages")).toBeInTheDocument();
  });
});

describe("SecurityPage", () => {
  it("shows an admin the console accounts, and asks a second admin to reset another's second factor", async () => {
    signIn({ role: "admin", id: 1 });
    const operators = [
      {
        id: 1,
        phone: "09400000001",
        name: "Demo Operator 1",
        role: "admin",
        blocked: false,
        second_factor: true,
        created_at: "2026-11-01T00:00:00.000Z",
      },
      {
        id: 2,
        phone: "09400000002",
        name: "Demo Operator 2",
        role: "operator",
        blocked: false,
        second_factor: true,
        created_at: "2026-11-01T00:00:00.000Z",
      },
    ];
    const fetch = mockApi({
      "admin/2fa": { body: { role: "admin", enrolled: true, verified: true } },
      "admin/operators": { body: { data: operators } },
      "admin/operators/2/2fa/reset": {
        body: {
          id: 7,
          kind: "second_factor_reset",
          target_user_id: 2,
          phone: null,
          name: null,
          role: null,
          status: "pending",
          requested_by: 1,
          decided_by: null,
          created_at: "2026-11-02T00:00:00.000Z",
        },
      },
    });
    renderWithProviders(
      <>
        <SecurityPage />
        <ToastContainer />
      </>,
    );
    expect(await screen.findByTestId("second-factor-on")).toBeInTheDocument();
    const own = await screen.findByTestId("operator-09400000001");
    expect(within(own).queryByRole("button", { name: "Reset" })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId("operator-09400000002")).getByRole("button", { name: "Reset" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Demo Operator 2 will be signed out everywhere");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reset" }));
    // Another admin confirms it (maker–checker).
    expect(await screen.findByText("Sent to a second admin for confirmation.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u, init]) => String(u).includes("admin/operators/2/2fa/reset") && init?.method === "POST")).toBe(true);
  });

  it("asks to make an operator an admin (never one's own account), sending the new role", async () => {
    signIn({ role: "admin", id: 1 });
    const row = (id: number, role: "admin" | "operator") => ({
      id,
      phone: `0940000000${id}`,
      name: `Demo Operator ${id}`,
      role,
      blocked: false,
      second_factor: false,
      created_at: "2026-11-01T00:00:00.000Z",
    });
    const fetch = mockApi({
      "admin/2fa": { body: { role: "admin", enrolled: true, verified: true } },
      "admin/operators": { body: { data: [row(1, "admin"), row(2, "operator"), row(3, "admin")] } },
      "admin/operators/2/role": {
        body: {
          id: 8,
          kind: "role",
          target_user_id: 2,
          phone: null,
          name: null,
          role: "admin",
          status: "applied",
          requested_by: 1,
          decided_by: 3,
          created_at: "2026-11-02T00:00:00.000Z",
        },
      },
    });
    renderWithProviders(
      <>
        <SecurityPage />
        <ToastContainer />
      </>,
    );
    const own = await screen.findByTestId("operator-09400000001");
    expect(within(own).queryByRole("button", { name: /^Make / })).not.toBeInTheDocument();
    expect(within(screen.getByTestId("operator-09400000003")).getByRole("button", { name: "Make operator" })).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId("operator-09400000002")).getByRole("button", { name: "Make admin" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Demo Operator 2 becomes Admin.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("The role was changed.")).toBeInTheDocument();
    const post = fetch.mock.calls.find(([u, init]) => String(u).includes("admin/operators/2/role") && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ role: "admin" });
  });

  it("shows an operator only their own two-step sign-in", async () => {
    signIn({ role: "operator" });
    const fetch = mockApi({ "admin/2fa": { body: { role: "operator", enrolled: false, verified: true } } });
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByRole("button", { name: "Set up" })).toBeInTheDocument();
    expect(screen.queryByText("Console accounts")).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("admin/operators"))).toBe(false);
  });
});

describe("console accounts by invitation", () => {
  const change = (over: Record<string, unknown>) => ({
    id: 9,
    kind: "create",
    target_user_id: null,
    phone: "09777123456",
    name: "Night Shift",
    role: "operator",
    status: "pending",
    requested_by: 5,
    decided_by: null,
    created_at: "2026-11-02T00:00:00.000Z",
    ...over,
  });

  it("invites without a password, shows the one-time link, and lets another admin confirm a waiting change", async () => {
    signIn({ role: "admin", id: 1 });
    const fetch = mockApi({
      "admin/2fa": { body: { role: "admin", enrolled: true, verified: true } },
      "admin/operators": (_url, init) =>
        init.method === "POST"
          ? {
              status: 201,
              body: {
                change: change({ id: 10, requested_by: 1 }),
                invitation: { token: "t".repeat(32), path: `/admin/invitation#${"t".repeat(32)}`, expires_at: "2026-11-05T00:00:00.000Z" },
              },
            }
          : { body: { data: [] } },
      "admin/operators/changes": { body: { data: [change({})] } },
      "admin/operators/changes/9/confirm": { body: change({ status: "applied", decided_by: 1 }) },
    });
    renderWithProviders(
      <>
        <SecurityPage />
        <ToastContainer />
      </>,
    );
    const waiting = await screen.findByTestId("console-change-9");
    expect(waiting).toHaveTextContent("New account: Night Shift (09777123456), Operator");
    await userEvent.click(within(waiting).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The change was applied.")).toBeInTheDocument();

    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Phone"), "09777000333");
    await userEvent.type(screen.getByLabelText("Name"), "Day Shift");
    await userEvent.click(screen.getByRole("button", { name: "Create invitation" }));
    const link = await screen.findByTestId("invitation-link");
    expect(link).toHaveTextContent(`/admin/invitation#${"t".repeat(32)}`);
    expect(link).toHaveTextContent("It works once a second admin has confirmed the account.");
    const post = fetch.mock.calls.find(([u, init]) => String(u).endsWith("/api/admin/operators") && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ phone: "09777000333", name: "Day Shift", role: "operator" });
  });
});

describe("SingleAdminBanner", () => {
  it("says that maker–checker is not in force while there is a single admin, and nothing once there are two", async () => {
    signIn({ role: "operator", id: 2 });
    mockApi({ "admin/console": { body: { admins: 1, maker_checker: false } } });
    const { unmount } = renderWithProviders(<SingleAdminBanner />);
    expect(await screen.findByTestId("single-admin-banner")).toHaveTextContent("maker–checker is not in force");
    unmount();
    const fetch = mockApi({ "admin/console": { body: { admins: 2, maker_checker: true } } });
    renderWithProviders(<SingleAdminBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId("single-admin-banner")).not.toBeInTheDocument());
  });
});
