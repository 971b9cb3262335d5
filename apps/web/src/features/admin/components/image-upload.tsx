import { useId, useState } from "react";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";

/** POST /api/admin/media (multipart `image`): answers the stored image's site path. */
export async function uploadContentImage(file: File): Promise<string> {
  const body = new FormData();
  body.append("image", file);
  const data = await api<{ path?: string } | undefined>("admin/media", { method: "POST", body });
  if (!data?.path) throw new ApiError(502, "HTTP_ERROR", "The upload answered no image path.");
  return data.path;
}

/** "Upload image": sends a JPEG, PNG or WebP and hands back the site path it is served at. */
export function ImageUploadButton({ onUploaded, disabled = false }: { onUploaded: (path: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div>
      <label
        htmlFor={id}
        className={`inline-flex min-h-11 cursor-pointer items-center rounded-card border border-line bg-surface-2 px-4 text-sm font-semibold hover:border-gold hover:text-gold ${disabled || busy ? "pointer-events-none opacity-50" : ""}`}
      >
        {busy ? t("media.uploading") : t("media.upload")}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={disabled || busy}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          setBusy(true);
          setError(undefined);
          try {
            onUploaded(await uploadContentImage(file));
          } catch (err) {
            setError(errorText(err));
          } finally {
            setBusy(false);
          }
        }}
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
