import type { PushLanguage } from "@shwe/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Badge, Panel } from "../../components/panel.tsx";
import { useCanned, useCannedChange } from "../api.ts";

const LANGUAGES: readonly PushLanguage[] = ["mm", "en", "cn", "thai"];

/** The canned answers of every language: a list with delete, and a small form to add one (each change audited). */
export function CannedEditor() {
  const { t } = useTranslation("support");
  const canned = useCanned();
  const change = useCannedChange();
  const [language, setLanguage] = useState<PushLanguage>("mm");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { kind: "create", body: { language, title, body } },
      {
        onSuccess: () => {
          setTitle("");
          setBody("");
        },
      },
    );
  };
  return (
    <Panel title={t("console.editCanned")}>
      <ul className="mb-3 flex flex-col gap-1">
        {(canned.data?.data ?? []).map((c) => (
          <li key={c.id} className="flex items-start gap-2 rounded-card border border-line px-3 py-2 text-sm">
            <Badge>{c.language}</Badge>
            <span className="min-w-0 flex-1">
              <span className="font-semibold">{c.title}</span>
              <span className="block break-words whitespace-pre-wrap text-muted">{c.body}</span>
            </span>
            <Button variant="ghost" onClick={() => change.mutate({ kind: "delete", id: c.id })} disabled={change.isPending}>
              {t("console.deleteCanned")}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="grid gap-2 md:grid-cols-[8rem_12rem_minmax(0,1fr)_auto] md:items-end">
        <label className="text-xs text-muted">
          {t("console.cannedLanguage")}
          <select
            value={language}
            onChange={(e) => setLanguage(e.target.value as PushLanguage)}
            className="mt-1 block min-h-11 w-full rounded-card border border-line bg-surface-2 px-2 text-sm text-text"
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-muted">
          {t("console.cannedTitle")}
          <input
            value={title}
            maxLength={60}
            onChange={(e) => setTitle(e.target.value)}
            className="mt-1 block min-h-11 w-full rounded-card border border-line bg-surface-2 px-2 text-sm text-text"
          />
        </label>
        <label className="text-xs text-muted">
          {t("console.cannedBody")}
          <input
            value={body}
            maxLength={1000}
            onChange={(e) => setBody(e.target.value)}
            className="mt-1 block min-h-11 w-full rounded-card border border-line bg-surface-2 px-2 text-sm text-text"
          />
        </label>
        <Button type="submit" disabled={change.isPending || !title.trim() || !body.trim()}>
          {t("console.addCanned")}
        </Button>
      </form>
      {change.error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {change.error.message}
        </p>
      ) : null}
    </Panel>
  );
}
