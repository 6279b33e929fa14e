/**
 * The answer to `tools/list`, made once: the list is the same for every caller, so its JSON and
 * its gzip form are built when the server starts, and each answer only adds the request's id.
 *
 * The JSON-RPC answer is written `{"result":<list>,"jsonrpc":"2.0","id":<id>}`, so everything
 * but the last few bytes is the same for every request. Its gzip form is the list's DEFLATE
 * stream, made once and ended with a sync flush (RFC 1951: the data so far, then an empty stored
 * block, ending on a byte boundary), followed per request by the id in a final stored block,
 * with the gzip header and trailer (RFC 1952) around it; the CRC-32 of the fixed part is made
 * once and carried on over the id. So an answer costs its id's bytes, never a serialisation or a
 * compression of the list.
 *
 * What a client that sends and never reads costs depends on how a body is handed to Deno's HTTP
 * server (measured with 150 such clients, `tests/bench/slow_reader_bodies.ts`, figures in
 * `docs/performance.md`): a text body of this size is written at once into the socket, whose
 * buffers take it, and holds nothing more than the connection itself (about 18 KB); a byte body
 * made per request holds about twice its size for as long as the client does not read; a stream
 * of the one cached buffer, handed over as it is, holds a bounded amount whatever the size (0.15
 * MB for a 4 MB answer, where a byte body held 3.7 MB). So the plain answer is text (the cached
 * text and the id, joined), and the gzipped one a stream of the cached bytes and the id's.
 *
 * @module
 */
import { constants, deflateRawSync } from "node:zlib";

const encoder = new TextEncoder();

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * The CRC-32 of gzip (ISO 3309, as zlib's `crc32`), carried on from an earlier value.
 *
 * @param bytes The bytes.
 * @param previous The CRC-32 of the bytes before them (0 for none).
 * @returns The CRC-32 of all of them.
 *
 * @example Usage
 * ```ts
 * import { crc32 } from "./cached_list.ts";
 * const bytes = new TextEncoder().encode("123456789");
 * console.log(crc32(bytes).toString(16)); // "cbf43926", the check value of CRC-32
 * ```
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  }
  return ~crc >>> 0;
}

const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A JSON-RPC answer that is the same for every request but its id. */
export class CachedAnswer {
  /** `{"result":<result>,"jsonrpc":"2.0","id":` as text. */
  readonly #headText: string;
  /** The same as bytes. */
  readonly #head: Uint8Array;
  /** The gzip header and the head's DEFLATE stream, ended by a sync flush. */
  readonly #deflated: Uint8Array;
  readonly #crc: number;

  /**
   * @param result The result, as JSON text.
   */
  constructor(result: string) {
    this.#headText = `{"result":${result},"jsonrpc":"2.0","id":`;
    this.#head = encoder.encode(this.#headText);
    const body = deflateRawSync(this.#head, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    this.#deflated = new Uint8Array(GZIP_HEADER.length + body.length);
    this.#deflated.set(GZIP_HEADER);
    this.#deflated.set(body, GZIP_HEADER.length);
    this.#crc = crc32(this.#head);
  }

  /** The length of the answer's fixed part, uncompressed. */
  get size(): number {
    return this.#head.length;
  }

  /**
   * The answer's pieces for a request id, plain or gzipped.
   *
   * @param id The request's id (a string or a number, as JSON-RPC allows).
   * @param gzip Whether to send it gzipped.
   * @returns The pieces, in order.
   */
  pieces(id: string | number, gzip: boolean): Uint8Array[] {
    const tail = encoder.encode(`${JSON.stringify(id)}}`);
    if (!gzip) return [this.#head, tail];
    // The tail in stored blocks (at most 65,535 bytes each), the last one final.
    const blocks: number[] = [];
    for (let at = 0; at < tail.length || at === 0; at += 65_535) {
      const part = tail.subarray(at, at + 65_535);
      const last = at + 65_535 >= tail.length;
      const len = part.length;
      blocks.push(last ? 1 : 0, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff, ...part);
      if (last) break;
    }
    const crc = crc32(tail, this.#crc);
    const size = (this.#head.length + tail.length) >>> 0;
    const trailer = [crc, size].flatMap((
      n,
    ) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24]);
    return [this.#deflated, new Uint8Array([...blocks, ...trailer])];
  }

  /**
   * The answer's body: the plain one as text, the gzipped one as a stream of the cached bytes as
   * they are (nobody writes to them once made) and then the request's own.
   *
   * @param id The request's id.
   * @param gzip Whether to send it gzipped.
   * @returns The body.
   */
  body(id: string | number, gzip: boolean): string | ReadableStream<Uint8Array> {
    if (!gzip) return `${this.#headText}${JSON.stringify(id)}}`;
    const parts = this.pieces(id, gzip);
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(parts[next++]!);
        if (next === parts.length) controller.close();
      },
    }, { highWaterMark: 0 });
  }
}
