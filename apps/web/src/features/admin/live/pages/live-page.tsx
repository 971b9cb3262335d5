import { BROADCAST_BODY_MAX, BROADCAST_TITLE_MAX, CHAT_TEXT_MAX } from "@shwe/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { useContentSettings } from "../../api/content-settings.ts";
import { SettingTextForm } from "../../components/content-forms.tsx";
import { TextField } from "../../components/fields.tsx";
import { formsOf, LocalizedTextFields, type TextForms, translationsOf } from "../../components/localized-text-fields.tsx";
import { Fact, PageHeader, Panel } from "../../components/panel.tsx";
import { useBusy } from "../../hooks/use-busy.ts";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { useLiveConnections, useSendBroadcast, useSendChat } from "../api/live.ts";

/** How many are connected now, over every server process (refreshed every 10 s). */
function Connections() {
  const { t } = useTranslation("live");
  const { data } = useLiveConnections();
  if (!data) return <Skeleton className="h-16 w-full" />;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="live-connections">
      <Fact label={t("connections.players")}>
        <span className="tabular text-2xl font-bold text-gold">{data.players}</span>
      </Fact>
      <Fact label={t("connections.visitors")}>
        <span className="tabular text-2xl font-bold">{data.visitors}</span>
      </Fact>
      <Fact label={t("connections.sockets")}>
        <span className="tabular text-2xl font-bold">{data.sockets}</span>
      </Fact>
      <Fact label={t("connections.instances")}>
        <span className="tabular text-2xl font-bold">{data.instances}</span>
      </Fact>
    </dl>
  );
}

/**
 * A ticker message: every open page shows it 20 s, after the ones before it, in the page's language
 * (Burmese required; a language left empty shows the Burmese text).
 */
function ChatForm() {
  const { t } = useTranslation("live");
  const send = useSendChat();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [forms, setForms] = useState<TextForms>(formsOf());
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!forms.mm.trim()) return setError(t("required"));
    void run(() =>
      send.mutateAsync({ text: forms.mm.trim(), translations: translationsOf(forms) }).then(() => {
        setForms(formsOf());
        toast.success(t("chat.sent"));
      }, showError),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="live-chat-form">
      <LocalizedTextFields
        label={t("chat.label")}
        value={forms}
        rows={3}
        max={CHAT_TEXT_MAX}
        onChange={(next) => {
          setForms(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" loading={busy}>
        {t("chat.send")}
      </Button>
    </form>
  );
}

/** An announcement to everyone, or to one player by phone, in every language (Burmese required). */
function BroadcastForm() {
  const { t } = useTranslation("live");
  const send = useSendBroadcast();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [toOne, setToOne] = useState(false);
  const [phone, setPhone] = useState("");
  const [title, setTitle] = useState<TextForms>(formsOf());
  const [body, setBody] = useState<TextForms>(formsOf());
  const [errors, setErrors] = useState<{ phone?: string; title?: string; body?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(toOne && !phone.trim() ? { phone: t("required") } : {}),
      ...(title.mm.trim() ? {} : { title: t("required") }),
      ...(body.mm.trim() ? {} : { body: t("required") }),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    void run(() =>
      send
        .mutateAsync({
          title: title.mm.trim(),
          body: body.mm.trim(),
          title_translations: translationsOf(title),
          body_translations: translationsOf(body),
          ...(toOne ? { phone: phone.trim() } : {}),
        })
        .then(
          () => {
            setTitle(formsOf());
            setBody(formsOf());
            toast.success(t("broadcast.sent"));
          },
          (err: unknown) => {
            if (err instanceof ApiError && (err.code === "PLAYER_NOT_FOUND" || err.code === "VALIDATION_FAILED") && toOne) {
              setErrors({ phone: t("broadcast.noPlayer") });
            } else showError(err);
          },
        ),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("broadcast.to")}</legend>
        {[false, true].map((one) => (
          <label
            key={String(one)}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm ${toOne === one ? "border-gold text-gold" : "border-line text-muted"}`}
          >
            <input type="radio" name="broadcast-to" className="accent-gold" checked={toOne === one} onChange={() => setToOne(one)} />
            {one ? t("broadcast.toOne") : t("broadcast.toAll")}
          </label>
        ))}
      </fieldset>
      {toOne ? (
        <TextField
          label={t("broadcast.phone")}
          inputMode="tel"
          autoComplete="off"
          value={phone}
          maxLength={20}
          onChange={(e) => {
            setPhone(e.target.value);
            setErrors((x) => ({ ...x, phone: undefined }));
          }}
          error={errors.phone}
        />
      ) : null}
      <LocalizedTextFields
        label={t("broadcast.title")}
        value={title}
        max={BROADCAST_TITLE_MAX}
        onChange={(next) => {
          setTitle(next);
          setErrors((x) => ({ ...x, title: undefined }));
        }}
        error={errors.title}
      />
      <LocalizedTextFields
        label={t("broadcast.body")}
        value={body}
        rows={3}
        max={BROADCAST_BODY_MAX}
        onChange={(next) => {
          setBody(next);
          setErrors((x) => ({ ...x, body: undefined }));
        }}
        error={errors.body}
      />
      <Button type="submit" loading={busy}>
        {t("broadcast.send")}
      </Button>
    </form>
  );
}

/** Live: who is connected now, ticker messages, broadcasts and the marquee (every action audited). */
export function LivePage() {
  const { t } = useTranslation("live");
  const settings = useContentSettings();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t("connections.title")} className="lg:col-span-2">
          <Connections />
        </Panel>
        <Panel title={t("chat.title")}>
          <ChatForm />
        </Panel>
        <Panel title={t("broadcast.heading")}>
          <BroadcastForm />
        </Panel>
        <Panel title={t("marquee.title")} className="lg:col-span-2">
          {settings.data ? (
            <SettingTextForm
              key={JSON.stringify(settings.data.header_play_texts)}
              setting="header_play_text"
              current={settings.data.header_play_texts}
            />
          ) : (
            <Skeleton className="h-44 w-full" />
          )}
        </Panel>
      </div>
    </>
  );
}
