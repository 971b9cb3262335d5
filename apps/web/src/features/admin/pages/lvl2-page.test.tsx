import type { AdminLvl2Upload } from "@shwe/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fill, mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { Lvl2Page } from "./lvl2-page.tsx";

const upload: AdminLvl2Upload = {
  id: 3,
  user_id: 9,
  phone: "09500000002",
  name: "Ma Hla",
  status: "pending",
  reason: null,
  created_at: "2026-11-20T03:30:00.000Z",
  reviewed_at: null,
  image_url: "/api/admin/lvl2/3/image",
};

describe("level-2 reviews", { timeout: 15_000 }, () => {
  // jsdom has no object URLs.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    signInOperator({ token: "operator-token" });
    URL.createObjectURL = vi.fn(() => "blob:upload-3");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  function serve(extra: Parameters<typeof mockServer>[0] = {}) {
    let decided = false;
    return mockServer({
      "GET /api/admin/lvl2": (c) => ({ body: { data: c.query.get("status") === "pending" && !decided ? [upload] : [] } }),
      "GET /api/admin/lvl2/3/image": () => ({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]) }),
      ...Object.fromEntries(
        Object.entries(extra).map(([k, h]) => [
          k,
          (c: Parameters<typeof h>[0]) => {
            decided = true;
            return h(c);
          },
        ]),
      ),
    });
  }

  it("fetches the image with the operator's token and shows it from a blob URL", async () => {
    const server = serve();
    renderConsole(<Lvl2Page />, { path: "/admin/lvl2" });
    const image = await screen.findByRole("img", { name: "Level-2 upload of Ma Hla" });
    expect(image).toHaveAttribute("src", "blob:upload-3");
    const fetches = server.to("GET", "/api/admin/lvl2/3/image");
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.headers.get("Authorization")).toBe("Bearer operator-token");
  });

  it("approves the upload the operator looked at", async () => {
    const user = userEvent.setup();
    const server = serve({ "POST /api/admin/users/9/lvl_2": () => ({ body: { id: 9, lvl_2: 2, lvl_2_status: "approved" } }) });
    renderConsole(<Lvl2Page />, { path: "/admin/lvl2" });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    await user.click(within(screen.getByRole("dialog", { name: "Approve level 2?" })).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Ma Hla is now level 2.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/users/9/lvl_2").map((c) => c.body)).toEqual([{ decision: "approve", upload_id: 3 }]);
  });

  it("rejects only with a reason", async () => {
    const user = userEvent.setup();
    const server = serve({ "POST /api/admin/users/9/lvl_2": () => ({ body: { id: 9, lvl_2: 1, lvl_2_status: "rejected" } }) });
    renderConsole(<Lvl2Page />, { path: "/admin/lvl2" });
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject this upload?" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please write a reason.");
    expect(server.to("POST", "/api/admin/users/9/lvl_2")).toHaveLength(0);
    await fill(user, within(dialog).getByRole("textbox", { name: "Reason" }), "Name does not match");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(server.to("POST", "/api/admin/users/9/lvl_2").map((c) => c.body)).toEqual([
        { decision: "reject", upload_id: 3, reason: "Name does not match" },
      ]),
    );
    expect(await screen.findByText("No uploads are waiting for a review.")).toBeInTheDocument();
  });
});
