/** What an uploaded picture may be (domain-rules §2): JPEG, PNG or WebP, at most 5 MB. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The translation key (profile namespace) of what is wrong with a chosen file, if anything. */
export function imageProblem(file: File): "image.wrong_type" | "image.too_large" | "image.empty" | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "image.wrong_type";
  if (file.size === 0) return "image.empty";
  if (file.size > MAX_IMAGE_BYTES) return "image.too_large";
  return undefined;
}
