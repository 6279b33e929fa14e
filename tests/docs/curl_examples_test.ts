/**
 * Every `curl` example in README.md and docs/*.md, run against the app in-process, must answer
 * the status the docs give it: the first status code in the line's comment (`# 201`,
 * `# log in: 201`), else 200. The placeholders the docs use for what a reader brings are filled
 * with real values: an API key (`<API key>`, `lk_…`, `$KEY`), the key id and draft slug created
 * by the examples before (`key_XXXXXXXXXXXXXXXX`, `SLUG`), and the ETag of the answer before
 * (`W/"<etag from above>"`).
 */
import assert from "node:assert/strict";
import type { VoiceRequest } from "../../core/ops/voice.ts";
import type { VoiceOutput, VoiceSynthesizer } from "../../server/voice/service.ts";
import { testApp } from "../_helpers/app.ts";
import { curlExamples, docFiles, shellWords } from "../_helpers/docs.ts";
import { makeEditor } from "../_helpers/news.ts";

const ROOT = new URL("../../", import.meta.url);
const ORIGIN = "http://localhost:8000";

/** Answers voice requests with three bytes: the check is about the HTTP contract, not audio. */
const voice: VoiceSynthesizer = {
  busyFor: () => undefined,
  synthesize: (request: VoiceRequest): Promise<VoiceOutput> =>
    Promise.resolve({
      audio: new Uint8Array([1, 2, 3]),
      sampleRate: request.sample_rate,
      duration: 0.1,
      language: request.language === "auto" ? "fr" : request.language,
      warnings: [],
    }),
  close: () => {},
};

/** The status a comment documents, or 200. */
function documentedStatus(comment: string): number {
  const m = /(?:^|[\s:(])([1-5]\d\d)(?=$|[\s,;).])/.exec(comment);
  return m ? Number(m[1]) : 200;
}

/** A curl command line as a request: method, URL, headers, body, cookie jar use. */
function parseCurl(words: string[]) {
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  let readJar = false;
  let writeJar = false;
  const headers = new Headers();
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const next = () => words[++i] ?? "";
    if (word === "-X" || word === "--request") method = next();
    else if (word === "-H" || word === "--header") {
      const header = next();
      const colon = header.indexOf(":");
      headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (["-d", "--data", "--data-raw", "--data-binary"].includes(word)) body = next();
    else if (word === "-b" || word === "--cookie") (next(), readJar = true);
    else if (word === "-c" || word === "--cookie-jar") (next(), writeJar = true);
    else if (["-o", "--output", "-D", "--dump-header", "-A"].includes(word)) next();
    else if (/^-[isSLfv]+$/.test(word)) continue;
    else if (word.startsWith("-")) throw new Error(`unsupported curl option ${word}`);
    else url = word;
  }
  if (!url) throw new Error("no URL");
  return {
    method: method ?? (body === undefined ? "GET" : "POST"),
    url,
    body,
    headers,
    readJar,
    writeJar,
  };
}

Deno.test("every curl example in the docs answers its documented status", async (t) => {
  await using app = await testApp({ voice, env: { PUBLIC_BASE_URL: ORIGIN } });
  const editor = await makeEditor(app, "docs-editor@example.com", "Docs Editor");
  let examples = 0;
  for (const file of docFiles()) {
    const found = curlExamples(file, Deno.readTextFileSync(new URL(file, ROOT)));
    if (!found.length) continue;
    await t.step(file, async () => {
      const vars: Record<string, string> = { KEY: editor.key };
      let jar = "";
      let etag = "";
      let keyId = "key_none";
      let slug = "none";
      for (const example of found) {
        const assignment = /^([A-Z_]+)=(\S+)$/.exec(example.command);
        if (assignment) {
          vars[assignment[1]!] = shellWords(assignment[2]!, vars)[0] ?? "";
          continue;
        }
        examples++;
        const command = example.command
          .replaceAll('W/"<etag from above>"', etag)
          .replaceAll("<API key>", editor.key)
          .replaceAll("lk_…", editor.key)
          .replaceAll("key_XXXXXXXXXXXXXXXX", keyId)
          .replace(/\bSLUG\b/g, slug);
        const request = parseCurl(shellWords(command, vars));
        if (request.readJar && jar) request.headers.set("Cookie", jar);
        const url = new URL(request.url);
        assert.equal(url.origin, ORIGIN, `${example.where}: examples use ${ORIGIN}`);
        const res = await app.request(`${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
        });
        const text = await res.text();
        const expected = documentedStatus(example.comment);
        assert.equal(
          res.status,
          expected,
          `${example.where}: ${example.command.slice(0, 160)}\n=> ${res.status} ${
            text.slice(0, 300)
          }`,
        );
        if (request.writeJar) {
          const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lanka_session="));
          if (cookie) jar = cookie.split(";")[0]!;
        }
        etag = res.headers.get("ETag") ?? etag;
        if (res.headers.get("Content-Type")?.startsWith("application/json") && text) {
          const data = JSON.parse(text).data;
          if (url.pathname === "/api/v1/keys" && request.method === "POST") keyId = data.id;
          if (url.pathname === "/api/v1/news/drafts" && request.method === "POST") slug = data.slug;
        }
      }
    });
  }
  assert.ok(examples >= 50, `only ${examples} curl examples found: is the reader broken?`);
});
