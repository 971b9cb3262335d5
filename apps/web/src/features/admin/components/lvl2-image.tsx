import { useState } from "react";
import { PopupBox } from "../../../components/popup-box.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLvl2Image } from "../api/lvl2-image.ts";
import { AlertIcon } from "./console-icons.tsx";

const frame = "flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-card border border-line bg-bg";

/**
 * The uploaded ID / wallet screenshot. Each view is audited on the server, so decided uploads show
 * theirs only on request; pending ones show it at once.
 */
export function Lvl2Image({ uploadId, alt, deferred = false }: { uploadId: number; alt: string; deferred?: boolean }) {
  const { t } = useTranslation("admin");
  const [shown, setShown] = useState(!deferred);
  if (!shown) {
    return (
      <div className={frame}>
        <button type="button" onClick={() => setShown(true)} className="min-h-11 px-4 text-sm font-semibold text-gold hover:underline">
          {t("lvl2.showImage")}
        </button>
      </div>
    );
  }
  return <LoadedImage uploadId={uploadId} alt={alt} />;
}

/** Fetched with the operator's token and shown from a blob URL; a tap opens it full size. */
function LoadedImage({ uploadId, alt }: { uploadId: number; alt: string }) {
  const { t } = useTranslation("admin");
  const { src, isError, refetch } = useLvl2Image(uploadId);
  const [zoomed, setZoomed] = useState(false);
  if (isError) {
    return (
      <div className={`${frame} flex-col gap-2 text-sm text-muted`}>
        <AlertIcon className="text-danger" />
        {t("lvl2.imageError")}
        <button type="button" onClick={() => void refetch()} className="min-h-11 px-3 font-semibold text-gold hover:underline">
          {t("actions.retry")}
        </button>
      </div>
    );
  }
  if (!src) return <Skeleton className="aspect-[4/3] w-full" />;
  return (
    <>
      <button
        type="button"
        onClick={() => setZoomed(true)}
        aria-label={t("lvl2.zoom", { name: alt })}
        className={`${frame} cursor-zoom-in focus-visible:outline-2 focus-visible:outline-gold`}
      >
        <img src={src} alt={alt} className="size-full object-contain" />
      </button>
      <PopupBox open={zoomed} onClose={() => setZoomed(false)} title={alt} size="md">
        <img src={src} alt={alt} className="mx-auto max-h-[75dvh] w-auto object-contain" />
      </PopupBox>
    </>
  );
}
