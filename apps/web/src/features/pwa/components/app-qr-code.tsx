import { useMemo } from "react";
import { encode } from "uqr";

/** A QR code as one SVG path (dark modules on a white quiet zone), sharp at any size. */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: "M", border: 2 });
    const parts: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { path: parts.join(""), modules: qr.size };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr-text={text}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="block"
    >
      <rect width={modules} height={modules} fill="#FFFFFF" />
      <path d={path} fill="#0B1020" />
    </svg>
  );
}
