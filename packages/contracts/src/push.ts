import { z } from "zod";
import { text } from "./common.ts";

/** The languages a push notification can be written in (the site's languages; mm is the default). */
export const PUSH_LANGUAGES = ["mm", "en", "cn", "thai"] as const;
export const pushLanguageSchema = z.enum(PUSH_LANGUAGES);
export type PushLanguage = z.infer<typeof pushLanguageSchema>;

/** GET /api/push/public-key: the VAPID application server key (base64url, uncompressed P-256 point). */
export const pushPublicKeySchema = z.object({ public_key: z.string() });

/**
 * POST /api/user/save_device_token: the browser's PushSubscription (its toJSON()) and the language
 * notifications are written in. Keys are base64url: p256dh a 65-byte P-256 point, auth 16 bytes.
 */
export const pushSubscribeBodySchema = z.strictObject({
  endpoint: text().url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, "must be a base64url P-256 public key")
      .max(90),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, "must be a base64url 16-byte secret")
      .max(26),
  }),
  language: pushLanguageSchema.default("mm"),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** DELETE /api/user/save_device_token: the endpoint to forget (only the caller's own). */
export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: text().url().max(2000) });

export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });

/** What a push message carries (site-spec "push notification": title, body, icon), plus the page it opens. */
export interface PushNotification {
  title: string;
  body: string;
  icon: string;
  url: string;
  /** Replaces an earlier notification of the same event on the device. */
  tag: string;
}
