import { adminBannerListSchema, adminBannerSchema, BANNER_TITLE_MAX } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { Button } from "../../../components/button.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { adminKeys } from "../api/query-keys.ts";
import { useErrorText } from "../hooks/use-error-text.ts";
import { TextField } from "./fields.tsx";
import { ImageUploadButton } from "./image-upload.tsx";
import { formsOf, LocalizedTextFields, type TextForms, translationsOf } from "./localized-text-fields.tsx";
import { Badge, Panel } from "./panel.tsx";

type Banner = z.infer<typeof adminBannerSchema>;

function useBanners() {
  return useQuery({
    queryKey: adminKeys.banners(),
    queryFn: async ({ signal }) => adminBannerListSchema.parse(await api<unknown>("admin/content/banners", { signal })).data,
  });
}

interface Draft {
  title: TextForms;
  image_desktop: string;
  image_mobile: string;
  link: string;
  starts_on: string;
  ends_on: string;
  sort: string;
  active: boolean;
}

const draftOf = (b?: Banner): Draft => ({
  title: formsOf(b ? { mm: b.title, ...b.title_translations } : undefined),
  image_desktop: b?.image_desktop ?? "",
  image_mobile: b?.image_mobile ?? "",
  link: b?.link ?? "",
  starts_on: b?.starts_on ?? yangonDate(new Date()),
  ends_on: b?.ends_on ?? "",
  sort: String(b?.sort ?? 0),
  active: b?.active ?? true,
});

/**
 * The home page banners (Content page): each with its pictures (desktop and phone, uploaded or a
 * site path), link, the days it shows, its order and whether it is on; a new one at the end.
 * Changing banners is an admin's work; the server refuses operators.
 */
export function BannersPanel() {
  const { t } = useTranslation("admin");
  const banners = useBanners();
  return (
    <Panel title={t("banners.title")}>
      {!banners.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="space-y-3">
          {banners.data.map((b) => (
            <details key={b.id} className="rounded-card border border-line" data-testid={`banner-${b.id}`}>
              <summary className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2">
                <img src={b.image_mobile} alt="" className="h-10 w-16 rounded object-cover" />
                <span className="min-w-0 flex-1 truncate font-semibold">{b.title}</span>
                <span className="tabular text-xs text-muted">
                  {b.starts_on} → {b.ends_on ?? "…"} · #{b.sort}
                </span>
                {b.active ? <Badge tone="win">{t("banners.on")}</Badge> : <Badge>{t("banners.off")}</Badge>}
              </summary>
              <div className="border-t border-line p-3">
                <BannerForm banner={b} />
              </div>
            </details>
          ))}
          <details className="rounded-card border border-dashed border-line">
            <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-gold">{t("banners.new")}</summary>
            <div className="border-t border-line p-3">
              <BannerForm />
            </div>
          </details>
        </div>
      )}
    </Panel>
  );
}

function BannerForm({ banner }: { banner?: Banner }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(draftOf(banner));
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      adminBannerSchema.parse(
        await api<unknown>(banner ? `admin/content/banners/${banner.id}` : "admin/content/banners", {
          method: banner ? "PUT" : "POST",
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.banners() }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sort = Number(draft.sort);
    if (!draft.title.mm.trim() || !draft.image_desktop || !draft.image_mobile || !Number.isInteger(sort) || sort < 0) {
      return setError(t("banners.invalid"));
    }
    setError(undefined);
    save.mutate(
      {
        title: draft.title.mm.trim(),
        title_translations: translationsOf(draft.title),
        image_desktop: draft.image_desktop,
        image_mobile: draft.image_mobile,
        link: draft.link.trim() || null,
        starts_on: draft.starts_on,
        ends_on: draft.ends_on || null,
        sort,
        active: draft.active,
      },
      {
        onSuccess: () => {
          toast.success(t("banners.saved"));
          if (!banner) setDraft(draftOf());
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  const set = (field: Exclude<keyof Draft, "title" | "active">) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });
  const image = (field: "image_desktop" | "image_mobile") => (
    <div className="flex items-end gap-2">
      <TextField
        className="min-w-0 flex-1"
        label={t(`banners.${field}`)}
        value={draft[field]}
        onChange={set(field)}
        placeholder="/media/…"
      />
      <ImageUploadButton onUploaded={(path) => setDraft((d) => ({ ...d, [field]: path }))} />
    </div>
  );
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
      <div className="sm:col-span-2">
        <LocalizedTextFields
          label={t("banners.name")}
          value={draft.title}
          max={BANNER_TITLE_MAX}
          onChange={(title) => setDraft((d) => ({ ...d, title }))}
        />
      </div>
      {image("image_desktop")}
      {image("image_mobile")}
      <TextField className="sm:col-span-2" label={t("banners.link")} value={draft.link} onChange={set("link")} placeholder="/two/lottery" />
      <TextField type="date" label={t("banners.starts_on")} value={draft.starts_on} onChange={set("starts_on")} />
      <TextField type="date" label={t("banners.ends_on")} value={draft.ends_on} onChange={set("ends_on")} hint={t("banners.ends_hint")} />
      <TextField inputMode="numeric" label={t("banners.sort")} value={draft.sort} onChange={set("sort")} />
      <label className="flex min-h-11 items-center gap-2 self-end text-sm">
        <input
          type="checkbox"
          className="h-5 w-5 accent-gold"
          checked={draft.active}
          onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
        />
        {t("banners.active")}
      </label>
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {error}
        </p>
      ) : null}
      <Button type="submit" loading={save.isPending} className="sm:col-span-2">
        {banner ? t("banners.save") : t("banners.create")}
      </Button>
    </form>
  );
}
