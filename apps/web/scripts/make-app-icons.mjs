#!/usr/bin/env node
/**
 * Draws the installed app's icons from the brand mark (public/img/logo-mark.svg's gold coin and
 * pagoda) into public/icons: the rounded "any" icon at 192 and 512 px, the full-bleed maskable one
 * (the mark inside the central 80 % safe zone, so any launcher mask keeps it whole) at 192 and
 * 512 px, and the 180 px Apple touch icon. Run after changing the mark:
 *   node apps/web/scripts/make-app-icons.mjs
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "../public/icons");

/** The coin with the pagoda, centred in a 64×64 box, scaled by `scale` around the centre. */
const mark = (scale) => `
  <g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
    <circle cx="32" cy="32" r="26" fill="url(#g)"/>
    <circle cx="32" cy="32" r="22" fill="none" stroke="#0B1020" stroke-opacity=".3" stroke-width="1.5"/>
    <g transform="translate(14 13) scale(.36)">
      <path fill="#0B1020" d="M50 6l2.2 13h-4.4z"/><circle cx="50" cy="21" r="2.6" fill="#0B1020"/>
      <path fill="#0B1020" d="M41 48c0-11 6-16 9-24 3 8 9 13 9 24z"/>
      <rect x="37" y="48" width="26" height="6" rx="2" fill="#0B1020"/>
      <rect x="31" y="56" width="38" height="7" rx="2" fill="#0B1020"/>
      <rect x="24" y="65" width="52" height="8" rx="2" fill="#0B1020"/>
      <rect x="16" y="75" width="68" height="10" rx="3" fill="#0B1020"/>
      <path d="M46 38h8M44 44h12" stroke="#F5C542" stroke-width="2" stroke-linecap="round" opacity=".5"/>
    </g>
  </g>`;

const svg = ({ radius, scale }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#FFD766"/><stop offset=".55" stop-color="#F5C542"/><stop offset="1" stop-color="#D9A92B"/>
  </linearGradient></defs>
  <rect width="64" height="64" rx="${radius}" fill="#0B1020"/>${mark(scale)}
</svg>`;

// "any": the rounded tile of the site's favicon. Maskable: square, the coin (r 26 × 0.92 ≈ 24 of 32)
// stays inside the safe circle of radius 0.4 × 64 = 25.6.
const ANY = svg({ radius: 14, scale: 1 });
const MASKABLE = svg({ radius: 0, scale: 0.92 });

const files = [
  ["icon-192.png", ANY, 192],
  ["icon-512.png", ANY, 512],
  ["maskable-192.png", MASKABLE, 192],
  ["maskable-512.png", MASKABLE, 512],
  ["apple-touch-icon-180.png", MASKABLE, 180],
];

mkdirSync(outDir, { recursive: true });
for (const [name, source, size] of files) {
  const png = await sharp(Buffer.from(source), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  writeFileSync(join(outDir, name), png);
  console.log(`${name}: ${size}×${size}, ${png.length} bytes`);
}
