#!/bin/sh
# Cuts the shipped Noto Sans Myanmar (@fontsource/noto-sans-myanmar, "myanmar" subset) down to the
# Burmese letters, U+1000–104F, with every layout feature they use (stacked consonants, medials,
# vowel signs), for src/assets/fonts/. The other languages written in Myanmar letters (Mon, Shan,
# Karen …, U+1050–109F and the extended blocks) keep the whole font, which src/styles.css loads
# only for a page that has them. Run again after upgrading @fontsource/noto-sans-myanmar.
# Needs fontTools with brotli: `apt-get install python3-fonttools python3-brotli`.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
files="$here/../../node_modules/@fontsource/noto-sans-myanmar/files"
for weight in 400 700; do
  python3 -m fontTools.subset "$files/noto-sans-myanmar-myanmar-$weight-normal.woff2" \
    --unicodes="U+0000,U+000D,U+0020,U+00A0,U+1000-104F,U+200B-200D,U+25CC,U+FE00" \
    --layout-features='*' --notdef-outline --name-IDs='*' --name-languages='*' --glyph-names \
    --flavor=woff2 --output-file="$here/src/assets/fonts/noto-sans-myanmar-burmese-$weight.woff2"
done
