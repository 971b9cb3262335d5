import { type LocalizedText, type SocialLinks, updateSocialLinksBodySchema } from "@shwe/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { type SettingText, useUpdateSettingText } from "../api/update-header-text.ts";
import { type MaintainFlag, useUpdateMaintain } from "../api/update-maintain.ts";
import { type SocialLinksPatch, useUpdateSocialLinks } from "../api/update-social-links.ts";
import { useBusy } from "../hooks/use-busy.ts";
import { useErrorToast } from "../hooks/use-error-text.ts";
import { TextField } from "./fields.tsx";
import { formsOf, LocalizedTextFields, sameForms, type TextForms, trimmedForms } from "./localized-text-fields.tsx";

const SETTING_TEXT_MAX = 1000;

/**
 * One of the site's operator texts in every language: the marquee every visitor sees under the
 * header, or the note on the points page. Burmese is required; the others fall back to it.
 */
export function SettingTextForm({ setting, current }: { setting: SettingText; current: LocalizedText }) {
  const { t } = useTranslation("admin");
  const { t: tt } = useTranslation("texts");
  const save = useUpdateSettingText(setting);
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const initial = formsOf(current);
  const [forms, setForms] = useState<TextForms>(initial);
  const [error, setError] = useState<string>();
  const unchanged = sameForms(forms, initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!forms.mm.trim()) {
      setError(setting === "header_play_text" ? t("content.marqueeRequired") : tt("burmeseRequired"));
      return;
    }
    void run(() => save.mutateAsync(trimmedForms(forms)).then(() => toast.success(t("content.saved")), showError));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid={`setting-text-${setting}`}>
      <LocalizedTextFields
        label={setting === "header_play_text" ? t("content.marqueeLabel") : tt("pointWarningLabel")}
        value={forms}
        rows={3}
        max={SETTING_TEXT_MAX}
        onChange={(next) => {
          setForms(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" loading={busy} disabled={unchanged}>
        {t("actions.save")}
      </Button>
    </form>
  );
}

/** Whether players may claim their weekly claimable balance ('0' open, '1' closed for maintenance). */
export function MaintainForm({ current }: { current: MaintainFlag }) {
  const { t } = useTranslation("admin");
  const save = useUpdateMaintain();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [value, setValue] = useState<MaintainFlag>(current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => save.mutateAsync(value).then(() => toast.success(t("content.saved")), showError));
  };

  const option = (flag: MaintainFlag) => (
    <label
      key={flag}
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-card border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
        value === flag ? "border-gold bg-gold/10" : "border-line bg-surface-2 hover:border-muted"
      }`}
    >
      <input
        type="radio"
        name="promo-maintain"
        value={flag}
        checked={value === flag}
        onChange={() => setValue(flag)}
        className="mt-1 size-4 accent-gold"
      />
      <span>
        <span className="block font-semibold">{t(flag === "0" ? "content.claimOpen" : "content.claimClosed")}</span>
        <span className="block text-sm text-muted">{t(flag === "0" ? "content.claimOpenText" : "content.claimClosedText")}</span>
      </span>
    </label>
  );

  return (
    <form onSubmit={submit} className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("content.maintainTitle")}</legend>
        {option("0")}
        {option("1")}
      </fieldset>
      <Button type="submit" loading={busy} disabled={value === current}>
        {t("actions.save")}
      </Button>
    </form>
  );
}

const LINK_FIELDS = ["facebook", "messenger", "viber", "instagram", "play_store", "qr"] as const satisfies readonly (keyof SocialLinks)[];

/** The social buttons and the app download links; an empty field hides that button. */
export function SocialLinksForm({ current }: { current: SocialLinks }) {
  const { t } = useTranslation("admin");
  const save = useUpdateSocialLinks();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [values, setValues] = useState<SocialLinks>(current);
  const [errors, setErrors] = useState<Partial<Record<keyof SocialLinks, string>>>({});
  const changed = LINK_FIELDS.filter((f) => values[f].trim() !== current[f]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: SocialLinksPatch = Object.fromEntries(changed.map((f) => [f, values[f].trim()]));
    const parsed = updateSocialLinksBodySchema.safeParse(patch);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SocialLinks;
        next[field] = t(field === "qr" ? "content.pathInvalid" : "content.linkInvalid");
      }
      setErrors(next);
      return;
    }
    void run(() => save.mutateAsync(parsed.data).then(() => toast.success(t("content.saved")), showError));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {LINK_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`content.links.${field}`)}
            value={values[field]}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setValues((v) => ({ ...v, [field]: e.target.value }));
              setErrors((x) => ({ ...x, [field]: undefined }));
            }}
            error={errors[field]}
            placeholder={field === "qr" ? "/img/qr.svg" : "https://"}
          />
        ))}
      </div>
      <p className="text-sm text-muted">{t("content.linksHint")}</p>
      <Button type="submit" loading={busy} disabled={changed.length === 0}>
        {t("actions.save")}
      </Button>
    </form>
  );
}
