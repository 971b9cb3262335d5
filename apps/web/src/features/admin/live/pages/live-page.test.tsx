import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fill, mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { LivePage } from "./live-page.tsx";

const settings = {
  header_play_text: "ကြိုဆိုပါသည်",
  is_maintain: "0",
  social_links: { play_store: "", qr: "", facebook: "", messenger: "", viber: "", instagram: "" },
  point_warning: "",
  header_play_texts: { mm: "ကြိုဆိုပါသည်" },
  point_warning_texts: { mm: "" },
};

describe("live page: the chat ticker", { timeout: 15_000 }, () => {
  beforeEach(() => {
    signInOperator();
  });

  it("sends a ticker message in every language written, and asks for the Burmese text before sending", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      "GET /api/admin/content/settings": () => ({ body: settings }),
      "GET /api/admin/live/connections": () => ({ body: { sockets: 3, players: 1, visitors: 2, instances: 1 } }),
      "POST /api/admin/live/chat": () => ({ status: 201, body: { event_id: 41 } }),
    });
    renderConsole(<LivePage />, { path: "/admin/live" });
    const chat = await screen.findByRole("region", { name: "Chat ticker" });
    const burmese = within(chat).getByRole("textbox", { name: "Burmese (required)" });
    await fill(user, within(chat).getByRole("textbox", { name: "English" }), "Good luck tonight");
    await user.click(within(chat).getByRole("button", { name: "Send to the ticker" }));
    expect(await within(chat).findByText("Please fill this in.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/live/chat")).toHaveLength(0);

    await fill(user, burmese, "  ယနေ့ည ကံကောင်းပါစေ ");
    await fill(user, within(chat).getByRole("textbox", { name: "Thai" }), "โชคดีคืนนี้");
    await user.click(within(chat).getByRole("button", { name: "Send to the ticker" }));
    await waitFor(() =>
      expect(server.to("POST", "/api/admin/live/chat").map((c) => c.body)).toEqual([
        { text: "ယနေ့ည ကံကောင်းပါစေ", translations: { en: "Good luck tonight", cn: "", thai: "โชคดีคืนนี้" } },
      ]),
    );
    // Sent: the form is empty for the next message.
    await waitFor(() => expect(within(chat).getByRole("textbox", { name: "English" })).toHaveValue(""));
    expect(burmese).toHaveValue("");
  });
});
