import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi, renderWithProviders } from "../../../test/render.tsx";
import { InvitationPage } from "./invitation-page.tsx";

const TOKEN = "k".repeat(32);
const SETUP = { secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/Shwe%20Lucky:0977?secret=JBSWY3DPEHPK3PXP&issuer=Shwe%20Lucky" };
const VIEW = { name: "Night Shift", phone: "09777123456", role: "operator" };

afterEach(() => window.history.replaceState(null, "", "/"));

describe("InvitationPage", () => {
  it("says when a second admin has not confirmed the invitation yet", async () => {
    window.history.replaceState(null, "", `/admin/invitation#${TOKEN}`);
    mockApi({ "console-invitation": { body: { ...VIEW, status: "awaiting_confirmation" } } });
    renderWithProviders(<InvitationPage />);
    expect(await screen.findByText("A second admin has not confirmed this account yet. Open the link again later.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set up" })).not.toBeInTheDocument();
  });

  it("sets the holder's own password and second factor; a weak password shows under its field, then the recovery codes", async () => {
    window.history.replaceState(null, "", `/admin/invitation#${TOKEN}`);
    let tries = 0;
    const fetch = mockApi({
      "console-invitation": { body: { ...VIEW, status: "ready" } },
      "console-invitation/setup": { body: SETUP },
      "console-invitation/complete": () =>
        ++tries === 1
          ? { status: 422, body: { code: "WEAK_PASSWORD", message: "This password is too easy to guess.", details: { reason: "common" } } }
          : { body: { recovery_codes: Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CC${i}${i}`) } },
    });
    renderWithProviders(<InvitationPage />);
    expect(await screen.findByTestId("invitation-for")).toHaveTextContent("Night Shift (09777123456), Operator");
    await userEvent.click(screen.getByRole("button", { name: "Set up" }));
    expect(await screen.findByTestId("totp-secret")).toHaveTextContent(SETUP.secret);
    await userEvent.type(screen.getByLabelText("Your password"), "iloveyou1");
    await userEvent.type(screen.getByLabelText("Password again"), "iloveyou1");
    await userEvent.type(screen.getByLabelText("Code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByText(/This password is too easy to guess/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Your password"));
    await userEvent.type(screen.getByLabelText("Your password"), "night-lamp-8812");
    await userEvent.clear(screen.getByLabelText("Password again"));
    await userEvent.type(screen.getByLabelText("Password again"), "night-lamp-8812");
    await userEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect((await screen.findByTestId("recovery-codes")).querySelectorAll("li")).toHaveLength(10);
    // The token travels in the body, never in a URL.
    const complete = fetch.mock.calls.filter(([u]) => String(u).includes("console-invitation/complete"));
    expect(JSON.parse(String(complete.at(-1)?.[1]?.body))).toEqual({ token: TOKEN, password: "night-lamp-8812", code: "123456" });
    expect(fetch.mock.calls.every(([u]) => !String(u).includes(TOKEN))).toBe(true);
  });
});
