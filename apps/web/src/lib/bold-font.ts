import boldFace from "../assets/fonts/noto-sans-myanmar-burmese-700.woff2?url";

/** The Burmese letters the cut-down faces hold (styles.css). */
const BURMESE = "U+0000, U+000D, U+0020, U+00A0, U+1000-104F, U+200B-200D, U+25CC, U+FE00";

/**
 * The bold face of Noto Sans Myanmar (Burmese letters), added once the page has been painted: the first paint waits
 * for the regular face only (the browser draws bold text from it meanwhile). The face joins the
 * page only when fully loaded, so bold text goes from the drawn-bold regular face straight to the
 * real one (never through a fallback font), and the line metrics stay those of the same family.
 */
export function loadBurmeseBold(): void {
  if (typeof FontFace !== "function" || !document.fonts) return;
  void fetch(boldFace)
    .then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`bold face: ${res.status}`))))
    .then((data) => new FontFace("Noto Sans Myanmar", data, { weight: "700", style: "normal", unicodeRange: BURMESE }).load())
    .then((face) => document.fonts.add(face))
    .catch(() => {
      // Offline or blocked: bold stays drawn from the regular face.
    });
}
