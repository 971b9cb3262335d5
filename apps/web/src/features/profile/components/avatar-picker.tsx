import { type ChangeEvent, useRef } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useAvatarSrc } from "../../session/api/avatar.ts";
import { useUpdateAvatar } from "../api/update-profile.ts";
import { useErrorText } from "../hooks/use-error-text.ts";
import { IMAGE_ACCEPT, imageProblem } from "../lib/image-file.ts";

export const DEFAULT_AVATAR = "/img/avatar.svg";

/** The profile picture; tapping the camera picks a new image, which is uploaded at once. */
export function AvatarPicker({ avatar }: { avatar: string | null | undefined }) {
  const { t } = useTranslation("profile");
  const errorText = useErrorText();
  const src = useAvatarSrc(avatar);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateAvatar();

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    update.mutate(file, {
      onSuccess: () => toast.success(t("avatar.updated")),
      onError: (err) => toast.error(errorText(err)),
    });
  };

  return (
    <div className="relative h-20 w-20 shrink-0">
      <img
        src={src ?? DEFAULT_AVATAR}
        alt={t("avatar.alt")}
        width={80}
        height={80}
        className="h-20 w-20 rounded-full border-2 border-gold/60 bg-surface-2 object-cover"
        onError={(e) => {
          if (e.currentTarget.getAttribute("src") !== DEFAULT_AVATAR) e.currentTarget.src = DEFAULT_AVATAR;
        }}
      />
      {update.isPending ? (
        <div className="absolute inset-0 flex items-center justify-center rounded-full bg-bg/70">
          <Spinner variant="inline" />
        </div>
      ) : null}
      <input ref={input} type="file" accept={IMAGE_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onPick} />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={update.isPending}
        aria-label={t("avatar.change")}
        title={t("avatar.change")}
        className="absolute -right-2 -bottom-2 flex h-11 w-11 items-center justify-center rounded-full border-2 border-surface bg-gold text-bg shadow-card hover:bg-gold-hover active:bg-gold-pressed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:opacity-60"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
      </button>
    </div>
  );
}
