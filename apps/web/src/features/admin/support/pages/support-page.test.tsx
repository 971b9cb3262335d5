import type { AdminSupportConversation, SupportMessage } from "@shwe/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeWebSocket, lastSocket } from "../../../../lib/realtime-testing.ts";
import { useSession } from "../../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { CannedEditor } from "../components/canned-editor.tsx";
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

const threadRoutes = (messages: () => SupportMessage[]) => ({
  "GET /api/admin/support/conversations": () => ({ body: { data: [conversation()] } }),
  "GET /api/admin/support/conversations/3": () => ({ body: { conversation: conversation(), messages: messages() } }),
  "GET /api/admin/support/conversations/3/context": () => ({
    body: { balances: { balance: 0, game_balance: 0, p_balance: 0, point: 0 }, cash_requests: [], slips: [] },
  }),
  "GET /api/admin/support/operators": () => ({ body: { data: [] } }),
  "GET /api/admin/support/canned": () => ({ body: { data: [] } }),
});

describe("an operator's answer with an image", () => {
  it("attaches a payment screenshot and sends it with its caption as a multipart form", async () => {
    installFakeWebSocket();
    signInOperator();
    const server = mockServer({
      ...threadRoutes(() => [message(1, "which account?")]),
      "POST /api/admin/support/conversations/3/images": () => ({
        status: 201,
        body: { ...message(2, "pay here"), sender: "staff", operator_name: "Operator One", image_url: "/api/admin/support/images/2" },
      }),
    });
    renderConsole(<SupportPage />, { path: "/admin/support?id=3", pattern: "/admin/support" });
    await screen.findByText("which account?");
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "kbz-account.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByTestId("console-support-file"), { target: { files: [file] } });
    expect(screen.getByText("Image: kbz-account.jpg")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Answer"), { target: { value: "pay here" } });
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/support/conversations/3/images")).toHaveLength(1));
    const form = server.to("POST", "/api/admin/support/conversations/3/images")[0]?.body as FormData;
    expect(form.get("text")).toBe("pay here");
    expect((form.get("image") as File).name).toBe("kbz-account.jpg");
    await waitFor(() => expect(screen.queryByText("Image: kbz-account.jpg")).toBeNull());
    expect(server.to("POST", "/api/admin/support/conversations/3/messages")).toHaveLength(0);
  });
});

const cannedRows = [
  { id: 1, language: "mm", title: "နှုတ်ဆက်", body: "မင်္ဂလာပါ" },
  { id: 2, language: "en", title: "Greeting", body: "Hello, how can we help?" },
];

describe("canned answers in the console", () => {
  it("an admin reads them per language, changes, adds and deletes them", async () => {
    signInOperator({ role: "admin" });
    let rows = [...cannedRows];
    const server = mockServer({
      "GET /api/admin/2fa": () => ({ body: { role: "admin", enrolled: true, verified: true } }),
      "GET /api/admin/support/canned": () => ({ body: { data: rows } }),
      "PUT /api/admin/support/canned/2": (c) => {
        rows = rows.map((r) => (r.id === 2 ? { id: 2, ...(c.body as object) } : r)) as typeof rows;
        return { body: rows.find((r) => r.id === 2) };
      },
      "POST /api/admin/support/canned": (c) => {
        const row = { id: 9, ...(c.body as { language: string; title: string; body: string }) };
        rows = [...rows, row];
        return { status: 201, body: row };
      },
      "DELETE /api/admin/support/canned/2": () => {
        rows = rows.filter((r) => r.id !== 2);
        return { status: 204 };
      },
    });
    renderConsole(<CannedEditor />, { path: "/admin/support" });
    const list = await screen.findByTestId("canned-list");
    expect(await within(list).findByText("နှုတ်ဆက်")).toBeInTheDocument();
    expect(within(list).queryByText("Greeting")).toBeNull();
    await userEvent.click(screen.getByRole("tab", { name: "English" }));
    expect(await within(list).findByText("Greeting")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Edit: Greeting" }));
    const title = within(list).getByLabelText("Title");
    fireEvent.change(title, { target: { value: "Hello" } });
    await userEvent.click(within(list).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/support/canned/2")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/support/canned/2")[0]?.body).toEqual({
      language: "en",
      title: "Hello",
      body: "Hello, how can we help?",
    });
    expect(await within(list).findByText("Hello")).toBeInTheDocument();

    const adding = screen.getAllByLabelText("Title").at(-1) as HTMLElement;
    fireEvent.change(adding, { target: { value: "Checking" } });
    fireEvent.change(screen.getAllByLabelText("Text").at(-1) as HTMLElement, { target: { value: "We are checking your cash-in." } });
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/support/canned")).toHaveLength(1));
    expect(server.to("POST", "/api/admin/support/canned")[0]?.body).toEqual({
      language: "en",
      title: "Checking",
      body: "We are checking your cash-in.",
    });
    expect(await within(list).findByText("Checking")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete: Hello" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(server.to("DELETE", "/api/admin/support/canned/2")).toHaveLength(1));
    await waitFor(() => expect(within(list).queryByText("Hello")).toBeNull());
  });

  it("an operator reads them with a note that only an admin changes them: no form, no edit or delete", async () => {
    signInOperator();
    mockServer({ "GET /api/admin/support/canned": () => ({ body: { data: cannedRows } }) });
    renderConsole(<CannedEditor />, { path: "/admin/support" });
    expect(await screen.findByText("Only an admin can add, change or delete canned answers.")).toBeInTheDocument();
    expect(await screen.findByText("နှုတ်ဆက်")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit|Delete|Add/ })).toBeNull();
    expect(screen.queryByLabelText("Title")).toBeNull();
  });
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
