import type { FastifyRequest } from "fastify";
import { invalidField } from "../../lib/validation.ts";

export interface ImageForm {
  /** The bytes of the `image` file part, when one was sent. */
  image: Buffer | undefined;
  /** The text fields, only those the route allows. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form with at most one file, in the field `image`, and the named text fields.
 * Any other field is refused (400), like an unknown JSON field; a file over 5 MB answers 413
 * (the multipart limits of app.ts).
 */
export async function readImageForm(request: FastifyRequest, allowedFields: readonly string[]): Promise<ImageForm> {
  const form: ImageForm = { image: undefined, fields: {} };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== "image" || form.image) {
        part.file.resume();
        throw invalidField([{ field: part.fieldname, message: "is not an accepted file field (send one file in `image`)" }]);
      }
      form.image = await part.toBuffer();
    } else {
      if (!allowedFields.includes(part.fieldname)) {
        throw invalidField([{ field: part.fieldname, message: "is not an accepted field" }]);
      }
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}
