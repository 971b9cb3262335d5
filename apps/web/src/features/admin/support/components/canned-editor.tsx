import type { PushLanguage, SupportCanned, SupportCannedBody } from "@shwe/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Panel } from "../../components/panel.tsx";
import { useErrorText } from "../../hooks/use-error-text.ts";
import { useSecondFactorStatus } from "../../security/api/security.ts";
import { useCanned, useCannedChange } from "../api.ts";

const LANGUAGES: readonly PushLanguage[] = ["mm", "en", "cn", "thai"];
const inputClass = "mt-1 block min-h-11 w-full rounded-card border border-line bg-surface-2 px-2 text-sm text-text";

/**
 * The canned answers, one language at a time: admins add, change and delete them (each change
 * audited); other operators read them, with a note that only an admin can change them.
 */
export function CannedEditor() {
  const { t } = useTranslation("support");
  const canned = useCanned();
  const admin = useSecondFactorStatus().data?.role === "admin";
  const [language, setLanguage] = useState<PushLanguage>("mm");
  const [editing, setEditing] = useState<number>();
  const [deleting, setDeleting] = useState<SupportCanned>();
  const change = useCannedChange();
  const rows = (canned.data?.data ?? []).filter((c) => c.language === language);
  return (
    <Panel title={t(admin ? "console.editCanned" : "console.canned")}>
      {admin ? null : (
        <p className="mb-3 rounded-card border border-line bg-surface-2 px-3 py-2 text-sm text-muted" data-testid="canned-read-only">
          {t("console.cannedReadOnly")}
        </p>
      )}
      <div role="tablist" aria-label={t("console.cannedLanguage")} className="mb-3 flex flex-wrap gap-1">
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === language}
            onClick={() => {
              setLanguage(l);
              setEditing(undefined);
            }}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-gold ${
              l === language ? "border-gold bg-gold text-bg" : "border-line text-muted hover:text-text"
            }`}
          >
            {t(`common:lang.${l}`)}
          </button>
        ))}
      </div>
      {canned.data && rows.length === 0 ? <p className="mb-3 text-sm text-muted">{t("console.cannedNone")}</p> : null}
      <ul className="mb-3 flex flex-col gap-1" data-testid="canned-list">
        {rows.map((c) =>
          editing === c.id ? (
            <li key={c.id}>
              <CannedForm
                initial={c}
                submitLabel={t("console.saveCanned")}
                onCancel={() => setEditing(undefined)}
                onSave={(body) => change.mutateAsync({ kind: "update", id: c.id, body }).then(() => setEditing(undefined))}
              />
            </li>
          ) : (
            <li key={c.id} className="flex items-start gap-2 rounded-card border border-line px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{c.title}</span>
                <span className="block break-words whitespace-pre-wrap text-muted">{c.body}</span>
              </span>
              {admin ? (
                <>
                  <Button variant="ghost" onClick={() => setEditing(c.id)} aria-label={`${t("console.editOne")}: ${c.title}`}>
                    {t("console.editOne")}
                  </Button>
                  <Button variant="ghost" onClick={() => setDeleting(c)} aria-label={`${t("console.deleteCanned")}: ${c.title}`}>
                    {t("console.deleteCanned")}
                  </Button>
                </>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {admin ? (
        <CannedForm
          key={language}
          initial={{ language, title: "", body: "" }}
          submitLabel={t("console.addCanned")}
          onSave={(body) => change.mutateAsync({ kind: "create", body }).then((created) => created && setLanguage(created.language))}
          clearOnSave
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t("console.deleteCanned")}
        confirmLabel={t("console.deleteCanned")}
        tone="danger"
        onConfirm={async () => {
          if (deleting) await change.mutateAsync({ kind: "delete", id: deleting.id });
          setDeleting(undefined);
        }}
      >
        <p className="text-sm">{deleting ? t("console.deleteCannedConfirm", { title: deleting.title }) : null}</p>
      </ConfirmDialog>
    </Panel>
  );
}

/** The form of one canned answer: language, title and text; the server's refusal is shown under it. */
function CannedForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
  clearOnSave = false,
}: {
  initial: SupportCannedBody;
  submitLabel: string;
  onSave: (body: SupportCannedBody) => Promise<unknown>;
  onCancel?: () => void;
  clearOnSave?: boolean;
}) {
  const { t } = useTranslation("support");
  const errorText = useErrorText();
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    onSave({ language: form.language, title: form.title.trim(), body: form.body.trim() })
      .then(() => {
        if (clearOnSave) setForm({ ...form, title: "", body: "" });
      })
      .catch((err: unknown) => setError(errorText(err)))
      .finally(() => setBusy(false));
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-2 rounded-card border border-line p-3 md:grid-cols-[9rem_12rem_minmax(0,1fr)] md:items-start"
    >
      <label className="text-xs text-muted">
        {t("console.cannedLanguage")}
        <select
          value={form.language}
          onChange={(e) => setForm({ ...form, language: e.target.value as PushLanguage })}
          className={inputClass}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`common:lang.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs text-muted">
        {t("console.cannedTitle")}
        <input value={form.title} maxLength={60} onChange={(e) => setForm({ ...form, title: e.target.value })} className={inputClass} />
      </label>
      <label className="text-xs text-muted">
        {t("console.cannedBody")}
        <textarea
          value={form.body}
          maxLength={1000}
          rows={2}
          onChange={(e) => setForm({ ...form, body: e.target.value })}
          className={`${inputClass} resize-y py-2`}
        />
      </label>
      <div className="flex flex-wrap items-center gap-2 md:col-span-3 md:justify-end">
        {error ? (
          <p role="alert" className="mr-auto text-sm text-danger">
            {error}
          </p>
        ) : null}
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            {t("console.cancelEdit")}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || !form.title.trim() || !form.body.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
