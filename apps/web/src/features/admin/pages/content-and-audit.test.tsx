import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fill, mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { AuditLogPage } from "./audit-log-page.tsx";
import { ContentPage } from "./content-page.tsx";

const settings = {
  header_play_text: "Welcome to Shwe Lucky",
  is_maintain: "0",
  social_links: { play_store: "", qr: "/img/qr-app.svg", facebook: "https://facebook.com/shwe", messenger: "", viber: "", instagram: "" },
  point_warning: "Points expire",
  header_play_texts: { mm: "Welcome to Shwe Lucky", en: "Welcome" },
  point_warning_texts: { mm: "Points expire" },
};

describe("content settings", { timeout: 15_000 }, () => {
  beforeEach(() => {
    signInOperator();
  });

  function serve() {
    const server = mockServer({
      "GET /api/admin/content/settings": () => ({ body: settings }),
      "PUT /api/admin/content/header_play_text": (c) => {
        const texts = (c.body as { texts: { mm: string } }).texts;
        return { body: { data: [{ text: texts.mm }], texts } };
      },
      "PUT /api/admin/content/point_warning": (c) => {
        const texts = (c.body as { texts: { mm: string } }).texts;
        return { body: { text: texts.mm, texts } };
      },
      "PUT /api/admin/content/promo_maintain": (c) => ({ body: c.body }),
      "PUT /api/admin/content/social_links": (c) => ({ body: { data: { ...settings.social_links, ...(c.body as object) } } }),
    });
    renderConsole(<ContentPage />, { path: "/admin/content" });
    return server;
  }

  it("saves the marquee text in every language, trimmed", async () => {
    const user = userEvent.setup();
    const server = serve();
    const marquee = await screen.findByRole("region", { name: "Marquee text" });
    const burmese = await within(marquee).findByRole("textbox", { name: "Burmese (required)" });
    expect(burmese).toHaveValue("Welcome to Shwe Lucky");
    expect(within(marquee).getByRole("textbox", { name: "English" })).toHaveValue("Welcome");
    await user.clear(burmese);
    await fill(user, burmese, "  ယနေ့ 2D  ");
    await fill(user, within(marquee).getByRole("textbox", { name: "Chinese" }), " 今晚 2D ");
    await fill(user, within(marquee).getByRole("textbox", { name: "Thai" }), "คืนนี้ 2D");
    await user.click(within(marquee).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.to("PUT", "/api/admin/content/header_play_text").map((c) => c.body)).toEqual([
        { texts: { mm: "ယနေ့ 2D", en: "Welcome", cn: "今晚 2D", thai: "คืนนี้ 2D" } },
      ]),
    );
  });

  it("edits the points page note in every language, and asks for the Burmese text before sending", async () => {
    const user = userEvent.setup();
    const server = serve();
    const note = await screen.findByRole("region", { name: "Points page note" });
    const burmese = await within(note).findByRole("textbox", { name: "Burmese (required)" });
    expect(burmese).toHaveValue("Points expire");
    await user.clear(burmese);
    await fill(user, within(note).getByRole("textbox", { name: "English" }), "Points expire after 90 days");
    await user.click(within(note).getByRole("button", { name: "Save" }));
    expect(within(note).getByRole("alert")).toHaveTextContent("Please write the Burmese text");
    expect(server.to("PUT", "/api/admin/content/point_warning")).toHaveLength(0);
    await fill(user, burmese, "ပွိုင့်များ ရက် ၉၀ တွင် သက်တမ်းကုန်သည်");
    await user.click(within(note).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.to("PUT", "/api/admin/content/point_warning").map((c) => c.body)).toEqual([
        { texts: { mm: "ပွိုင့်များ ရက် ၉၀ တွင် သက်တမ်းကုန်သည်", en: "Points expire after 90 days", cn: "", thai: "" } },
      ]),
    );
  });

  it("closes claiming for maintenance", async () => {
    const user = userEvent.setup();
    const server = serve();
    const claim = await screen.findByRole("region", { name: "Weekly claim" });
    const save = await within(claim).findByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await user.click(within(claim).getByRole("radio", { name: /Closed for maintenance/ }));
    await user.click(save);
    await waitFor(() => expect(server.to("PUT", "/api/admin/content/promo_maintain").map((c) => c.body)).toEqual([{ is_maintain: "1" }]));
  });

  it("refuses an unsafe social link and sends only the changed one", async () => {
    const user = userEvent.setup();
    const server = serve();
    const links = await screen.findByRole("region", { name: "Social links" });
    const viber = await within(links).findByRole("textbox", { name: "Viber" });
    await fill(user, viber, "http://not-allowed.example");
    await user.click(within(links).getByRole("button", { name: "Save" }));
    expect(within(links).getByRole("alert")).toHaveTextContent("Use an https:// address");
    expect(server.to("PUT", "/api/admin/content/social_links")).toHaveLength(0);
    await user.clear(viber);
    await fill(user, viber, "viber://chat?number=959400000001");
    await user.click(within(links).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.to("PUT", "/api/admin/content/social_links").map((c) => c.body)).toEqual([
        { viber: "viber://chat?number=959400000001" },
      ]),
    );
  });
});

