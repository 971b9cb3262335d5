import type { AdminSupportConversation, SupportMessage } from "@shwe/contracts";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeWebSocket, lastSocket } from "../../../../lib/realtime-testing.ts";
import { useSession } from "../../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { SupportPage } from "./support-page.tsx";

afterEach(() => {
  useSession.setState({ user: null });
  vi.unstubAllGlobals();
});

const at = "2026-11-26T10:00:00.000Z";
const conversation = (over: Partial<AdminSupportConversation> = {}): AdminSupportConversation => ({
  id: 3,
  status: "open",
  player_read_id: 0,
  staff_read_id: 1,
  user_id: 42,
  phone: "09791234567",
  name: "Mg Mg",
  assignee_id: null,
  assignee_name: null,
  last_message_at: at,
  last_text: "where is my cash-in",
  unread: 0,
  player_typing: false,
  ...over,
});
const message = (id: number, body: string): SupportMessage => ({
  id,
  sender: "player",
  operator_name: null,
  body,
  image_url: null,
  created_at: at,
});

describe("support inbox, live over the socket", () => {
  it("watches the inbox topic on the operator's socket and shows a player's new message as soon as the socket says so", async () => {
    const Socket = installFakeWebSocket();
    signInOperator();
    let messages = [message(1, "where is my cash-in")];
    let inbox = [conversation()];
    const server = mockServer({
      "GET /api/admin/support/conversations": () => ({ body: { data: inbox } }),
      "GET /api/admin/support/conversations/3": () => ({ body: { conversation: inbox[0], messages } }),
      "GET /api/admin/support/conversations/3/context": () => ({
        body: { balances: { balance: 0, game_balance: 0, p_balance: 0, point: 0 }, cash_requests: [], slips: [] },
      }),
      "GET /api/admin/support/operators": () => ({ body: { data: [] } }),
      "GET /api/admin/support/canned": () => ({ body: { data: [] } }),
      "GET /api/admin/support/stats": () => ({ body: { open: 1, waiting: 1, median_first_answer_seconds: null } }),
    });
    renderConsole(<SupportPage />, { path: "/admin/support?id=3", pattern: "/admin/support" });
    const thread = await screen.findByTestId("support-thread");
    expect(within(thread).getByText("where is my cash-in")).toBeInTheDocument();

    // The operator's socket signs in with the operator's token and asks for the console's topic.
    const socket = lastSocket();
    act(() => socket.serverOpen());
    expect(socket.sent[0]).toEqual({ type: "auth", token: "test-token" });
    act(() => socket.serverSend({ type: "ready", user_id: 1 }));
    expect(socket.sent).toContainEqual({ type: "watch", topics: ["support:inbox"] });
    act(() => socket.serverSend({ type: "watching", topics: ["support:inbox"] }));

    // A player writes (on any server instance): the socket says conversation 3 changed, the console reads it again.
    const threadReads = server.to("GET", "/api/admin/support/conversations/3").length;
    messages = [...messages, message(2, "I sent 50,000 at 10:05")];
    inbox = [conversation({ last_text: "I sent 50,000 at 10:05", unread: 1 })];
    act(() => lastSocket().serverSend({ type: "support_inbox", conversation_id: 3, change: "message" }));
    expect(await within(thread).findByText("I sent 50,000 at 10:05")).toBeInTheDocument();
    expect(await within(screen.getByTestId("support-inbox")).findByText("I sent 50,000 at 10:05")).toBeInTheDocument();
    expect(server.to("GET", "/api/admin/support/conversations/3").length).toBeGreaterThan(threadReads);
    expect(Socket.instances).toHaveLength(1);
  });
});
