/**
 * `deno task docs:tables`: writes the table of MCP tools in `docs/mcp.md` from the registry (every
 * public operation, rules included, in the registry's order), so that a new operation or rule needs
 * no hand edit there. `deno task rules:build` runs it after writing the rules' files;
 * `tests/server/mcp_tools_test.ts` fails, naming this task, while the table is out of date.
 *
 * @module
 */
import { operations } from "../core/registry.ts";
import { isPublicOperation } from "../server/mcp/tools.ts";

const ROOT = new URL("../", import.meta.url);
const MARKER = "<!-- tools: generated rows are checked against the registry -->";

/**
 * The MCP page with its table of tools written from the registry.
 *
 * @param page The page as it is.
 * @returns The page with the table between the marker and the next blank line replaced.
 */
export function withToolsTable(page: string): string {
  const start = page.indexOf(MARKER);
  if (start < 0) throw new Error(`docs/mcp.md: the marker ${MARKER} is missing`);
  const tableStart = page.indexOf("\n\n", start) + 2;
  const tableEnd = page.indexOf("\n\n", tableStart);
  const rows = operations.filter(isPublicOperation).map((op) =>
    `| \`${op.name}\` | ${op.title.replaceAll("|", "\\|")} | ${
      op.local ? "yes" : "no (HTTP only)"
    } |`
  );
  const table = ["| tool | what | stdio |", "| --- | --- | --- |", ...rows].join("\n");
  return page.slice(0, tableStart) + table + page.slice(tableEnd);
}

if (import.meta.main) {
  const url = new URL("docs/mcp.md", ROOT);
  const old = await Deno.readTextFile(url);
  const next = withToolsTable(old);
  if (next !== old) await Deno.writeTextFile(url, next);
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", url.pathname],
    cwd: ROOT,
  }).output();
  if (!fmt.success) Deno.exit(fmt.code);
}
