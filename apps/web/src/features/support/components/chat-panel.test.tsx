import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dispatchRealtime } from "../../../lib/realtime.ts";
import { connectRealtime } from "../../../lib/realtime-socket.ts";
import { installFakeWebSocket, lastSocket } from "../../../lib/realtime-testing.ts";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, signIn } from "../../../test/render.tsx";
import { useChat } from "../stores/chat.ts";
import { ChatButton } from "./chat-button.tsx";
import { ChatPanel } from "./chat-panel.tsx";

const conversation = { id: 3, status: "open", player_read_id: 0, staff_read_id: 0 };
const at = "2026-11-26T10:00:00.000Z";
const msg = (id: number, sender: "player" | "staff", body: string) => ({
  id,
  sender,
  operator_name: sender === "staff" ? "Ko Ko" : null,
  body,
  image_url: null,
  created_at: at,
});

afterEach(() => {
  useSession.setState({ user: null });
  useChat.setState({ open: false, unread: 0, visitorLive: false });
  window.localStorage.clear();
});

describe("support chat panel", () => {
  it("shows the thread as text (never HTML), sends a message, shows a live answer and the read state", async () => {
    signIn();
    const html = "<img src=x onerror=alert(1)>";
    const sent: unknown[] = [];
    const read: unknown[] = [];
    mockApi({
      "support/conversation": { body: { conversation, messages: [msg(1, "player", html)], unread: 0 } },
      "support/messages": (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return { status: 201, body: msg(2, "player", "Where is my cash-in?") };
      },
      "support/read": (_url, init) => {
        read.push(JSON.parse(String(init.body)));
        return { status: 204 };
      },
      "support/typing": { status: 204 },
    });
    const { container } = renderRoutes([{ index: true, element: <ChatPanel onClose={() => undefined} /> }]);

    expect(await screen.findByText(html)).toBeInTheDocument();
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText(/Sent/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Where is my cash-in?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Where is my cash-in?")).toBeInTheDocument();
    expect(sent).toEqual([{ text: "Where is my cash-in?" }]);

    act(() => dispatchRealtime({ type: "support_typing", event_id: 9, conversation_id: 3 }));
    expect((await screen.findAllByText("Support is typing…")).length).toBeGreaterThan(0);
    act(() =>
      dispatchRealtime({ type: "support_message", event_id: 10, conversation_id: 3, message: msg(5, "staff", "We are checking it now.") }),
    );
    expect(await screen.findByText("We are checking it now.")).toBeInTheDocument();
    expect(screen.getByText("Ko Ko")).toBeInTheDocument();
    await waitFor(() => expect(read).toEqual([{ up_to: 5 }]));

    act(() => dispatchRealtime({ type: "support_read", event_id: 11, conversation_id: 3, up_to: 2 }));
    await waitFor(() => expect(screen.getAllByText(/Read/).length).toBe(2));
  });

  it("a visitor gives a valid phone number first (a bad one is refused) and keeps the conversation token", async () => {
    mockApi({
      "support/visitor": (_url, init) => {
        const { phone } = JSON.parse(String(init.body)) as { phone: string };
        return phone.startsWith("09")
          ? { status: 201, body: { token: "t".repeat(32), conversation } }
          : { status: 400, body: { message: "Invalid input", code: "VALIDATION_FAILED" } };
      },
      "support/conversation": (_url, init) =>
        (init.headers as Record<string, string>)["x-support-token"] === "t".repeat(32)
          ? { body: { conversation, messages: [], unread: 0 } }
          : { status: 401, body: { message: "no", code: "UNAUTHENTICATED" } },
    });
    renderRoutes([{ index: true, element: <ChatPanel onClose={() => undefined} /> }]);
    const phone = await screen.findByLabelText("Phone number");
    fireEvent.change(phone, { target: { value: "123456789" } });
    fireEvent.click(screen.getByRole("button", { name: "Start chat" }));
    expect(await screen.findByText("Enter a valid Myanmar mobile number (09…).")).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: "09791234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Start chat" }));
    expect(await screen.findByLabelText("Message")).toBeInTheDocument();
    expect(window.localStorage.getItem("shwe.support.token")).toBe("t".repeat(32));
  });

  it("a visitor's socket joins the conversation by its token; the operator's typing and answer come on it", async () => {
    installFakeWebSocket();
    const token = "v".repeat(32);
    window.localStorage.setItem("shwe.support.token", token);
    const stored = [msg(1, "player", "Is my cash-in there?")];
    mockApi({
      "support/conversation": (_url, init) =>
        (init.headers as Record<string, string>)["x-support-token"] === token
          ? { body: { conversation, messages: [...stored], unread: 0 } }
          : { status: 401, body: { message: "no", code: "UNAUTHENTICATED" } },
      "support/read": { status: 204 },
    });
    useChat.setState({ open: true });
    renderRoutes([{ index: true, element: <ChatButton /> }]);
    expect(await screen.findByText("Is my cash-in there?")).toBeInTheDocument();

    // The tab's socket (a visitor's: hello) asks to join the visitor's conversation, and again after a reconnection.
    const connection = connectRealtime({});
    const socket = lastSocket();
    act(() => socket.serverOpen());
    act(() => socket.serverSend({ type: "ready", user_id: null }));
    expect(socket.sent).toEqual(expect.arrayContaining([{ type: "hello" }, { type: "support_visitor", token }]));
    act(() => socket.serverSend({ type: "support_joined", conversation_id: 3 }));
    await waitFor(() => expect(useChat.getState().visitorLive).toBe(true));

    act(() => socket.serverSend({ type: "support_typing", conversation_id: 3 }));
    expect((await screen.findAllByText("Support is typing…")).length).toBeGreaterThan(0);
    const answer = msg(4, "staff", "Yes, it is in.");
    stored.push(answer);
    act(() => socket.serverSend({ type: "support_message", conversation_id: 3, message: answer }));
    expect(await screen.findByText("Yes, it is in.")).toBeInTheDocument();

    // The socket drops: the panel is no longer live (it polls slowly until the socket joins again).
    act(() => socket.serverClose(1006));
    await waitFor(() => expect(useChat.getState().visitorLive).toBe(false));
    connection.close();
  });
});
