import { errorBodySchema } from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { notFound } from "../../lib/errors.ts";
import { invalidField } from "../../lib/validation.ts";
import { readImageForm } from "../accounts/multipart.ts";
import { readContentImage, reencodeContentImage, storeContentImage } from "../accounts/uploads.ts";
import { actorOf, recordAudit } from "./audit.service.ts";

/**
 * Content images: admins upload banner pictures and payment method logos (multipart file field
 * `image`: JPEG, PNG or WebP, at most 5 MB), stored re-encoded as WebP under a random name and
 * served to everyone at /media/<name>.webp, cacheable for a year (a changed picture gets a new name).
 */
export function registerMediaRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    "/api/admin/media",
    {
      schema: {
        tags: ["admin"],
        security: [{ bearer: [] }],
        summary: "Upload a content image (admins): answers its site path for a banner or a logo",
        response: { 201: z.object({ path: z.string() }), "4xx": errorBodySchema },
      },
    },
    async (request, reply) => {
      const needImage = () => invalidField([{ field: "image", message: "is required (multipart/form-data file field `image`)" }]);
      if (!request.isMultipart()) throw needImage();
      const form = await readImageForm(request, []);
      if (!form.image) throw needImage();
      const path = await storeContentImage(ctx.config, await reencodeContentImage(form.image));
      await recordAudit(ctx.db, actorOf(request), "media.upload", { type: "media", id: path }, null, { path, bytes: form.image.length });
      return reply.code(201).send({ path });
    },
  );

  app.get(
    "/media/:name",
    {
      schema: { hide: true, params: z.strictObject({ name: z.string().max(80) }) },
    },
    async (request, reply) => {
      const image = await readContentImage(ctx.config, request.params.name);
      if (!image) throw notFound("No such image.");
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(image);
    },
  );
}
