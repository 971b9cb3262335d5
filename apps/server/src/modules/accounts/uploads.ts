import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Config } from "../../config/env.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { invalidField } from "../../lib/validation.ts";

/** Upload limits (security baseline): 5 MB is enforced by the multipart parser, pixels here. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export type ImageKind = "lvl2" | "avatars" | "support";

/** Longest side of the stored image: ID screenshots stay readable, avatars stay small. */
const MAX_SIDE: Record<ImageKind, number> = { lvl2: 2400, avatars: 512, support: 2400 };

/** The image type told by the file's first bytes (the name and the declared type are ignored). */
export function sniffImageType(data: Buffer): "jpeg" | "png" | "webp" | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (data.length >= 12 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}

const tooManyPixels = `has too many pixels (at most ${MAX_IMAGE_PIXELS.toLocaleString("en")})`;

function imageError(message: string, field: string): Error {
  return invalidField([{ field, message }]);
}

/**
 * Checks an uploaded image (JPEG/PNG/WebP by magic bytes, a pixel limit, decodable) and re-encodes
 * it to a fresh JPEG: upright, scaled down to the kind's size, without metadata (no EXIF location).
 */
export async function reencodeImage(data: Buffer, kind: ImageKind, field = "image"): Promise<Buffer> {
  if (data.length === 0) throw imageError("is empty", field);
  const type = sniffImageType(data);
  if (!type) throw imageError("must be a JPEG, PNG or WebP image", field);
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (meta.format !== type) throw imageError("is not a readable image", field);
    if (!meta.width || !meta.height) throw imageError("is not a readable image", field);
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw imageError(tooManyPixels, field);
    const side = MAX_SIDE[kind];
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    throw imageError(tooBig ? tooManyPixels : "is not a readable image", field);
  }
}

/** Stored images live outside any public folder: under the data folder, or a temporary folder for in-memory runs. */
export function uploadsRoot(config: Config): string {
  return config.dataDir === "memory" ? join(tmpdir(), "shwe-lucky-uploads") : join(config.dataDir, "uploads");
}

const STORED_NAME = /^(lvl2|avatars|support)\/[A-Za-z0-9_-]{22,64}\.jpg$/;

/** Writes a re-encoded JPEG under a random name; returns the stored name ("lvl2/<random>.jpg"). */
export async function storeImage(config: Config, kind: ImageKind, jpeg: Buffer): Promise<string> {
  const dir = join(uploadsRoot(config), kind);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${kind}/${randomToken(18)}.jpg`;
  await writeFile(join(uploadsRoot(config), name), jpeg, { flag: "wx", mode: 0o600 });
  return name;
}

/** Reads a stored image; undefined when the name is not one of ours or the file is gone. */
export async function readStoredImage(config: Config, name: string): Promise<Buffer | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  try {
    return await readFile(join(uploadsRoot(config), name));
  } catch {
    return undefined;
  }
}

export async function removeStoredImage(config: Config, name: string | null | undefined): Promise<void> {
  if (!name || !STORED_NAME.test(name)) return;
  await rm(join(uploadsRoot(config), name), { force: true });
}

/** Content images (banners, payment method logos): public, kept with their transparency as WebP. */
const CONTENT_MAX_SIDE = 1920;
const CONTENT_NAME = /^[A-Za-z0-9_-]{22,64}\.webp$/;

/**
 * Checks an uploaded content image as reencodeImage does (JPEG/PNG/WebP by magic bytes, pixel
 * limit, decodable) and re-encodes it to WebP: upright, at most 1920 px a side, transparency kept,
 * no metadata. SVG is never accepted (it can carry script).
 */
export async function reencodeContentImage(data: Buffer, field = "image"): Promise<Buffer> {
  if (data.length === 0) throw imageError("is empty", field);
  const type = sniffImageType(data);
  if (!type) throw imageError("must be a JPEG, PNG or WebP image", field);
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (meta.format !== type || !meta.width || !meta.height) throw imageError("is not a readable image", field);
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw imageError(tooManyPixels, field);
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: CONTENT_MAX_SIDE, height: CONTENT_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    throw imageError(tooBig ? tooManyPixels : "is not a readable image", field);
  }
}

/** Stores a content image under a random name; answers its public path (/media/<name>.webp). */
export async function storeContentImage(config: Config, webp: Buffer): Promise<string> {
  const dir = join(uploadsRoot(config), "content");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomToken(18)}.webp`;
  await writeFile(join(dir, name), webp, { flag: "wx", mode: 0o600 });
  return `/media/${name}`;
}

/** A stored content image by its file name; undefined when the name is not one of ours or it is gone. */
export async function readContentImage(config: Config, name: string): Promise<Buffer | undefined> {
  if (!CONTENT_NAME.test(name)) return undefined;
  try {
    return await readFile(join(uploadsRoot(config), "content", name));
  } catch {
    return undefined;
  }
}
