/**
 * `createClient()` reads `LANKA_API_BASE_URL` and `LANKA_API_KEY` from the environment, in a
 * process of its own (the environment is the process's: changing it here would leak into the
 * other test files running in parallel). Explicit options win, `env: false` reads nothing, and
 * Deno without the `env` permission reads nothing and neither throws nor prompts. Node is covered
 * by the npm package's smoke test (`npm/test/`).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

/** Runs a client in a fresh Deno process and reports the URL and key of its one request. */
async function probe(
  options: string,
  env: Record<string, string>,
  permissions: string[],
): Promise<{ url: string; authorization: string | null } | { error: string }> {
  const dir = await Deno.makeTempDir({ prefix: "lanka-env-" });
  const file = `${dir}/probe.ts`;
  await Deno.writeTextFile(
    file,
    `import { createClient } from ${JSON.stringify(new URL("mod.ts", ROOT).href)};
let seen = { url: "", authorization: null as string | null };
try {
  const client = createClient({
    mode: "remote",
    cache: false,
    fetch: (input, init) => {
      seen = { url: String(input), authorization: new Headers(init?.headers).get("authorization") };
      return Promise.resolve(new Response(JSON.stringify({ ok: true, data: {}, meta: { tier: "key", endpoint: "vat" } }), { headers: { "content-type": "application/json" } }));
    },
    ...${options},
  });
  await client.vat({ amount: 1 });
  console.log(JSON.stringify(seen));
} catch (error) {
  console.log(JSON.stringify({ error: String(error) }));
}
`,
  );
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--config",
        new URL("deno.json", ROOT).pathname,
        ...permissions,
        file,
      ],
      env: { DENO_NO_UPDATE_CHECK: "1", ...env },
      stdin: "null",
    }).output();
    const text = new TextDecoder().decode(output.stdout).trim();
    assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
    return JSON.parse(text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const ENV = { LANKA_API_BASE_URL: "http://env.test/", LANKA_API_KEY: "lk_from_env" };

Deno.test("createClient() takes its base URL and key from the environment (Deno)", async () => {
  assert.deepEqual(await probe("{}", ENV, ["--allow-env"]), {
    url: "http://env.test/api/v1/vat?amount=1",
    authorization: "Bearer lk_from_env",
  });
});

Deno.test("explicit options win over the environment, and env: false reads nothing", async () => {
  assert.deepEqual(
    await probe(
      `{ baseUrl: "http://explicit.test", apiKey: "lk_explicit" }`,
      ENV,
      ["--allow-env"],
    ),
    { url: "http://explicit.test/api/v1/vat?amount=1", authorization: "Bearer lk_explicit" },
  );
  assert.deepEqual(await probe("{ env: false }", ENV, ["--allow-env"]), {
    url: "http://localhost:8000/api/v1/vat?amount=1",
    authorization: null,
  });
});

Deno.test("without the env permission nothing is read, nothing throws, nothing prompts", async () => {
  assert.deepEqual(await probe("{}", ENV, []), {
    url: "http://localhost:8000/api/v1/vat?amount=1",
    authorization: null,
  });
  // Permission for one variable only: that one is read.
  assert.deepEqual(await probe("{}", ENV, ["--allow-env=LANKA_API_KEY"]), {
    url: "http://localhost:8000/api/v1/vat?amount=1",
    authorization: "Bearer lk_from_env",
  });
});
