import type { Page } from "playwright-core";
import { api } from "./console.ts";
import { latestOtp, newPhone } from "./outbox.ts";

/** A player registered for one journey alone (what it does to them touches no other journey). */
export interface NewPlayer {
  id: number;
  phone: string;
  password: string;
  name: string;
}

/** Registers a new player as the site does (phone, SMS code from the demo outbox, name and password). */
export async function registerPlayer(baseUrl: string, name: string): Promise<NewPlayer> {
  const phone = newPhone();
  const password = "player-pass-1";
  await api(baseUrl, "POST", "user/send_otp", { phone, purpose: "register" });
  const code = await latestOtp(baseUrl, phone);
  const { otp_token } = await api<{ otp_token: string }>(baseUrl, "POST", "user/verify_otp", { phone, purpose: "register", code });
  const { user } = await api<{ user: { id: number } }>(baseUrl, "POST", "user/verify_register", { phone, name, password, otp_token });
  return { id: user.id, phone, password, name };
}

/**
 * The second demo operator, who is not an admin: small adjustments that fund journeys' players apply
 * at once, and the first operator's daily adjustment total stays untouched.
 */
export const FUNDING_OPERATOR = { phone: "09400000002", password: "demo-operator-2" };

/** Adds `amount` to a player's main balance with an operator's signed adjustment (below the threshold: applied at once). */
export async function fundPlayer(baseUrl: string, player: NewPlayer, amount: number): Promise<void> {
  const { token } = await api<{ token: string }>(baseUrl, "POST", "user/login", FUNDING_OPERATOR);
  const res = await api<{ status: string }>(baseUrl, "POST", `admin/users/${player.id}/adjust`, { amount, reason: "Journey stake" }, token);
  if (res.status !== "applied") throw new Error(`The funding adjustment of player ${player.id} is ${res.status}, not applied.`);
}

/** The signed-in player's bearer token, as the site keeps it in browser storage ("user-info"). */
export async function pageToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem("user-info"));
  const token = raw ? (JSON.parse(raw) as { state?: { user?: { token?: string } | null } }).state?.user?.token : undefined;
  if (!token) throw new Error("The page has no signed-in player.");
  return token;
}
