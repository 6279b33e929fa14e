/**
 * The cached `tools/list` answer (`server/mcp/cached_list.ts`): the JSON-RPC answer with any id,
 * plain and gzipped, read back by independent decoders (node:zlib and the web's
 * `DecompressionStream`), streamed in bounded pieces.
 */
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { CachedAnswer, crc32 } from "../../server/mcp/cached_list.ts";
import { buildTools } from "../../server/mcp/tools.ts";
import { operations } from "../../core/registry.ts";

const RESULT = JSON.stringify({ tools: buildTools(operations).map((tool) => tool.definition) });

async function read(
  body: string | ReadableStream<Uint8Array>,
): Promise<{ bytes: Uint8Array; pieces: number[] }> {
  const pieces: number[] = [];
  const chunks: Uint8Array[] = [];
  const stream = typeof body === "string" ? new Response(body).body! : body;
  for await (const chunk of stream) {
    pieces.push(chunk.length);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(pieces.reduce((a, b) => a + b, 0));
  let at = 0;
  for (const chunk of chunks) (bytes.set(chunk, at), at += chunk.length);
  return { bytes, pieces };
}

Deno.test("crc32 gives CRC-32's check value", () => {
  // The standard check: CRC-32 (ISO-HDLC) of "123456789" is 0xCBF43926.
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
  const all = new TextEncoder().encode("123456789");
  assert.equal(crc32(all.subarray(4), crc32(all.subarray(0, 4))), 0xcbf43926, "carried on");
});

Deno.test("the cached tools/list answer is the JSON-RPC answer for any id, plain and gzipped", async () => {
  const answer = new CachedAnswer(RESULT);
  const ids: (string | number)[] = [
    1,
    0,
    -7,
    2.5,
    1e21,
    "abc",
    "",
    'quo"te\u2028',
    "x".repeat(70_000),
  ];
  for (const id of ids) {
    const expected = { result: JSON.parse(RESULT), jsonrpc: "2.0", id };
    const plain = await read(answer.body(id, false));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(plain.bytes)), expected);
    const gzipped = await read(answer.body(id, true));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(gunzipSync(gzipped.bytes))), expected);
    const web = await read(
      new Blob([gzipped.bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
        new DecompressionStream("gzip"),
      ),
    );
    assert.deepEqual(JSON.parse(new TextDecoder().decode(web.bytes)), expected);
    assert.ok(gzipped.bytes.length < plain.bytes.length / 3 || typeof id === "string");
  }
});

Deno.test("the cached part of an answer is one buffer shared by every answer, never a copy", () => {
  const answer = new CachedAnswer(RESULT);
  for (const gzip of [false, true]) {
    const [first] = answer.pieces(1, gzip);
    const [second] = answer.pieces("two", gzip);
    assert.equal(first, second, "the same bytes, not equal copies");
    assert.ok(first!.length > (gzip ? 10_000 : RESULT.length));
  }
});
