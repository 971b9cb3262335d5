import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { ClaimButton } from "./claim-button.tsx";
import { PocketButton } from "./pocket-button.tsx";

function renderButton() {
  return renderWithProviders(
    <>
      <ClaimButton />
      <ToastContainer />
    </>,
  );
}

afterEach(() => useSession.setState({ user: null }));

describe("ClaimButton", () => {
  it("is hidden while the maintenance flag is '1', and for visitors", async () => {
    const fetch = mockApi({ "weekly/promo_maintain": { body: { is_maintain: "1" } } });
    signIn({ p_balance: 500 });
    const { unmount } = renderButton();
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes("weekly/promo_maintain"))).toBe(true));
    expect(screen.queryByRole("button", { name: /Claim/ })).not.toBeInTheDocument();
    unmount();
    useSession.setState({ user: null });
    mockApi({ "weekly/promo_maintain": { body: { is_maintain: "0" } } });
    renderButton();
    expect(screen.queryByRole("button", { name: /Claim/ })).not.toBeInTheDocument();
  });

  it("shows floor(p_balance) while the flag is '0'; one click claims once (busy), with an Idempotency-Key, and updates the balances", async () => {
    signIn({ balance: 10_000, p_balance: 1_234 });
    let release: (() => void) | undefined;
    const fetch = mockApi({ "weekly/promo_maintain": { body: { is_maintain: "0" } } });
    const base = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).includes("promotion/claim")) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return new Response(
          JSON.stringify({ message: "1,234 Ks claimed to your main balance!", amount: 1_234, balance: 11_234, p_balance: 0 }),
          {
            status: 200,
          },
        );
      }
      return base(input, init);
    });
    renderButton();
    const claim = await screen.findByRole("button", { name: /Claim/ });
    expect(screen.getByTestId("claim-amount")).toHaveTextContent("1,234");
    await userEvent.click(claim);
    await waitFor(() => expect(claim).toBeDisabled());
    await userEvent.click(claim);
    release?.();
    expect(await screen.findByText("1,234 Ks claimed to your main balance!")).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ balance: 11_234, p_balance: 0 });
    expect(screen.getByTestId("claim-amount")).toHaveTextContent(/^0$/);
    const claims = fetch.mock.calls.filter(([u]) => String(u).includes("promotion/claim"));
    expect(claims).toHaveLength(1);
    expect(claims[0]?.[1]?.method).toBe("POST");
    expect((claims[0]?.[1]?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]).toMatch(/.+/);
  });

  it("one busy flag: while either request runs, Claim and Pocket Money are both disabled", async () => {
    signIn({ balance: 10_000, p_balance: 1_234 });
    const release: Array<() => void> = [];
    const fetch = mockApi({ "weekly/promo_maintain": { body: { is_maintain: "0" } } });
    const base = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    fetch.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes("promotion/claim") || url.includes("pocket/money/claim")) {
        await new Promise<void>((resolve) => release.push(resolve));
        return new Response(JSON.stringify({ message: "no", code: "NOTHING_TO_CLAIM" }), { status: 422 });
      }
      return base(input, init);
    });
    renderWithProviders(
      <>
        <ClaimButton />
        <PocketButton />
        <ToastContainer />
      </>,
    );
    const claim = await screen.findByRole("button", { name: /Claim/ });
    const pocket = screen.getByRole("button", { name: "Pocket Money" });

    await userEvent.click(pocket);
    await waitFor(() => expect(pocket).toBeDisabled());
    expect(claim).toBeDisabled();
    await userEvent.click(claim);
    release.shift()?.();
    await waitFor(() => expect(claim).toBeEnabled());
    expect(pocket).toBeEnabled();

    await userEvent.click(claim);
    await waitFor(() => expect(pocket).toBeDisabled());
    release.shift()?.();
    await waitFor(() => expect(pocket).toBeEnabled());
    const calls = fetch.mock.calls.map(([u]) => String(u));
    expect(calls.filter((u) => u.includes("pocket/money/claim"))).toHaveLength(1);
    expect(calls.filter((u) => u.includes("promotion/claim"))).toHaveLength(1);
  });

  it("a refusal shows as an error toast and the button can be used again", async () => {
    signIn({ p_balance: 0 });
    mockApi({
      "weekly/promo_maintain": { body: { is_maintain: "0" } },
      "promotion/claim": { status: 422, body: { message: "server text", code: "CLAIM_MAINTENANCE" } },
    });
    renderButton();
    await userEvent.click(await screen.findByRole("button", { name: /Claim/ }));
    expect(await screen.findByText("Claiming is closed for maintenance. Please try again later.")).toBeInTheDocument();
    expect(useSession.getState().user?.p_balance).toBe(0);
  });
});
