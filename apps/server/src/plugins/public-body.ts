import { createHash } from "node:crypto";
import { type ContentEncoding, compressReused } from "./compression.ts";

/**
 * A public answer serialised once: its JSON text (sent as it is: Node writes headers and a string
 * body in one go), its size in bytes, a validator, and compressed forms made on first demand.
 */
export class PublicBody {
  readonly bytes: number;
  readonly etag: string;
  private readonly encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(readonly json: string) {
    const utf8 = Buffer.from(json);
    this.bytes = utf8.length;
    // Weak: the same validator names every encoding of the body.
    this.etag = `W/"${createHash("sha1").update(utf8).digest("base64url")}"`;
  }

  encodedAs(encoding: ContentEncoding): Buffer {
    let body = this.encoded[encoding];
    if (!body) {
      body = compressReused(Buffer.from(this.json), encoding);
      this.encoded[encoding] = body;
    }
    return body;
  }
}
