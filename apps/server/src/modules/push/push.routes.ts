import {
  errorBodySchema,
  pushPublicKeySchema,
  pushSubscribeBodySchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeBodySchema,
} from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { AppError } from "../../lib/errors.ts";
import { currentUser } from "../../plugins/auth.ts";
import { deleteSubscription, hasSubscription } from "./push.repository.ts";
import { createPushWorker, type PushTransport, type PushWorker, subscribe } from "./push.service.ts";
import { loadVapidKeys, type VapidKeys } from "./vapid.ts";

const tags = ["push"];
const security = [{ bearer: [] }];
/** How often a listening server looks for committed changes to notify and deliveries due. */
export const PUSH_EVERY_MS = 2000;

export interface PushModule {
  /** Undefined when the keys could not be loaded: the site then runs without push. */
  worker: PushWorker | undefined;
  vapid: VapidKeys | undefined;
}

/**
 * Web Push: the public key, saving and forgetting a browser's subscription, and the worker that
 * sends notifications of cash decisions, wins and results (started when the server listens).
 */
export function registerPushRoutes(app: ZodApp, ctx: AppContext, opts: { transport?: PushTransport } = {}): PushModule {
  let vapid: VapidKeys | undefined;
  try {
    vapid = loadVapidKeys(ctx.config);
  } catch (err) {
    app.log.warn({ err }, "web push keys unavailable: running without push notifications");
  }
  const unavailable = () => new AppError(503, "PUSH_UNAVAILABLE", "Notifications are not available right now.");

  app.get(
    "/api/push/public-key",
    {
      schema: {
        tags,
        summary: "The VAPID public key browsers subscribe with",
        response: { 200: pushPublicKeySchema, "5xx": errorBodySchema },
      },
    },
    async () => {
      if (!vapid) throw unavailable();
      return { public_key: vapid.publicKey };
    },
  );

  app.post(
    "/api/user/save_device_token",
    {
      schema: {
        tags,
        security,
        summary: "Save this browser's push subscription (PushSubscription JSON and the notification language)",
        body: pushSubscribeBodySchema,
        response: { 200: pushSubscriptionStateSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      if (!vapid) throw unavailable();
      const user = currentUser(request);
      await subscribe(ctx, user, request.body);
      return { subscribed: true };
    },
  );

  app.delete(
    "/api/user/save_device_token",
    {
      schema: {
        tags,
        security,
        summary: "Forget this browser's push subscription",
        body: pushUnsubscribeBodySchema,
        response: { 200: pushSubscriptionStateSchema, "4xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      await deleteSubscription(ctx.db, currentUser(request).id, request.body.endpoint);
      return { subscribed: false };
    },
  );

  app.post(
    "/api/push/status",
    {
      schema: {
        tags,
        security,
        summary: "Whether this browser's subscription is saved for the signed-in player",
        body: pushUnsubscribeBodySchema,
        response: { 200: pushSubscriptionStateSchema, "4xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => ({ subscribed: await hasSubscription(ctx.db, currentUser(request).id, request.body.endpoint) }),
  );

  const worker = vapid ? createPushWorker(ctx.db, vapid, app.log, opts.transport, ctx.dbOutage) : undefined;
  if (worker) {
    app.addHook("onListen", async () => worker.start(PUSH_EVERY_MS));
    app.addHook("onClose", async () => worker.stop());
  }
  return { worker, vapid };
}
