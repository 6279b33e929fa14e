/**
 * The description matches the wire: an outside validator, Stoplight Prism (`@stoplight/prism-cli
 * proxy`, pinned, run by Node through npx), stands between a client and the real server started
 * with `server/main.ts` on a real port, and checks every answer against the OpenAPI document the
 * server itself serves. Requests go to every operation's example and to hostile variants of it
 * (each parameter bad, empty or missing, an unknown parameter, a wrong method, bad bodies), plus
 * the account flow, a keyed call and voice.
 *
 * Prism runs without `--errors`: with it, Prism answers a request it finds invalid itself (422)
 * instead of passing it on, and the hostile variants would never reach the server. Without it,
 * Prism passes everything through and reports what it found in the `sl-violations` header, which
 * is what this test reads:
 *
 * - a violation in the response (status not documented, body or header not matching its schema)
 *   fails, for any request;
 * - a request violation on a request the server answered 2xx fails too: the description would
 *   be stricter than the server.
 *
 * Prism 5.16 never answers a request whose JSON body does not parse (it hangs), so those go to the
 * server directly, and their status is looked up in the document by this test.
 */
import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import { collectOutput, freePort, type RunningServer, startServer } from "../_helpers/server.ts";

const PRISM = "@stoplight/prism-cli@5.16.0";

interface Violation {
  location: string[];
  message: string;
}

