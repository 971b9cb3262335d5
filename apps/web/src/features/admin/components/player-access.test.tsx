import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { PlayerAccessPanel } from "./player-access.tsx";

afterEach(() => useSession.setState({ user: null }));

const access = (sessions: number) => ({
  sessions: Array.from({ length: sessions }, (_, i) => ({
    id: i + 1,
    created_at: "2026-11-20T03:00:00.000Z",
    last_used_at: "2026-11-25T03:00:00.000Z",
  })),
  sign_ins: [{ action: "auth.login", ip: "198.51.100.4", at: "2026-11-25T03:00:00.000Z" }],
  signup: { device_id: "dev-abc", ip: "203.0.113.7", at: "2026-11-01T03:00:00.000Z" },
  referrer: { id: 7, phone: "09500000007", name: "Ko Ko" },
  referees: [{ id: 9, phone: "09500000009", name: "Ma Ma", joined_at: "2026-11-10T03:00:00.000Z", referees: 2, blocked: true }],
  same_device: 3,
  limits: [{ kind: "loss", period: "week", amount: 30_000 }],
  self_exclusion: { until: "2026-12-02T03:00:00.000Z", indefinite: false },
});

describe("PlayerAccessPanel", () => {
  it("shows sign-ins, the sign-up device with its other accounts, referrer, referees, limits and exclusion; ends every sign-in after a confirmation", async () => {
    signInOperator();
    let live = 2;
    const server = mockServer({
      "GET /api/admin/users/42/access": () => ({ body: access(live) }),
      "POST /api/admin/users/42/sessions/end": () => {
        const ended = live;
        live = 0;
        return { body: { id: 42, ended } };
      },
    });
    renderConsole(
      <>
        <PlayerAccessPanel playerId={42} />
        <ToastContainer />
      </>,
      { path: "/admin/players/42" },
    );
    expect(await screen.findByText("dev-abc")).toBeInTheDocument();
    expect(screen.getByText("203.0.113.7")).toBeInTheDocument();
    expect(screen.getByText("198.51.100.4")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ko Ko" })).toHaveAttribute("href", "/admin/players/7");
    expect(screen.getByRole("link", { name: "Ma Ma" })).toHaveAttribute("href", "/admin/players/9");
    expect(screen.getByTestId("player-limits")).toHaveTextContent("loss per week: 30,000 Ks");
    await userEvent.click(screen.getByRole("button", { name: "End all sign-ins" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "End all sign-ins" }));
    expect(await screen.findByText("2 sign-ins ended.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "End all sign-ins" })).not.toBeInTheDocument());
    expect(server.to("POST", "/api/admin/users/42/sessions/end")).toHaveLength(1);
  });
});
