/** News helpers for tests: editors made through the admin CLI, drafts through the JSON API. */
import { runAdmin } from "../../server/admin.ts";
import { fixedClock, type testApp } from "./app.ts";
import { createKey, jsonInit, mailedToken, signUp } from "./accounts.ts";

type TestApp = Awaited<ReturnType<typeof testApp>>;

/** An editor: signed up, granted the role with `deno task admin editors add`, with a key. */
export interface TestEditor {
  email: string;
  name: string;
  cookie: string;
  key: string;
}

/**
 * Signs up an account and makes it an editor through the admin CLI.
 *
 * @returns Its session cookie and a fresh API key.
 */
export async function makeEditor(t: TestApp, email: string, name: string): Promise<TestEditor> {
  const cookie = await signUp(t.request, email, "long enough password");
  // The editor role needs a confirmed address: follow the mailed link's token (with the password).
  const verified = await t.accounts.redeemToken(mailedToken(t.mail, email, "verify"), ["verify"], {
    password: "long enough password",
  });
  if (!verified) throw new Error(`verify: the link mailed to ${email} did not work`);
  const out: string[] = [];
  const status = await runAdmin(
    ["editors", "add", email, "--name", name],
    { kv: t.kv, clock: fixedClock(), out: (line) => out.push(line) },
    (line) => out.push(line),
  );
  if (status !== 0) throw new Error(`editors add: ${out.join("\n")}`);
  const { key } = await createKey(t.request, cookie);
  return { email, name, cookie, key };
}

/** A complete draft body with two independent sources. */
export function draft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Colombo port city opens a new terminal",
    excerpt: "A short excerpt.",
    body: "The body of the post, in **Markdown**.",
    category: "Business",
    tags: ["port", "colombo"],
    keywords: ["harbour"],
    sources: ["https://www.example.lk/a", "https://news.example.org/b"],
    ...overrides,
  };
}

/** JSON API call authenticated with an API key. */
export function withKey(method: string, key: string, body?: unknown): RequestInit {
  const init = jsonInit(method, body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), "x-api-key": key } };
}
