/**
 * The text-to-speech page on the real server (`server/main.ts` on a real port, eSpeak NG in its
 * workers), called with curl from two loopback source addresses (127.0.0.1 and 127.0.1.5): the
 * page's own daily allowance per address (VOICE_PAGE_DAILY_LIMIT), the MP3 it answers, its 429,
 * and the page's validation, which is the API's.
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";
import { curlFrom } from "../_helpers/socket.ts";

const A = "127.0.0.1";
const B = "127.0.1.5";

/** Whether bytes start as an MP3 file: an ID3v2 tag, or an MPEG audio frame sync (11 set bits). */
function isMp3(bytes: Uint8Array): boolean {
  const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
  const sync = bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
  return bytes.length > 0 && (id3 || sync);
}

/** GETs a URL from an address, the body saved to a file and read as bytes. */
async function audioFrom(from: string, url: string, dir: string) {
  const file = `${dir}/${crypto.randomUUID()}.bin`;
  const answer = await curlFrom(from, url, { args: ["--output", file], maxTime: 60 });
  const bytes = await Deno.readFile(file).catch(() => new Uint8Array());
  return { ...answer, bytes, text: new TextDecoder().decode(bytes) };
}

/**
 * Runs a test against the real server (a KV file in a fresh folder, two listens a day on the page,
 * one voice worker), stopped and cleaned up afterwards.
 */
async function withServer(run: (url: string, dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  const server = await startServer({
    KV_PATH: `${dir}/kv.sqlite3`,
    VOICE_PAGE_DAILY_LIMIT: "2",
    VOICE_WORKERS: "1",
  });
  try {
    await run(server.url, dir);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the voice page's listens are counted per address against VOICE_PAGE_DAILY_LIMIT, apart from the API's key quota", async () => {
  await withServer(async (url, dir) => {
    const listen = `${url}/tools/voice/listen?${new URLSearchParams({
      text: "Ayubowan, hello",
      language: "en",
      voice: "eve",
    })}`;
    // The page before any listen: the player, and both listens left.
    const before = await curlFrom(A, `${url}/tools/voice?text=Hello&language=en&voice=eve`);
    assert.equal(before.status, 200);
    assert.match(before.body, /<audio controls preload="none" src="\/tools\/voice\/listen\?/);
    assert.match(before.body, /2 left today/);

    // A HEAD (a link checker) spends nothing.
    const head = await curlFrom(A, listen, { method: "HEAD", args: ["--head"] });
    assert.equal(head.status, 200);
    assert.match(head.headers.get("content-type") ?? "", /^audio\/mpeg/);

    for (let i = 1; i <= 2; i++) {
      const got = await audioFrom(A, listen, dir);
      assert.equal(got.status, 200, `listen ${i}: ${got.text.slice(0, 200)}`);
      assert.equal(got.headers.get("content-type"), "audio/mpeg");
      assert.equal(got.headers.get("cache-control"), "no-store");
      assert.ok(got.bytes.length > 1000, `listen ${i}: ${got.bytes.length} bytes`);
      assert.ok(isMp3(got.bytes), `listen ${i} starts ${[...got.bytes.slice(0, 4)]}`);
      assert.equal(got.headers.get("x-ratelimit-limit"), "2");
      assert.equal(got.headers.get("x-ratelimit-remaining"), String(2 - i));
    }

    // The third listen of A: 429 naming this allowance, in the headers and in the body.
    const third = await audioFrom(A, listen, dir);
    assert.equal(third.status, 429);
    assert.equal(third.headers.get("x-ratelimit-limit"), "2");
    assert.equal(third.headers.get("x-ratelimit-remaining"), "0");
    assert.ok(Number(third.headers.get("retry-after")) >= 1);
    const refused = JSON.parse(third.text);
    assert.equal(refused.code, "rate_limited");
    assert.equal(refused.limit, 2);
    assert.equal(refused.remaining, 0);
    assert.match(refused.error, /listens on the text-to-speech page/);

    // Another address still has its own allowance.
    const other = await audioFrom(B, listen, dir);
    assert.equal(other.status, 200, other.text.slice(0, 200));
    assert.equal(other.headers.get("content-type"), "audio/mpeg");
    assert.ok(isMp3(other.bytes));
    assert.equal(other.headers.get("x-ratelimit-remaining"), "1");

    // A's page now says the listens are spent, instead of the player.
    const spent = await curlFrom(A, `${url}/tools/voice?text=Hello&language=en&voice=eve`);
    assert.equal(spent.status, 200);
    assert.match(spent.body, /You have used all 2 listens of today on this page/);
    assert.doesNotMatch(spent.body, /<audio/);
    // B's page still has the player, with one listen left.
    const stillB = await curlFrom(B, `${url}/tools/voice?text=Hello&language=en&voice=eve`);
    assert.match(stillB.body, /<audio controls/);
    assert.match(stillB.body, /1 left today/);

    // The API's own rule is unchanged: no key, no voice.
    const api = await curlFrom(B, `${url}/api/v1/voice`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "Hello" }),
    });
    assert.equal(api.status, 401);
    assert.equal(JSON.parse(api.body).code, "key_required");
  });
});

Deno.test("bad input to the listen route is a 4xx JSON error naming the field; the page shows it beside the field with 400", async () => {
  await withServer(async (url) => {
    const long = "අ".repeat(301);
    const cases: [Record<string, string>, string, RegExp, RegExp][] = [
      [
        { text: "Hello", language: "xx", voice: "eve" },
        "language",
        /must be one of en, .*got "xx"/,
        /id="f-language-error"><span class="visually-hidden">Error:<\/span> Choose a language from the list/,
      ],
      [
        { text: "", language: "en", voice: "eve" },
        "text",
        /nothing to speak/,
        /id="f-text-error"><span class="visually-hidden">Error:<\/span> Enter the text to hear/,
      ],
      [
        { text: long, language: "si", voice: "eve" },
        "text",
        /at most 300 characters: got 301/,
        /id="f-text-error"><span class="visually-hidden">Error:<\/span> Enter at most 300 characters: this text has 301/,
      ],
      [
        { text: "Hello", language: "en", voice: "bob" },
        "voice",
        /must be one of eve, ara, leo, rex, sal/,
        /id="f-voice-error"><span class="visually-hidden">Error:<\/span> Choose a voice from the list/,
      ],
    ];
    for (const [query, param, apiMessage, pageMessage] of cases) {
      const search = new URLSearchParams(query).toString();
      const res = await curlFrom(A, `${url}/tools/voice/listen?${search}`);
      assert.equal(res.status, 400, `${param}: ${res.body}`);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      const body = JSON.parse(res.body);
      assert.equal(body.code, "invalid_param");
      assert.equal(body.details[0].param, param);
      assert.match(body.error, apiMessage);

      const page = await curlFrom(A, `${url}/tools/voice?${search}`);
      assert.equal(page.status, 400, param);
      const squashed = page.body.replace(/\s+/g, " ").replace(/> </g, "><");
      assert.match(squashed, pageMessage, param);
      assert.match(squashed, new RegExp(`<li><a href="#f-${param}">`), param);
    }
    // None of the refused requests spent a listen: the page still offers both.
    const page = await curlFrom(A, `${url}/tools/voice?text=Hi&language=en&voice=eve`);
    assert.match(page.body, /2 left today/);
  });
});
