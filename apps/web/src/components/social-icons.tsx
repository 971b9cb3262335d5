import type { SVGProps } from "react";

/** Simple original glyphs for the social networks the site links to (24×24, currentColor). */
type Props = SVGProps<SVGSVGElement> & { size?: number };

function Glyph({ size = 22, children, ...rest }: Props) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const FacebookGlyph = (p: Props) => (
  <Glyph {...p}>
    <path d="M13.4 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.5-1.5h1.6V4.3a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.7v3h2.6V21h3.1z" />
  </Glyph>
);

export const MessengerGlyph = (p: Props) => (
  <Glyph {...p}>
    <path d="M12 3c-5 0-9 3.7-9 8.4 0 2.6 1.2 4.9 3.2 6.4V21l2.9-1.6c.9.3 1.9.4 2.9.4 5 0 9-3.7 9-8.4S17 3 12 3zm.9 11.2-2.3-2.4-4.4 2.4 4.8-5.1 2.3 2.4 4.4-2.4-4.8 5.1z" />
  </Glyph>
);

export const ViberGlyph = (p: Props) => (
  <Glyph {...p}>
    <path d="M12 2.8c-4.9 0-8.4 1.6-8.4 7.6 0 3.2 1 5.3 2.9 6.3V20c0 .5.6.8 1 .4l2.5-2.5c.6.1 1.3.1 2 .1 4.9 0 8.4-1.6 8.4-7.6S16.9 2.8 12 2.8zm3.7 11.4c-.4.6-1.1.9-1.8.7-2.7-.8-4.9-3-5.7-5.7-.2-.7.1-1.4.7-1.8l.5-.3c.4-.2.8-.1 1 .3l.8 1.4c.2.3.1.7-.2 1l-.5.4c.4 1.1 1.3 2 2.4 2.4l.4-.5c.2-.3.6-.4 1-.2l1.4.8c.4.2.5.7.3 1l-.3.5z" />
  </Glyph>
);

export const InstagramGlyph = (p: Props) => (
  <Glyph {...p}>
    <path d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8zm4 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm4.6-3.4a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2z" />
  </Glyph>
);

export const PlayStoreGlyph = (p: Props) => (
  <Glyph {...p}>
    <path d="M5 3.6c0-.6.6-.9 1.1-.6l12.7 8.4c.4.3.4.9 0 1.2L6.1 21c-.5.3-1.1 0-1.1-.6V3.6zm2 2.3v12.2L16.3 12 7 5.9z" />
  </Glyph>
);
