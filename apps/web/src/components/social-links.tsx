import { useQuery } from "@tanstack/react-query";
import type { ComponentType, SVGProps } from "react";
import { api } from "../lib/api-client.ts";
import { useTranslation } from "../lib/i18n-react.tsx";
import { sharedKeys } from "../lib/query-keys.ts";
import { FacebookGlyph, InstagramGlyph, MessengerGlyph, PlayStoreGlyph, ViberGlyph } from "./social-icons.tsx";

/** GET /api/social_link (contracts socialLinksSchema). */
export interface SocialLinkSet {
  play_store: string;
  qr: string;
  facebook: string;
  messenger: string;
  viber: string;
  instagram: string;
}

/** The site's social links, fetched once per session (shared by the footer, the home page and the QR popup). */
export function useSocialLinks() {
  return useQuery({
    queryKey: sharedKeys.socialLinks,
    queryFn: ({ signal }) => api<{ data: SocialLinkSet }>("social_link", { signal, anonymous: true }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const SAFE_PROTOCOLS = new Set(["https:", "http:", "viber:", "fb-messenger:"]);
/** Stands for this site while the server draws the first paint (a site link then stays relative). */
const SERVER_ORIGIN = "https://site.invalid";

/** The link when it is a web or app link the browser may open; null for empty or script URLs. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, typeof window === "undefined" ? SERVER_ORIGIN : window.location.origin);
    if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
    return url.origin === SERVER_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return null;
  }
}

type Network = "facebook" | "messenger" | "viber" | "instagram" | "play_store";
const NETWORKS: { key: Network; Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }> }[] = [
  { key: "facebook", Icon: FacebookGlyph },
  { key: "messenger", Icon: MessengerGlyph },
  { key: "viber", Icon: ViberGlyph },
  { key: "instagram", Icon: InstagramGlyph },
  { key: "play_store", Icon: PlayStoreGlyph },
];

/** Round icon links to the site's social pages (and Play Store); links that are empty are left out. */
export function SocialLinks({ links, className = "" }: { links: SocialLinkSet | undefined; className?: string }) {
  const { t } = useTranslation("common");
  if (!links) return null;
  const items = NETWORKS.map((n) => ({ ...n, href: safeExternalUrl(links[n.key]) })).filter((n) => n.href);
  if (items.length === 0) return null;
  return (
    <ul className={`flex flex-wrap items-center gap-2 ${className}`}>
      {items.map(({ key, Icon, href }) => (
        <li key={key}>
          <a
            href={href ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`social.${key}`)}
            title={t(`social.${key}`)}
            className="flex size-11 items-center justify-center rounded-full border border-line bg-surface-2 text-muted transition-colors hover:border-gold hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
