import {
  errorBodySchema,
  lvl2ImageQuerySchema,
  lvl2ResponseSchema,
  nameSchema,
  profileSchema,
  profileUpdateBodySchema,
} from "@shwe/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { invalidField, parseInput } from "../../lib/validation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { readOwnLvl2Image, submitLvl2 } from "./lvl2.service.ts";
import { readImageForm } from "./multipart.ts";
import { getProfile, readAvatar, updateProfile } from "./profile.service.ts";
import { ACCOUNT_LIMITS, accountLimiter } from "./rate-limits.ts";

const tags = ["accounts"];
const security = [{ bearer: [] }];

/** Private images: never cached by shared caches, never sniffed as anything but a JPEG. */
export function sendPrivateJpeg(reply: FastifyReply, image: Buffer) {
  return reply.type("image/jpeg").header("cache-control", "private, no-store").send(image);
}

export function registerProfileRoutes(app: ZodApp, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;

  app.get(
    "/api/user/profile",
    {
      schema: {
        tags,
        security,
        summary: "The signed-in account with its balances",
        response: { 200: profileSchema, "4xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => getProfile(ctx.db, currentUser(request).id),
  );

  app.post(
    "/api/user/profile_update",
    {
      schema: {
        tags,
        security,
        summary: "Change the name (JSON {name}) or the picture (multipart: file field `image`, optional field `name`)",
        response: { 200: profileSchema, "4xx": errorBodySchema },
      },
      preHandler: [ctx.guards.requireUser, accountLimiter(app, limits, "profile_update", ACCOUNT_LIMITS.profile_update)],
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) {
        const body = parseInput(profileUpdateBodySchema, request.body);
        return updateProfile(ctx, user.id, { name: body.name });
      }
      const form = await readImageForm(request, ["name"]);
      const name = form.fields.name === undefined ? undefined : parseInput(nameSchema, form.fields.name, "name");
      if (name === undefined && !form.image) throw invalidField([{ field: "body", message: "needs a name or an image" }]);
      return updateProfile(ctx, user.id, { ...(name === undefined ? {} : { name }), ...(form.image ? { image: form.image } : {}) });
    },
  );

  app.get(
    "/api/user/avatar",
    {
      schema: {
        tags,
        security,
        summary: "The signed-in account's picture (JPEG)",
        querystring: z.strictObject({ v: z.string().max(40).optional() }),
        response: { "4xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request, reply) => sendPrivateJpeg(reply, await readAvatar(ctx, currentUser(request).id)),
  );

  app.post(
    "/api/user/lvl_2",
    {
      schema: {
        tags,
        security,
        summary: "Upload the level-2 screenshot (multipart file field `image`: JPEG, PNG or WebP, at most 5 MB)",
        response: { 200: lvl2ResponseSchema, "4xx": errorBodySchema },
      },
      preHandler: [ctx.guards.requireUser, accountLimiter(app, limits, "lvl_2", ACCOUNT_LIMITS.lvl_2)],
    },
    async (request) => {
      const needImage = () => invalidField([{ field: "image", message: "is required (multipart/form-data file field `image`)" }]);
      if (!request.isMultipart()) throw needImage();
      const form = await readImageForm(request, []);
      if (!form.image) throw needImage();
      await submitLvl2(ctx, currentUser(request).id, form.image);
      return { status: "pending" as const };
    },
  );

  app.get(
    "/api/user/lvl_2/image",
    {
      schema: {
        tags,
        security,
        summary: "The signed-in account's own level-2 upload (newest, or ?id=)",
        querystring: lvl2ImageQuerySchema,
        response: { "4xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request, reply) => sendPrivateJpeg(reply, await readOwnLvl2Image(ctx, currentUser(request).id, request.query.id)),
  );
}
