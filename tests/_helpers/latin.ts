/**
 * What a Sinhala or Tamil reader would see in English: the Latin-script words of a text or of a
 * page's visible text, except codes and the names that have no Sinhala or Tamil form.
 *
 * @module
 */

/** Names with no Sinhala or Tamil form in our sources (publications, sites, brands, us). */
const NAMES = [
  "Lanka API",
  "Sunday Times",
  "Sunday Observer",
  "Wikipedia",
  "Europlate",
  "induwara.lk",
  "news.lk",
  "AutoLanka forum",
  "primenews",
  "Hilux",
  "www.doenets.lk",
  // Legacy fonts (issue 46), named as the word processor's font menu names them, which is where a
  // reader looks for them: a Sinhala or Tamil spelling would match nothing there.
  "FM Abhaya",
  "DL Manel",
  "Kaputa",
  "Bamini",
];

/** A code: capitals and digits, with hyphens, dots or slashes (WP, AAA-0001, ISO, MP3, V). */
const CODE = /^[A-Z0-9][A-Z0-9\-./]*$/;

/**
 * The Latin-script words of a text that are neither codes nor listed names. Echoes of the input,
 * in double quotes, are not counted.
 *
 * @param text The text.
 * @param names More names to allow, beside {@linkcode NAMES}.
 * @returns The words, in order.
 */
export function latinWords(text: string, names: readonly string[] = []): string[] {
  let rest = text.replace(/"(?:[^"\\]|\\.)*"/g, " ");
  for (const name of [...NAMES, ...names]) rest = rest.replaceAll(name, " ");
  return (rest.match(/[A-Za-z][A-Za-z0-9\-./']*/g) ?? []).filter((word) => !CODE.test(word));
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/**
 * The text of an HTML page that a person reads: element text and the attributes that are shown
 * or spoken (`placeholder`, `title`, `alt`, `aria-label`, a button's `value`). Left out: scripts,
 * styles, code (`code`, `pre`, `kbd`, `samp`), URLs and e-mail addresses, and any element marked
 * `lang="en"` or `translate="no"` (English kept on purpose, such as the name of a language in the
 * switch or a guide only written in English, and said so on the page).
 *
 * @param html The page.
 * @returns The visible text, one space between pieces.
 */
export function visibleText(html: string): string {
  let body = html.replace(/<head[\s\S]*?<\/head>/i, " ");
  for (const tag of ["script", "style", "code", "pre", "kbd", "samp", "textarea"]) {
    body = body.replace(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`, "gi"), " ");
  }
  body = dropMarked(body);
  const shown: string[] = [];
  body = body.replace(/<[^>]*>/g, (tag) => {
    for (const m of tag.matchAll(/\b(placeholder|title|alt|aria-label|value)="([^"]*)"/g)) {
      if (m[1] !== "value" || /type="(?:submit|button)"/.test(tag)) shown.push(m[2] ?? "");
    }
    return " ";
  });
  return [body, ...shown].join(" ")
    .replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? all)
    .replace(/\b(?:https?:\/\/|mailto:)\S+|\S+@\S+\.\S+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Removes elements with `lang="en"` or `translate="no"`, with what they contain. */
function dropMarked(html: string): string {
  const open = /<([a-z][a-z0-9]*)\b[^>]*\b(?:lang="en(?:-[A-Za-z]+)?"|translate="no")[^>]*>/i;
  for (;;) {
    const match = open.exec(html);
    if (!match) return html;
    const name = (match[1] ?? "").toLowerCase();
    const start = match.index;
    // Find the matching close tag, counting nested elements of the same name.
    const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
    tags.lastIndex = start + match[0].length;
    let depth = 1;
    let end = html.length;
    if (match[0].endsWith("/>") || VOID.has(name)) end = tags.lastIndex;
    else {
      for (let m = tags.exec(html); m; m = tags.exec(html)) {
        depth += m[1] ? -1 : 1;
        if (depth === 0) {
          end = tags.lastIndex;
          break;
        }
      }
    }
    html = html.slice(0, start) + " " + html.slice(end);
  }
}

const VOID = new Set([
  "area",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
]);