describe("audit log", { timeout: 15_000 }, () => {
  beforeAll(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  beforeEach(() => {
    signInOperator();
  });

  it("shows who did what and when, with before/after as readable JSON, a page at a time", async () => {
    const user = userEvent.setup();
    const entry = (id: number) => ({
      id,
      actor_id: 1,
      actor_phone: "09400000001",
      actor_role: "operator",
      action: "cash.approve",
      target_type: "cash_request",
      target_id: String(id),
      before: { status: "pending" },
      after: { status: "approved", journal_id: 40 + id },
      ip: "127.0.0.1",
      created_at: "2026-11-20T03:30:00.000Z",
    });
    const server = mockServer({
      "GET /api/admin/audit-log": (c) => {
        const page = Number(c.query.get("page"));
        return { body: { data: [entry(page === 1 ? 2 : 1)], page, per_page: Number(c.query.get("per_page")), total: 30 } };
      },
    });
    renderConsole(<AuditLogPage />, { path: "/admin/audit-log" });
    const row = (await screen.findByText("cash_request #2")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("09400000001");
    expect(row).toHaveTextContent("cash.approve");
    expect(row).toHaveTextContent("20-11-2026 10:00");
    expect(within(row).getByText(/"journal_id": 42/)).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2 · 30 entries")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Newer" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Older" }));
    expect(await screen.findByText("cash_request #1")).toBeInTheDocument();
    expect(server.to("GET", "/api/admin/audit-log").map((c) => c.query.get("page"))).toEqual(["1", "2"]);
  });

  it("labels a player's own sign-in as the player's, an operator's action as the operator's", async () => {
    const row = (id: number, role: "player" | "operator", action: string, phone: string) => ({
      id,
      actor_id: id,
      actor_phone: phone,
      actor_role: role,
      action,
      target_type: "user",
      target_id: String(id),
      before: null,
      after: null,
      ip: "127.0.0.1",
      created_at: "2026-11-20T03:30:00.000Z",
    });
    mockServer({
      "GET /api/admin/audit-log": () => ({
        body: {
          data: [row(12, "player", "auth.login", "09500000001"), row(1, "operator", "admin.user_block", "09400000001")],
          page: 1,
          per_page: 25,
          total: 2,
        },
      }),
    });
    renderConsole(<AuditLogPage />, { path: "/admin/audit-log" });
    const signIn = (await screen.findByText("auth.login")).closest("li") as HTMLElement;
    expect(signIn).toHaveTextContent("Player 09500000001");
    expect(signIn).not.toHaveTextContent("Operator");
    const block = screen.getByText("admin.user_block").closest("li") as HTMLElement;
    expect(block).toHaveTextContent("Operator 09400000001");
    expect(block).not.toHaveTextContent("Player");
  });

  it("filters by operator, action and player, back to the first page, and clears the filters", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      "GET /api/admin/audit-log": (c) => ({ body: { data: [], page: Number(c.query.get("page")), per_page: 25, total: 0 } }),
    });
    renderConsole(<AuditLogPage />, { path: "/admin/audit-log" });
    await user.type(await screen.findByLabelText("Operator phone"), "09400000002");
    await user.type(screen.getByLabelText("Action"), "draw.");
    await user.type(screen.getByLabelText("Player id"), "42");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(server.to("GET", "/api/admin/audit-log")).toHaveLength(2));
    const filtered = server.to("GET", "/api/admin/audit-log")[1];
    expect(Object.fromEntries(filtered?.query ?? [])).toEqual({
      page: "1",
      per_page: "25",
      actor: "09400000002",
      action: "draw.",
      player: "42",
    });
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(server.to("GET", "/api/admin/audit-log")).toHaveLength(3));
    expect(Object.fromEntries(server.to("GET", "/api/admin/audit-log")[2]?.query ?? [])).toEqual({ page: "1", per_page: "25" });
  });
});
