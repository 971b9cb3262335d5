import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../../lib/session-store.ts";
import { fill, mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { ReferralPage } from "./referral-page.tsx";

const flag = {
  referrer_id: 42,
  referrer_phone: "09512345678",
  referrer_name: "Ko Aung",
  status: "held",
  flagged_at: "2025-03-01T04:00:00.000Z",
  decided_at: null,
  decided_by_phone: null,
  decision_reason: null,
  game_refer_amt: 12_500,
  forfeited_total: 0,
  refer_count: 3,
  groups: [
    {
      kind: "device",
      key: "ab12cd34…",
      from: "2025-03-01T01:00:00.000Z",
      to: "2025-03-01T03:00:00.000Z",
      referees: [
        { id: 51, phone: "********111", joined_at: "2025-03-01T01:00:00.000Z", device: "ab12cd34…", ip_range: "203.0.113.0/24" },
        { id: 52, phone: "********222", joined_at: "2025-03-01T02:00:00.000Z", device: "ab12cd34…", ip_range: "203.0.113.0/24" },
        { id: 53, phone: "********333", joined_at: "2025-03-01T03:00:00.000Z", device: "ab12cd34…", ip_range: "198.51.100.0/24" },
      ],
    },
  ],
};

const settings = { share_percent: 5, farming_threshold: 3, farming_window_hours: 24 };
const payouts = {
  data: [{ day: "2025-03-01", earned: 20_000, claims: 2, claimed: 7_500, forfeited: 0 }],
  totals: { earned: 20_000, claims: 2, claimed: 7_500, forfeited: 0 },
  outstanding: 12_500,
  held: 12_500,
};

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function server() {
  return mockServer({
    "GET /api/admin/referral/flags": () => ({ body: { data: [flag] } }),
    "GET /api/admin/referral/settings": () => ({ body: settings }),
    "GET /api/admin/referral/payouts": () => ({ body: payouts }),
    "POST /api/admin/referral/flags/42/forfeit": () => ({
      body: { ...flag, status: "forfeited", game_refer_amt: 0, forfeited_total: 12_500 },
    }),
    "PUT /api/admin/referral/settings": (call) => ({ body: call.body }),
  });
}

describe("ReferralPage", () => {
  it("lists held referrers with their referee groups (masked phones, device, network) and the payouts", async () => {
    signInOperator();
    const api = server();
    renderConsole(<ReferralPage />, { path: "/" });
    expect(await screen.findByText("********222")).toBeInTheDocument();
    expect(screen.getByText(/Ko Aung/)).toBeInTheDocument();
    expect(screen.getAllByText(/203\.0\.113\.0\/24/).length).toBeGreaterThan(0);
    expect(api.to("GET", "/api/admin/referral/flags")[0]?.query.get("status")).toBe("held");
    expect(await screen.findByText("01-03-2025")).toBeInTheDocument();
  });

  it("forfeits with a reason (nothing is sent without one)", async () => {
    signInOperator();
    const api = server();
    const user = userEvent.setup();
    renderConsole(<ReferralPage />, { path: "/" });
    await user.click(await screen.findByRole("button", { name: "Forfeit" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Forfeit" }));
    expect(api.to("POST", "/api/admin/referral/flags/42/forfeit")).toHaveLength(0);
    await fill(user, within(dialog).getByRole("textbox"), "One handset for every referee");
    await user.click(within(dialog).getByRole("button", { name: "Forfeit" }));
    expect(await screen.findByText("The earnings were forfeited.")).toBeInTheDocument();
    expect(api.to("POST", "/api/admin/referral/flags/42/forfeit")[0]?.body).toEqual({ reason: "One handset for every referee" });
  });

  it("saves the share and the farming rule; refuses a share with three decimals without asking the server", async () => {
    signInOperator();
    const api = server();
    const user = userEvent.setup();
    renderConsole(<ReferralPage />, { path: "/" });
    const share = await screen.findByLabelText("Referral share (%)");
    await fill(user, share, "2.555");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Share 0–100/)).toBeInTheDocument();
    expect(api.to("PUT", "/api/admin/referral/settings")).toHaveLength(0);
    await fill(user, share, "2.5");
    await fill(user, screen.getByLabelText("Referees from one device or network"), "4");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    expect(api.to("PUT", "/api/admin/referral/settings")[0]?.body).toEqual({
      share_percent: 2.5,
      farming_threshold: 4,
      farming_window_hours: 24,
    });
  });
});
