/**
 * The methods tables of `docs/sdk.md` ("## Methods") against the client itself: every method of
 * `LankaClient` (and of its `store`, `voice` and `news`) has a row, every row is a method, and the
 * endpoint a row names is the one the method requests (each called in remote mode with a fetch
 * that records the request).
 */
import assert from "node:assert/strict";
import { createClient, LankaClient } from "../../mod.ts";

/** Each row of the tables under "## Methods": the method's name and its endpoint. */
async function documented(): Promise<Map<string, { method: string; path: string }>> {
  const page = await Deno.readTextFile(new URL("../../docs/sdk.md", import.meta.url));
  const start = page.indexOf("\n## Methods\n");
  const section = page.slice(start, page.indexOf("\n## ", start + 1));
  const rows = new Map<string, { method: string; path: string }>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const name = /^`([\w.]+)\(/.exec(cells[1] ?? "")?.[1];
    const endpoint = /^`(GET|POST) ([^`?]+)/.exec(cells[2] ?? "");
    if (!name) continue;
    assert.ok(!rows.has(name), `${name} has two rows`);
    rows.set(name, { method: endpoint?.[1] ?? "", path: endpoint?.[2]?.trim() ?? "" });
  }
  return rows;
}

/** The client's methods, with `store.`, `voice.` and `news.` before theirs. */
function methods(client: LankaClient): string[] {
  const own = Object.getOwnPropertyNames(LankaClient.prototype).filter((name) =>
    name !== "constructor" &&
    typeof (client as unknown as Record<string, unknown>)[name] === "function"
  );
  const groups = ["store", "voice", "news"] as const;
  return [
    ...own,
    ...groups.flatMap((group) => Object.keys(client[group]).map((name) => `${group}.${name}`)),
  ];
}

/** Arguments that reach the server for methods whose first argument is not an object. */
const ARGUMENTS: Record<string, unknown[]> = {
  nic: ["913014146V"],
  plate: ["WP-CAB-1234"],
  phone: ["0771234567"],
  postcode: ["20000"],
  places: [{ q: "Kandy" }],
  division: ["LK-1103"],
  isHoliday: ["2026-12-25"],
  addWorkingDays: ["2026-12-24", 1],
  "store.get": ["isc2-cissp"],
  "news.get": ["a-post"],
  "voice.synthesize": [{ text: "Ayubowan" }],
};

Deno.test("docs/sdk.md has a row for every method of the client, and only for them", async () => {
  const rows = await documented();
  const names = methods(createClient());
  assert.deepEqual(names.filter((name) => !rows.has(name)), [], "methods without a row");
  assert.deepEqual(
    [...rows.keys()].filter((name) => !names.includes(name)),
    [],
    "rows of no method",
  );
});

Deno.test("each row names the endpoint its method requests", async () => {
  const rows = await documented();
  const sent: Request[] = [];
  const client = createClient({
    mode: "remote",
    baseUrl: "http://lanka.test",
    retries: 0,
    cache: false,
    apiKey: "lk_test",
    fetch: (input, init) => {
      sent.push(new Request(input, init));
      return Promise.resolve(Response.json({ ok: true, data: {}, meta: {} }));
    },
  });
  for (const [name, row] of rows) {
    if (name === "call") continue; // any operation, by id
    const [group, method] = name.includes(".") ? name.split(".") : [undefined, name];
    const target =
      (group ? (client as unknown as Record<string, object>)[group] : client) as Record<
        string,
        (...args: unknown[]) => PromiseLike<unknown>
      >;
    const before = sent.length;
    await Promise.resolve(target[method!]!(...(ARGUMENTS[name] ?? [{}]))).catch(() => {});
    assert.equal(sent.length, before + 1, `${name} sent one request`);
    const request = sent.at(-1)!;
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, "");
    const pattern = new RegExp(`^${row.path.replace(/\{\w+\}/g, "[^/]+")}$`);
    assert.equal(request.method, row.method, name);
    assert.match(
      path,
      pattern,
      `${name} requests ${request.method} ${path}, the row says ${row.path}`,
    );
  }
});