async function startPrism(
  spec: string,
  upstream: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = freePort();
    const child = new Deno.Command("npx", {
      args: ["-y", PRISM, "proxy", spec, upstream, "-p", String(port), "-h", "127.0.0.1"],
      env: { NO_COLOR: "1", npm_config_update_notifier: "false" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const output = collectOutput(child);
    let exited = false;
    const status = child.status.then(() => (exited = true));
    const stop = async () => {
      // npx runs Prism in a grandchild that keeps the pipes open: end the whole tree.
      await killTree(child.pid);
      await status;
      await output.done;
    };
    const deadline = Date.now() + 180_000; // npx may download Prism on first use
    while (!exited && Date.now() < deadline) {
      if (output.text().includes("Prism is listening")) {
        return { url: `http://127.0.0.1:${port}`, stop };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await stop();
    if (!/EADDRINUSE/.test(output.text())) {
      throw new Error(`Prism did not start:\n${output.text()}`);
    }
  }
  throw new Error("Prism could not find a free port");
}

/** Sends SIGTERM to a process and all its descendants (children first found, then the parent). */
async function killTree(pid: number): Promise<void> {
  const out = await new Deno.Command("ps", { args: ["-o", "pid=", "--ppid", String(pid)] })
    .output();
  const children = new TextDecoder().decode(out.stdout).split("\n").map((s) => s.trim())
    .filter(Boolean).map(Number);
  for (const child of children) await killTree(child);
  try {
    Deno.kill(pid, "SIGTERM");
  } catch { /* already gone */ }
}

interface Finding {
  request: string;
  status: number;
  problem: string;
}

type Send = (method: string, path: string, init?: RequestInit) => Promise<Response>;

// deno-lint-ignore no-explicit-any
type Doc = any;

async function withProxy(
  run: (send: Send, direct: Send, doc: Doc) => Promise<void>,
): Promise<Finding[]> {
  const server: RunningServer = await startServer({
    KV_PATH: ":memory:",
    ANON_DAILY_LIMIT: "1000000",
    KEY_DAILY_LIMIT: "1000000",
    VOICE_WORKERS: "1",
  });
  const dir = await Deno.makeTempDir({ prefix: "lanka-contract-" });
  let prism: { url: string; stop(): Promise<void> } | undefined;
  try {
    const spec = `${dir}/openapi.json`;
    const doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    await Deno.writeTextFile(spec, JSON.stringify(doc));
    prism = await startPrism(spec, server.url);
    const findings: Finding[] = [];
    const send = async (method: string, path: string, init: RequestInit = {}) => {
      if (Deno.env.get("CONTRACT_TRACE")) console.error(method, path);
      const response = await fetch(`${prism!.url}${path}`, {
        ...init,
        method,
        signal: AbortSignal.timeout(60_000),
      });
      const header = response.headers.get("sl-violations");
      const violations: Violation[] = header ? JSON.parse(header) : [];
      const request = `${method} ${path}`;
      for (const v of violations) {
        const where = v.location.join(".");
        if (v.location[0] !== "request") {
          findings.push({ request, status: response.status, problem: `${where}: ${v.message}` });
        } else if (response.status < 300) {
          findings.push({
            request,
            status: response.status,
            problem: `the server accepted what the description refuses: ${where}: ${v.message}`,
          });
        }
      }
      return response;
    };
    const direct: Send = (method, path, init = {}) =>
      fetch(`${server.url}${path}`, { ...init, method, signal: AbortSignal.timeout(60_000) });
    await run(send, direct, doc);
    return findings;
  } finally {
    await prism?.stop();
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Hostile variants of one example URL: each query parameter bad, empty or missing; an extra one. */
function variants(example: string): string[] {
  const url = new URL(example, "http://example.invalid");
  const out: string[] = [];
  const at = (u: URL) => u.pathname + u.search;
  for (const [name] of url.searchParams) {
    for (const bad of ["abc", "-1", "1e5", "", "1,000", "9".repeat(40), "0"]) {
      const u = new URL(url);
      u.searchParams.set(name, bad);
      out.push(at(u));
    }
    const u = new URL(url);
    u.searchParams.delete(name);
    out.push(at(u));
  }
  const extra = new URL(url);
  extra.searchParams.set("unknown", "1");
  out.push(at(extra));
  const repeated = new URL(url);
  const first = [...url.searchParams.keys()][0];
  if (first) {
    repeated.searchParams.append(first, url.searchParams.get(first)!);
    out.push(at(repeated));
  }
  return out;
}

/**
 * Hostile variants of an example JSON body: each field a number, null, an array, empty, an unknown
 * word, or missing; an unknown field; and a body that is not an object.
 */
function bodyVariants(example: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const name of Object.keys(example)) {
    for (const bad of [1, null, [], "", "zzz"]) {
      out.push(JSON.stringify({ ...example, [name]: bad }));
    }
    const { [name]: _, ...rest } = example;
    out.push(JSON.stringify(rest));
  }
  out.push(JSON.stringify({ ...example, unknown: 1 }), "[]", "null", '"text"', "");
  return out;
}

Deno.test("every answer, to every example and its hostile variants, matches the OpenAPI document (Prism proxy)", async () => {
  const undocumented: string[] = [];
  const findings = await withProxy(async (send, direct, doc) => {
    const drain = async (r: Response) => void await r.arrayBuffer();
    for (const op of operations) {
      if (op.method === "GET" && !op.account) {
        const ok = await send("GET", op.example);
        assert.ok(ok.status < 300, `${op.example} answers ${ok.status}`);
        await drain(ok);
        for (const path of variants(op.example)) await drain(await send("GET", path));
        await drain(await send("PUT", new URL(op.example, "http://x").pathname));
      } else if (op.method === "POST" || op.method === "DELETE") {
        const path = new URL(op.example, "http://x").pathname;
        const json = { "Content-Type": "application/json" };
        const broken = await direct(op.method, path, { headers: json, body: "{" });
        await drain(broken);
        const documented = doc.paths[`/api/v1${op.path}`][op.method.toLowerCase()].responses;
        if (!documented[String(broken.status)]) {
          undocumented.push(`${op.method} ${path} with a broken JSON body -> ${broken.status}`);
        }
        await drain(await send(op.method, path, { headers: json, body: "[]" }));
        await drain(
          await send(op.method, path, { headers: { "Content-Type": "text/plain" }, body: "x" }),
        );
        await drain(
          await send(op.method, path, { headers: json, body: JSON.stringify({ zzz: 1 }) }),
        );
        if (op.exampleBody) {
          // An operation answered from its body (the text converters): the example, then each
          // field bad or missing, through the proxy.
          const ok = await send(op.method, path, {
            headers: json,
            body: JSON.stringify(op.exampleBody),
          });
          assert.ok(ok.status < 300, `${op.method} ${path} with its example answers ${ok.status}`);
          await drain(ok);
          for (const body of bodyVariants(op.exampleBody)) {
            const answer = await send(op.method, path, { headers: json, body });
            assert.ok(answer.status < 500, `${path} ${body} answers ${answer.status}`);
            await drain(answer);
          }
        }
      }
    }
    for (
      const path of [
        "/api/v1",
        "/api/v1/openapi.json",
        "/api/v1/news/feed.json",
        "/api/v1/news/feed.xml",
        "/api/v1/news/feed.atom",
        "/api/v1/news/feed.json?category=nope",
        "/api/v1/news/feed.json?x=1",
      ]
    ) {
      await drain(await send("GET", path));
    }
    // The account flow, a keyed call and voice, as a developer would.
    const origin = { "Content-Type": "application/json" };
    const email = `contract-${crypto.randomUUID()}@example.com`;
    const credentials = JSON.stringify({ email, password: "correct horse battery staple" });
    const signUp = await send("POST", "/api/v1/accounts", { headers: origin, body: credentials });
    assert.ok(
      signUp.status < 300,
      `sign-up answers ${signUp.status}: ${await signUp.clone().text()}`,
    );
    await drain(signUp);
    const logIn = await send("POST", "/api/v1/sessions", { headers: origin, body: credentials });
    assert.ok(logIn.status < 300, `log-in answers ${logIn.status}`);
    const cookie = logIn.headers.get("set-cookie")?.split(";")[0] ?? "";
    await drain(logIn);
    await drain(
      await send("POST", "/api/v1/password-reset", {
        headers: origin,
        body: JSON.stringify({ email: "nobody@example.com" }),
      }),
    );
    const created = await send("POST", "/api/v1/keys", {
      headers: { ...origin, cookie },
      body: JSON.stringify({ name: "contract" }),
    });
    assert.ok(created.status < 300, `key creation answers ${created.status}`);
    const key = (await created.json()).data.key as string;
    await drain(await send("GET", "/api/v1/keys", { headers: { cookie } }));
    await drain(await send("GET", "/api/v1/keys?unknown=1", { headers: { cookie } }));
    await drain(
      await send("GET", "/api/v1/tax/paye?monthly=250000", {
        headers: { authorization: `Bearer ${key}` },
      }),
    );
    await drain(
      await send("GET", "/api/v1/tax/paye?monthly=250000", {
        headers: { authorization: "Bearer lk_not_a_key" },
      }),
    );
    await drain(
      await send("POST", "/api/v1/voice", {
        headers: { ...origin, authorization: `Bearer ${key}` },
        body: JSON.stringify({ text: "Ayubowan", lang: "en" }),
      }),
    );
    await drain(
      await send("POST", "/api/v1/voice", {
        headers: origin,
        body: JSON.stringify({ text: "Ayubowan" }),
      }),
    );
    await drain(await send("DELETE", "/api/v1/sessions", { headers: { cookie } }));
    // font auto on a text too short to be sure: the 422 with its candidates (docs/text.md).
    const unsure = await send("POST", "/api/v1/text/unicode", {
      headers: origin,
      body: JSON.stringify({ text: "Y%S", font: "auto" }),
    });
    assert.equal(unsure.status, 422);
    await drain(unsure);
  });
  assert.deepEqual(
    [...findings.map((f) => `${f.request} -> ${f.status}: ${f.problem}`), ...undocumented],
    [],
  );
});
