import type { Profile } from "@shwe/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, profile, renderProfile } from "../test/render.tsx";
import { ProfilePage } from "./profile-page.tsx";

function signIn(p: Profile) {
  useSession.setState({ user: { ...p, token: "tok-1", expires_at: "2030-01-01T00:00:00.000Z" } });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function levelCard() {
  return screen.getByRole("region", { name: "Account level" });
}

describe("ProfilePage", { timeout: 20_000 }, () => {
  it("shows the account: name, phone, codes, balances with separators, turnover and referrals", async () => {
    const p = profile({ balance: 1234567, game_balance: 25000, point: 1520, p_balance: 1999, turnover: 4000, refer_count: 12 });
    signIn(p);
    mockApi({ "GET /api/user/profile": () => ({ body: p }) });
    renderProfile(<ProfilePage />);

    expect(screen.getByText("Aung Aung")).toBeInTheDocument();
    expect(screen.getByText("09500000001")).toBeInTheDocument();
    expect(screen.getByText("U7K2QX9P")).toBeInTheDocument();
    expect(screen.getByTestId("main-balance")).toHaveTextContent("1,234,567 MMK");
    const wallet = screen.getByRole("region", { name: "Wallet" });
    expect(within(wallet).getByText("25,000")).toBeInTheDocument();
    expect(within(wallet).getByText("1,520")).toBeInTheDocument();
    expect(within(wallet).getByText("1,999")).toBeInTheDocument();
    expect(within(wallet).getByText("4,000")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Codes and invite" })).getByText("12")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Profile photo" })).toHaveAttribute("src", "/img/avatar.svg");
  });

  it("level 2 not asked yet: the hint and the upload form, which sends the screenshot and turns to 'under review'", async () => {
    let current = profile();
    signIn(current);
    const api = mockApi({
      "GET /api/user/profile": () => ({ body: current }),
      "POST /api/user/lvl_2": () => {
        current = profile({ lvl_2_status: "pending" });
        return { body: { status: "pending" } };
      },
    });
    renderProfile(<ProfilePage />);
    const user = userEvent.setup();

    expect(within(levelCard()).getByText("Your account need to be level 2.")).toBeInTheDocument();
    expect(within(levelCard()).getByText("Level 1")).toBeInTheDocument();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "id.jpg", { type: "image/jpeg" });
    await user.upload(screen.getByLabelText("Choose a screenshot"), file);
    expect(screen.getByRole("img", { name: "Preview of the chosen screenshot" })).toHaveAttribute("src", "blob:preview");
    await user.click(screen.getByRole("button", { name: "Send for review" }));

    expect(await within(levelCard()).findByText("Your screenshot is under review.")).toBeInTheDocument();
    const sent = api.callsTo("/api/user/lvl_2")[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get("image")).toBeInstanceOf(File);
    expect(((sent as FormData).get("image") as File).name).toBe("id.jpg");
    expect(useSession.getState().user?.lvl_2_status).toBe("pending");
  });

  it("refuses a file that is not an image or is over 5 MB without sending it", async () => {
    signIn(profile());
    const api = mockApi({ "GET /api/user/profile": () => ({ body: profile() }) });
    renderProfile(<ProfilePage />);
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText("Choose a screenshot");
    await user.upload(input, new File(["%PDF"], "id.pdf", { type: "application/pdf" }));
    expect(screen.getByText("Choose a JPEG, PNG or WebP image.")).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await user.upload(input, big);
    expect(screen.getByText("The image is larger than 5 MB. Choose a smaller one.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    expect(api.callsTo("/api/user/lvl_2")).toHaveLength(0);
  });

  it("pending: says the screenshot is under review, with no form", () => {
    const p = profile({ lvl_2_status: "pending" });
    signIn(p);
    mockApi({ "GET /api/user/profile": () => ({ body: p }) });
    renderProfile(<ProfilePage />);
    expect(within(levelCard()).getByText("Your screenshot is under review.")).toBeInTheDocument();
    expect(within(levelCard()).queryByRole("button", { name: "Send for review" })).not.toBeInTheDocument();
  });

  it("approved: a level-2 badge and no form", () => {
    const p = profile({ lvl_2: 2, lvl_2_status: "approved" });
    signIn(p);
    mockApi({ "GET /api/user/profile": () => ({ body: p }) });
    renderProfile(<ProfilePage />);
    expect(within(levelCard()).getByText("Level 2")).toBeInTheDocument();
    expect(within(levelCard()).getByText("Verified: your account is level 2.")).toBeInTheDocument();
    expect(within(levelCard()).queryByText("Your account need to be level 2.")).not.toBeInTheDocument();
    expect(within(levelCard()).queryByRole("button", { name: "Send for review" })).not.toBeInTheDocument();
  });

  it("rejected: the operator's reason and the form again", () => {
    const p = profile({ lvl_2_status: "rejected", lvl_2_reason: "The screenshot is blurred." });
    signIn(p);
    mockApi({ "GET /api/user/profile": () => ({ body: p }) });
    renderProfile(<ProfilePage />);
    expect(within(levelCard()).getByText("Your last screenshot was not accepted.")).toBeInTheDocument();
    expect(within(levelCard()).getByText("Reason: The screenshot is blurred.")).toBeInTheDocument();
    expect(within(levelCard()).getByRole("button", { name: "Send for review" })).toBeInTheDocument();
  });

  it("copies the referral code and offers the invite link", async () => {
    signIn(profile());
    mockApi({ "GET /api/user/profile": () => ({ body: profile() }) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    renderProfile(<ProfilePage />);

    expect(screen.getByText(`${window.location.host}/register?ref=AB12CD`)).toHaveAttribute(
      "title",
      `${window.location.origin}/register?ref=AB12CD`,
    );
    await user.click(screen.getByRole("button", { name: "Copy referral code" }));
    expect(writeText).toHaveBeenCalledWith("AB12CD");
    expect(await screen.findAllByText("Copied!")).not.toHaveLength(0);
  });

  it("changes the password: a mismatch is caught first, then success is announced", async () => {
    signIn(profile());
    const api = mockApi({
      "GET /api/user/profile": () => ({ body: profile() }),
      "POST /api/user/new_password": () => ({ body: { message: "Your password has been changed successfully!" } }),
    });
    renderProfile(<ProfilePage />);
    const user = userEvent.setup();
    const card = screen.getByRole("region", { name: "Change password" });

    await user.type(within(card).getByLabelText("Current password"), "demo-player-1");
    await user.type(within(card).getByLabelText("New password"), "another-pass");
    await user.type(within(card).getByLabelText("Confirm new password"), "another-pas");
    await user.click(within(card).getByRole("button", { name: "Change password" }));
    expect(within(card).getByText("The two passwords do not match.")).toBeInTheDocument();
    expect(api.callsTo("/api/user/new_password")).toHaveLength(0);

    await user.type(within(card).getByLabelText("Confirm new password"), "s");
    await user.click(within(card).getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Your password has been changed successfully!")).toBeInTheDocument();
    expect(api.callsTo("/api/user/new_password")[0]?.body).toEqual({ old_password: "demo-player-1", password: "another-pass" });
    expect(within(card).getByLabelText("Current password")).toHaveValue("");
  });

  it("refuses a control character in the passwords and the name before sending, in the player's language", async () => {
    signIn(profile());
    const api = mockApi({ "GET /api/user/profile": () => ({ body: profile() }) });
    renderProfile(<ProfilePage />, "mm");
    const user = userEvent.setup();
    const said = "မမြင်ရသော သို့မဟုတ် ပျက်နေသော စာလုံး ပါဝင်နေပါသည် (ကူးထည့်ထားသော စာသားတွင် ဖြစ်တတ်သည်)။ ပြန်ရိုက်ထည့်ပါ။";
    const card = screen.getByRole("region", { name: "စကားဝှက် ပြောင်းရန်" });
    await user.click(within(card).getByLabelText("လက်ရှိ စကားဝှက်"));
    await user.paste("demo-player-1\u0000");
    await user.click(within(card).getByLabelText("စကားဝှက်အသစ်"));
    await user.paste("another\u000bpass");
    await user.click(within(card).getByLabelText("စကားဝှက်အသစ် အတည်ပြုရန်"));
    await user.paste("another\u000bpass");
    await user.click(within(card).getByRole("button", { name: "စကားဝှက် ပြောင်းမည်" }));
    expect(within(card).getAllByText(said)).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "အမည် ပြင်ရန်" }));
    const box = screen.getByLabelText("အမည်");
    await user.clear(box);
    await user.paste("Ko Aung\u001b");
    await user.keyboard("{Enter}");
    expect(await screen.findAllByText(said)).toHaveLength(3);
    expect(api.callsTo("/api/user/new_password")).toHaveLength(0);
    expect(api.callsTo("/api/user/profile_update")).toHaveLength(0);
  });

  it("puts a wrong current password under its field", async () => {
    signIn(profile());
    mockApi({
      "GET /api/user/profile": () => ({ body: profile() }),
      "POST /api/user/new_password": () => ({
        status: 422,
        body: { message: "The current password is not correct.", code: "WRONG_PASSWORD" },
      }),
    });
    renderProfile(<ProfilePage />, "mm");
    const user = userEvent.setup();
    const card = screen.getByRole("region", { name: "စကားဝှက် ပြောင်းရန်" });
    await user.type(within(card).getByLabelText("လက်ရှိ စကားဝှက်"), "wrong-one-1");
    await user.type(within(card).getByLabelText("စကားဝှက်အသစ်"), "another-pass");
    await user.type(within(card).getByLabelText("စကားဝှက်အသစ် အတည်ပြုရန်"), "another-pass");
    await user.click(within(card).getByRole("button", { name: "စကားဝှက် ပြောင်းမည်" }));
    expect(await within(card).findByText("လက်ရှိ စကားဝှက် မှားနေပါသည်။")).toBeInTheDocument();
    expect(within(card).getByLabelText("လက်ရှိ စကားဝှက်")).toHaveAttribute("aria-invalid", "true");
  });

  it("edits the name and uploads a new avatar", async () => {
    let current = profile();
    signIn(current);
    const api = mockApi({
      "GET /api/user/profile": () => ({ body: current }),
      "POST /api/user/profile_update": (call) => {
        current =
          call.body instanceof FormData
            ? profile({ ...current, avatar: "/api/user/avatar?v=abc" })
            : profile({ name: (call.body as { name: string }).name });
        return { body: current };
      },
    });
    renderProfile(<ProfilePage />);
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Edit name" }));
    const box = screen.getByLabelText("Name");
    await user.clear(box);
    await user.type(box, "  Ko Aung ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Ko Aung")).toBeInTheDocument();
    expect(api.callsTo("/api/user/profile_update")[0]?.body).toEqual({ name: "Ko Aung" });
    expect(useSession.getState().user?.name).toBe("Ko Aung");

    const avatarInput = document.querySelector<HTMLInputElement>('input[type="file"][aria-hidden="true"]');
    if (!avatarInput) throw new Error("avatar input missing");
    await user.upload(avatarInput, new File([new Uint8Array([0x89, 0x50])], "me.png", { type: "image/png" }));
    await waitFor(() => expect(api.callsTo("/api/user/profile_update")).toHaveLength(2));
    const form = api.callsTo("/api/user/profile_update")[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("image")).toBeInstanceOf(File);
    await waitFor(() => expect(useSession.getState().user?.avatar).toBe("/api/user/avatar?v=abc"));
  });
});
