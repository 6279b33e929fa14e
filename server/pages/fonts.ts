/**
 * The Sinhala and Tamil web fonts, served by this server (no CDN): Noto Sans Sinhala and Noto
 * Sans Tamil from the npm packages `@fontsource/noto-sans-sinhala` and
 * `@fontsource/noto-sans-tamil` (SIL Open Font License 1.1; versions pinned in deno.json), the
 * Sinhala and Tamil subsets at weights 400 and 700. `/static/fonts.css` declares them with the
 * packages' own `@font-face` rules, so a browser downloads a font only for a page that has its
 * letters (`unicode-range`).
 *
 * @module
 */
import sinhala400Css from "@fontsource/noto-sans-sinhala/400.css" with { type: "text" };
import sinhala700Css from "@fontsource/noto-sans-sinhala/700.css" with { type: "text" };
import tamil400Css from "@fontsource/noto-sans-tamil/400.css" with { type: "text" };
import tamil700Css from "@fontsource/noto-sans-tamil/700.css" with { type: "text" };
import sinhala400 from "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2" with {
  type: "bytes",
};
import sinhala700 from "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff2" with {
  type: "bytes",
};
import tamil400 from "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2" with {
  type: "bytes",
};
import tamil700 from "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2" with {
  type: "bytes",
};

/** The font files by name, as served under `/static/fonts/`. */
export const FONT_FILES: ReadonlyMap<string, Uint8Array> = new Map([
  ["noto-sans-sinhala-sinhala-400-normal.woff2", sinhala400],
  ["noto-sans-sinhala-sinhala-700-normal.woff2", sinhala700],
  ["noto-sans-tamil-tamil-400-normal.woff2", tamil400],
  ["noto-sans-tamil-tamil-700-normal.woff2", tamil700],
]);

/**
 * The `@font-face` rules of a package stylesheet for the files we serve: the rules of other
 * subsets (Latin, Latin Extended) dropped, `url(./files/x.woff2)` pointed at `/static/fonts/x.woff2`
 * and the `.woff` fallback removed (every browser that runs these pages reads woff2).
 *
 * @param css The package's stylesheet.
 * @returns The rules for the served files.
 */
export function servedFontFaces(css: string): string {
  return css.split(/(?=\/\*)/)
    .filter((block) => {
      const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
      return file !== undefined && FONT_FILES.has(file);
    })
    .map((block) =>
      block
        .replace(
          /url\(\.\/files\/([^)]+\.woff2)\) format\('woff2'\)(, url\([^)]+\) format\('woff'\))?/,
          "url(/static/fonts/$1) format('woff2')",
        )
        .trim()
    )
    .join("\n");
}

/** `/static/fonts.css`: the `@font-face` rules of the served files. */
export const FONTS_CSS: string = [sinhala400Css, sinhala700Css, tamil400Css, tamil700Css]
  .map(servedFontFaces)
  .join("\n") + "\n";
