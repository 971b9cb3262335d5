import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Card } from "../../../components/card.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useUploadLvl2 } from "../api/upload-lvl2.ts";
import { useErrorText } from "../hooks/use-error-text.ts";
import { IMAGE_ACCEPT, imageProblem } from "../lib/image-file.ts";

export type Lvl2Status = "none" | "pending" | "approved" | "rejected";

/** Account level 1 or 2 and the level-2 review: the upload form, "under review", the badge, or the refusal. */
export function LevelCard({ level, status, reason }: { level: 1 | 2; status: Lvl2Status; reason?: string | null }) {
  const { t } = useTranslation("profile");
  const approved = level === 2 || status === "approved";
  return (
    <Card title={t("level.title")} action={<LevelBadge level={approved ? 2 : 1} />}>
      {approved ? (
        <p className="flex items-center gap-2 text-sm text-win">
          <CheckIcon />
          {t("level.approved")}
        </p>
      ) : status === "pending" ? (
        <div role="status" className="rounded-xl border border-warn/40 bg-warn/10 px-3 py-2.5">
          <p className="font-semibold text-warn">{t("level.pending")}</p>
          <p className="mt-0.5 text-sm text-muted">{t("level.pending_hint")}</p>
        </div>
      ) : (
        <>
          {status === "rejected" ? (
            <div className="mb-3 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2.5">
              <p className="font-semibold text-danger">{t("level.rejected")}</p>
              {reason ? <p className="mt-0.5 text-sm text-text">{t("level.reason", { reason })}</p> : null}
            </div>
          ) : null}
          <Lvl2Form />
        </>
      )}
    </Card>
  );
}

export function LevelBadge({ level }: { level: 1 | 2 }) {
  const { t } = useTranslation("profile");
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${
        level === 2 ? "bg-gold text-bg" : "border border-line bg-surface-2 text-muted"
      }`}
    >
      {level === 2 ? <CheckIcon small /> : null}
      {t("level.level", { level })}
    </span>
  );
}

/** Pick a screenshot, see it, send it for review. */
function Lvl2Form() {
  const { t } = useTranslation("profile");
  const errorText = useErrorText();
  const upload = useUploadLvl2();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = "";
    if (!picked) return;
    const problem = imageProblem(picked);
    setError(problem ? t(problem) : undefined);
    setFile(problem ? undefined : picked);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError(t("level.choose_first"));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        toast.success(t("level.sent"));
        setFile(undefined);
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <p className="flex items-start gap-2 rounded-xl border border-gold/30 bg-gold/10 px-3 py-2.5 text-sm text-gold">
        <InfoIcon />
        <span>{t("level.need")}</span>
      </p>
      <p className="text-sm text-muted">{t("level.explain")}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        onChange={onPick}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-rules`}
        aria-invalid={error ? true : undefined}
      />
      <label
        htmlFor={inputId}
        className="flex min-h-28 cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-xl border border-dashed border-line bg-surface-2 p-3 text-center text-sm text-muted hover:border-gold hover:text-gold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold"
      >
        {preview ? (
          <img src={preview} alt={t("level.preview_alt")} className="max-h-56 w-auto rounded-lg object-contain" />
        ) : (
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-9 9" strokeLinejoin="round" />
          </svg>
        )}
        <span className="font-semibold">{file ? t("level.change") : t("level.choose")}</span>
      </label>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${inputId}-rules`} className="text-xs text-faint">
          {t("level.rules")}
        </p>
      )}
      <Button type="submit" size="lg" block loading={upload.isPending}>
        {t("level.upload")}
      </Button>
    </form>
  );
}

function CheckIcon({ small = false }: { small?: boolean }) {
  const size = small ? 12 : 18;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="mt-0.5 shrink-0"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" strokeLinecap="round" />
    </svg>
  );
}
