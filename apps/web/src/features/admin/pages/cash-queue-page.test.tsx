import type { AdminCashRequest } from "@shwe/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fill, mockServer, type Reply, renderConsole, signInOperator } from "../test/render.tsx";
import { CashQueuePage } from "./cash-queue-page.tsx";

function request(over: Partial<AdminCashRequest> = {}): AdminCashRequest {
  return {
    id: 5,
    kind: "in",
    user_id: 12,
    phone: "09500000001",
    name: "Aung Aung",
    payment_method_id: 1,
    payment_method: "KBZPay",
    amount: 1_250_000,
    last_six_digits: "654321",
    promo_code: null,
    account_number: null,
    holder_name: null,
    status: "pending",
    reason: null,
    decided_by: null,
    decided_at: null,
    first_approved_by: null,
    first_approved_at: null,
    created_at: "2026-11-20T03:30:00.000Z",
    ...over,
  };
}

/** A queue whose pending list empties once the request has been decided. */
function queue(rows: AdminCashRequest[], decide: Record<string, () => Reply | Promise<Reply>> = {}) {
  let decided = false;
  const server = mockServer({
    "GET /api/admin/cash-requests": (c) => ({ body: { data: c.query.get("status") === "pending" && !decided ? rows : [] } }),
    ...Object.fromEntries(
      Object.entries(decide).map(([route, answer]) => [
        route,
        () => {
          decided = true;
          return answer();
        },
      ]),
    ),
  });
  return server;
}

describe("cash queues", { timeout: 15_000 }, () => {
  beforeEach(() => {
    signInOperator();
  });

  it("shows each pending cash-in with the proof to check, in Yangon time", async () => {
    queue([request()]);
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    const row = (await screen.findByText("654321")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("1,250,000");
    expect(row).toHaveTextContent("KBZPay");
    expect(row).toHaveTextContent("Aung Aung");
    expect(row).toHaveTextContent("09500000001");
    // 03:30 UTC is 10:00 in Asia/Yangon (UTC+06:30).
    expect(row).toHaveTextContent("20-11-2026 10:00");
  });

  it("shows a cash-out's account number and holder name", async () => {
    queue([request({ kind: "out", last_six_digits: null, account_number: "09781234567", holder_name: "Daw Mya" })]);
    renderConsole(<CashQueuePage kind="out" />, { path: "/admin/cash-out" });
    const row = (await screen.findByText("09781234567")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("Daw Mya");
  });

  it("approves a cash-in after a confirmation, calling the endpoint once even on a double click", async () => {
    const user = userEvent.setup();
    // The server takes its time: every click made meanwhile must be ignored.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const server = queue([request()], {
      "POST /api/admin/cash-requests/5/approve": () => answered.then(() => ({ body: { id: 5, status: "approved" } })),
    });
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = screen.getByRole("dialog", { name: "Approve cash-in #5?" });
    expect(dialog).toHaveTextContent("1,250,000 MMK by KBZPay, transaction ending in 654321");
    const confirm = within(dialog).getByRole("button", { name: "Approve" });
    await user.dblClick(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    answer();
    expect(await screen.findByText("Cash-in #5 approved.")).toBeInTheDocument();
    const approvals = server.to("POST", "/api/admin/cash-requests/5/approve");
    expect(approvals).toHaveLength(1);
    expect(approvals[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(await screen.findByText(/Nothing is waiting/)).toBeInTheDocument();
  });

  it("above the threshold the first approval waits for a second operator, and the row says so", async () => {
    const user = userEvent.setup();
    let signed = false;
    const server = mockServer({
      "GET /api/admin/cash-requests": () => ({
        body: { data: [request(signed ? { first_approved_by: 1, first_approved_at: "2026-11-20T04:00:00.000Z" } : {})] },
      }),
      "POST /api/admin/cash-requests/5/approve": () => {
        signed = true;
        return { status: 202, body: { id: 5, status: "awaiting_second_approval", first_approved_by: 1 } };
      },
    });
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    await user.click(within(screen.getByRole("dialog", { name: "Approve cash-in #5?" })).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(/your approval is recorded, and a second operator must approve it/)).toBeInTheDocument();
    // Still in the queue, marked, and the same operator cannot approve it again.
    const row = (await screen.findByText("Needs a second operator")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("You approved it; a different operator must approve it too.");
    expect(within(row).getByRole("button", { name: "Approve" })).toBeDisabled();
    expect(server.to("POST", "/api/admin/cash-requests/5/approve")).toHaveLength(1);
  });

  it("a second operator sees who signed first and can approve", async () => {
    const user = userEvent.setup();
    queue([request({ first_approved_by: 7, first_approved_at: "2026-11-20T04:00:00.000Z" })], {
      "POST /api/admin/cash-requests/5/approve": () => ({ body: { id: 5, status: "approved" } }),
    });
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    const row = (await screen.findByText("Needs a second operator")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("Approved by operator #7; a different operator must approve it too.");
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    await user.click(within(screen.getByRole("dialog", { name: "Approve cash-in #5?" })).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Cash-in #5 approved.")).toBeInTheDocument();
  });

  it("does not reject without a reason, then sends the reason", async () => {
    const user = userEvent.setup();
    const server = queue([request()], { "POST /api/admin/cash-requests/5/reject": () => ({ body: { id: 5, status: "rejected" } }) });
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject cash-in #5?" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please write a reason.");
    await fill(user, within(dialog).getByRole("textbox", { name: "Reason" }), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(server.to("POST", "/api/admin/cash-requests/5/reject")).toHaveLength(0);

    await fill(user, within(dialog).getByRole("textbox", { name: "Reason" }), "No such payment in KBZPay");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Cash-in #5 rejected.")).toBeInTheDocument();
    const rejections = server.to("POST", "/api/admin/cash-requests/5/reject");
    expect(rejections).toHaveLength(1);
    expect(rejections[0]?.body).toEqual({ reason: "No such payment in KBZPay" });
  });

  it("shows 409 ALREADY_DECIDED clearly and reloads the list", async () => {
    const user = userEvent.setup();
    const server = queue([request()], {
      "POST /api/admin/cash-requests/5/approve": () => ({
        status: 409,
        body: { message: "This request was already approved.", code: "ALREADY_DECIDED", details: { status: "approved" } },
      }),
    });
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const before = server.to("GET", "/api/admin/cash-requests").length;
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Another operator has already decided this. The list has been refreshed.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.to("GET", "/api/admin/cash-requests").length).toBeGreaterThan(before);
    expect(await screen.findByText(/Nothing is waiting/)).toBeInTheDocument();
  });

  it("filters by status through the tabs", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      "GET /api/admin/cash-requests": (c) => ({
        body: {
          data:
            c.query.get("status") === "rejected"
              ? [request({ id: 9, status: "rejected", reason: "Wrong digits", decided_at: "2026-11-20T04:00:00.000Z" })]
              : [],
        },
      }),
    });
    renderConsole(<CashQueuePage kind="in" />, { path: "/admin/cash-in" });
    await user.click(await screen.findByRole("tab", { name: "Rejected" }));
    expect(await screen.findByText("Reason: Wrong digits")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    const asked = server.to("GET", "/api/admin/cash-requests").map((c) => `${c.query.get("kind")}:${c.query.get("status")}`);
    expect(asked).toContain("in:rejected");
  });
});
