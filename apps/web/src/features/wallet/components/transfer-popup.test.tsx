import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, signIn } from "../../../test/render.tsx";
import { useOpenTransfer } from "../../session/hooks/use-open-transfer.ts";
import { useTransferPopup } from "../../session/stores/transfer-popup.ts";
import { renderPage, requestsTo, SLOW, setupUser } from "../test/fixtures.tsx";
import { TransferHost } from "./transfer-host.tsx";

function OpenButton() {
  const open = useOpenTransfer();
  return (
    <button type="button" onClick={() => open()}>
      Open transfer
    </button>
  );
}

function renderTransfer() {
  return renderPage(
    <>
      <OpenButton />
      <TransferHost />
    </>,
    "/",
  );
}

const profile = (over: Record<string, unknown>) => ({ body: { id: 7, token: undefined, ...over } });

describe("transfer popup", SLOW, () => {
  afterEach(() => useTransferPopup.setState({ open: false, direction: "in", amount: null }));

  it("is for signed-in players only: a visitor goes to the login page", async () => {
    mockApi({});
    const user = setupUser();
    const { router } = renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    expect(await screen.findByText("Login page")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("moves main → game with an Idempotency-Key and replaces both balances from the answer", async () => {
    const api = mockApi({
      "user/profile": profile({ balance: 1_000_000, game_balance: 0, turnover: 0 }),
      "user/transfer_in": { body: { balance: 990_000, game_balance: 10_000 } },
    });
    signIn({ balance: 1_000_000, game_balance: 0, turnover: 0 });
    const user = setupUser();
    renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer" });
    expect(within(dialog).getByRole("radio", { name: "Main → Game" })).toBeChecked();
    expect(within(dialog).getByTestId("transfer-from")).toHaveTextContent("1,000,000");
    expect(within(dialog).getByTestId("transfer-to")).toHaveTextContent("0");

    await user.click(within(dialog).getByRole("button", { name: "10,000" }));
    await user.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await screen.findByText("10,000 MMK moved to your game balance.")).toBeInTheDocument();
    const [sent] = requestsTo(api, "user/transfer_in");
    expect(sent?.body).toEqual({ amount: 10_000 });
    expect(sent?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(useSession.getState().user).toMatchObject({ balance: 990_000, game_balance: 10_000 });
    expect(screen.queryByRole("dialog", { name: "Transfer" })).not.toBeInTheDocument();
  });

  it("blocks main → game before sending while turnover remains and the game balance is 500 or more", async () => {
    const api = mockApi({ "user/profile": profile({ balance: 900_000, game_balance: 500, turnover: 33_000 }) });
    signIn({ balance: 900_000, game_balance: 500, turnover: 33_000 });
    const user = setupUser();
    renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer" });
    await user.type(within(dialog).getByLabelText("Amount"), "1000");
    await user.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Turnover is existed, and game balance is above 500.");
    // The turnover that blocks it is shown, so the player knows how much is left to play.
    expect(within(dialog).getByTestId("transfer-turnover")).toHaveTextContent("Turnover still to play: 33,000 MMK");
    expect(requestsTo(api, "user/transfer_in")).toHaveLength(0);
  });

  it("shows a running break and offers no main → game move during it; game → main stays open", async () => {
    const api = mockApi({
      "user/profile": profile({ balance: 900_000, game_balance: 2_000, turnover: 0 }),
      "user/protection": {
        body: { limits: [], self_exclusion: { until: null, indefinite: true }, reality_check_minutes: null },
      },
    });
    signIn({ balance: 900_000, game_balance: 2_000, turnover: 0 });
    const user = setupUser();
    renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer" });
    expect(await within(dialog).findByTestId("break-notice")).toHaveTextContent("You are on a break from play with no end date.");
    expect(within(dialog).getByRole("button", { name: "Transfer" })).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: "Game → Main" }));
    expect(within(dialog).queryByTestId("break-notice")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Transfer" })).toBeEnabled();
    expect(requestsTo(api, "user/transfer_in")).toHaveLength(0);
  });

  it("lets main → game through when the game balance is under 500 even with turnover", async () => {
    const api = mockApi({
      "user/profile": profile({ balance: 900_000, game_balance: 499, turnover: 33_000 }),
      "user/transfer_in": { body: { balance: 899_000, game_balance: 1_499 } },
    });
    signIn({ balance: 900_000, game_balance: 499, turnover: 33_000 });
    const user = setupUser();
    renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer" });
    await user.type(within(dialog).getByLabelText("Amount"), "1000");
    await user.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await screen.findByText("1,000 MMK moved to your game balance.")).toBeInTheDocument();
    expect(requestsTo(api, "user/transfer_in")).toHaveLength(1);
  });

  it("shows the server's refusal of game → main in words and changes no balance", async () => {
    const api = mockApi({
      "user/profile": profile({ balance: 100_000, game_balance: 20_000, turnover: 0 }),
      "user/transfer_out": { status: 422, body: { message: "Please at least transfer Main to Game once.", code: "NO_TRANSFER_IN" } },
    });
    signIn({ balance: 100_000, game_balance: 20_000, turnover: 0 });
    const user = setupUser();
    renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer" });
    await user.click(within(dialog).getByRole("radio", { name: "Game → Main" }));
    expect(within(dialog).getByTestId("transfer-from")).toHaveTextContent("20,000");
    await user.click(within(dialog).getByRole("button", { name: "Use all: 20,000 MMK" }));
    await user.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Please at least transfer Main to Game once.");
    expect(requestsTo(api, "user/transfer_out")[0]?.body).toEqual({ amount: 20_000 });
    expect(useSession.getState().user).toMatchObject({ balance: 100_000, game_balance: 20_000 });
  });

  it("asks for an amount and refuses more than the source balance without sending", async () => {
    const api = mockApi({ "user/profile": profile({ balance: 5_000, game_balance: 0, turnover: 0 }) });
    signIn({ balance: 5_000, game_balance: 0, turnover: 0 });
    const user = setupUser();
    renderTransfer();
    await user.click(screen.getByRole("button", { name: "Open transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer" });
    await user.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Please set amount first.");
    await user.type(within(dialog).getByLabelText("Amount"), "6000");
    await user.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Your main balance is not enough.");
    expect(requestsTo(api, "user/transfer_in")).toHaveLength(0);
  });
});
