/**
 * Small Markdown readers for the docs checks: the files, their links, tables, headings and the
 * `curl` examples in their code blocks.
 *
 * @module
 */

const ROOT = new URL("../../", import.meta.url);

/**
 * The documentation files, relative to the repository root: README.md and docs/*.md.
 *
 * @returns Paths such as `docs/quotas.md`.
 */
export function docFiles(): string[] {
  const files = ["README.md"];
  for (const entry of Deno.readDirSync(new URL("docs/", ROOT))) {
    if (entry.isFile && entry.name.endsWith(".md")) files.push(`docs/${entry.name}`);
  }
  return files.sort();
}

/** A line of prose outside fenced code blocks, with its 1-based number. */
interface ProseLine {
  text: string;
  line: number;
}

function proseLines(markdown: string): ProseLine[] {
  const out: ProseLine[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, i) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    else if (!fenced) out.push({ text, line: i + 1 });
  });
  return out;
}

/**
 * Link targets of a Markdown text (inline links and images), outside code blocks and code spans.
 *
 * @param markdown The text.
 * @returns Each target with its line.
 */
export function markdownLinks(markdown: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, "");
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      out.push({ target: m[1]!, line });
    }
    for (const m of prose.matchAll(/<(https?:\/\/[^>]+)>/g)) out.push({ target: m[1]!, line });
  }
  return out;
}

/**
 * GitHub-style anchors of the headings of a Markdown text.
 *
 * @param markdown The text.
 * @returns The set of anchors (`## Operator CLI` gives `operator-cli`).
 */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const m = /^#{1,6} (.+)$/.exec(text);
    if (!m) continue;
    slugs.add(
      m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-"),
    );
  }
  return slugs;
}

/** Splits a table row into its cells (pipes inside code spans or escaped do not split). */
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = "";
  let code = false;
  const body = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === "\\" && body[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (ch === "`") {
      code = !code;
      cell += ch;
    } else if (ch === "|" && !code) {
      out.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

/**
 * The tables of a Markdown text: runs of lines starting with `|`, outside code blocks.
 *
 * @param markdown The text.
 * @returns Each table's first line and its rows split into cells.
 */
export function markdownTables(markdown: string): { line: number; rows: string[][] }[] {
  const tables: { line: number; rows: string[][] }[] = [];
  let current: { line: number; rows: string[][] } | undefined;
  let previous = -1;
  for (const { text, line } of proseLines(markdown)) {
    if (text.trimStart().startsWith("|")) {
      if (!current || previous !== line - 1) {
        current = { line, rows: [] };
        tables.push(current);
      }
      current.rows.push(cells(text));
      previous = line;
    } else current = undefined;
  }
  return tables;
}

/** A `curl` example of the docs. */
export interface CurlExample {
  /** `docs/x.md:12`. */
  where: string;
  /** The command as written (continuation lines joined, the comment removed). */
  command: string;
  /** The comment after the command, if any (where the expected status is written). */
  comment: string;
}

/** Where an unquoted `#` starts a comment in a shell line, and whether a quote is left open. */
function scanShell(line: string, quote: string | undefined): { comment: number; quote?: string } {
  let open = quote;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (open) {
      if (ch === open) open = undefined;
      else if (ch === "\\" && open === '"') i++;
    } else if (ch === "'" || ch === '"') open = ch;
    else if (ch === "\\") i++;
    else if (ch === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return { comment: i };
  }
  return { comment: -1, ...(open ? { quote: open } : {}) };
}

/**
 * The `curl` commands in the shell code blocks of a Markdown text: continuation lines (a trailing
 * backslash, or a quote still open) joined, the comment after `#` kept apart. Variable
 * assignments (`B=http://...`) in the same block come back as `NAME=value` commands.
 *
 * @param file The file's path, for messages.
 * @param markdown The text.
 * @returns The commands, in order.
 */
export function curlExamples(file: string, markdown: string): CurlExample[] {
  const out: CurlExample[] = [];
  let fenced: string | undefined;
  let pending = "";
  let quote: string | undefined;
  let start = 0;
  markdown.split("\n").forEach((text, i) => {
    const fence = /^\s*```(\w*)/.exec(text);
    if (fence && quote === undefined) {
      fenced = fenced === undefined ? fence[1] ?? "" : undefined;
      pending = "";
      return;
    }
    if (fenced === undefined || !/^(sh|bash|shell|console)?$/.test(fenced)) return;
    if (pending === "") start = i + 1;
    const scan = scanShell(text, quote);
    quote = scan.quote;
    let line = scan.comment >= 0 ? text.slice(0, scan.comment) : text;
    const comment = scan.comment >= 0 ? text.slice(scan.comment + 1).trim() : "";
    if (quote !== undefined) {
      pending += line + "\n";
      return;
    }
    line = line.trimEnd();
    if (line.endsWith("\\")) {
      pending += line.slice(0, -1) + " ";
      return;
    }
    const command = (pending + line).trim().replace(/^\$\s+/, "");
    pending = "";
    if (/^curl\s/.test(command) || /^[A-Z_]+=\S+$/.test(command)) {
      out.push({ where: `${file}:${start}`, command, comment });
    }
  });
  return out;
}

/**
 * Splits a shell command into words: single quotes literal, double quotes with `$VAR`
 * expanded, bare words with `$VAR` expanded.
 *
 * @param command The command.
 * @param vars Variables for `$NAME` and `${NAME}`.
 * @returns The words.
 */
export function shellWords(command: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const expand = (text: string) =>
    text.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (_, name: string) => vars[name] ?? "");
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\s+)|([^'"\s]+)/gy;
  for (const m of command.matchAll(re)) {
    if (m[3] !== undefined) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (m[1] !== undefined) word = (word ?? "") + m[1];
    else if (m[2] !== undefined) word = (word ?? "") + expand(m[2].replace(/\\(.)/g, "$1"));
    else word = (word ?? "") + expand(m[4]!);
  }
  if (word !== undefined) words.push(word);
  return words;
}
