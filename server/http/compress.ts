/**
 * Response compression: gzip for text answers of at least {@linkcode COMPRESS_MIN_BYTES} when
 * the client accepts it. Pages, feeds, the OpenAPI document and large JSON answers shrink to a
 * quarter or less, which is what a person on a phone waits for; small answers (most API calls)
 * are sent as they are, because compressing them saves a few hundred bytes at a cost in CPU.
 *
 * gzip at level 1: on the largest page (the Sinhala payslip, 28.7 KB) it keeps 27 % of the bytes,
 * where level 6 keeps 18 % for three times the CPU, and the runtime's brotli was slower still at
 * every useful quality. A smaller window and hash table gave larger output for no CPU saved under
 * load (see docs/performance.md, "Compression"). `COMPRESSION=off` turns it off, for a proxy in
 * front that compresses instead.
 *
 * Rules, as Deno Deploy and nginx apply them, and one of ours: only a body of a compressible
 * type ({@linkcode compressibleType}); never one that already has a `Content-Encoding`, nor one
 * whose `Cache-Control` says `no-transform`, nor (ours) `no-store`: those answers carry sessions,
 * keys and links that must stay secret, and compression would leak them through the length of
 * the answer wherever a visitor's text is on the same page (the BREACH attack). A strong `ETag`
 * becomes weak (the bytes differ, the content does not). `Vary: Accept-Encoding` goes on every
 * answer that could have been compressed, so caches keep the two apart. A `HEAD` is compressed
 * like its `GET` before its body is dropped, so both name the same `Content-Encoding` and
 * `Content-Length`.
 *
 * @module
 */
import { gzipSync } from "node:zlib";
import { requestHeader } from "./request_header.ts";

/** Smaller bodies are sent as they are. */
export const COMPRESS_MIN_BYTES = 1024;

/** zlib's settings (see the module's note). */
const GZIP = { level: 1 } as const;

const TYPES =
  /^(?:text\/|application\/(?:json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-ndjson)|image\/svg\+xml)/i;

/**
 * Whether a content type is worth compressing (text, JSON, XML, JavaScript, SVG).
 *
 * @param type The `Content-Type`.
 * @returns True for a compressible type.
 */
export function compressibleType(type: string | null): boolean {
  return type !== null && TYPES.test(type);
}

/**
 * Whether an `Accept-Encoding` header accepts gzip (RFC 9110 12.5.3): listed, or covered by `*`,
 * with a weight above 0.
 *
 * @param header The header, or null.
 * @returns True when a gzip body may be sent.
 */
export function acceptsGzip(header: string | null): boolean {
  if (header === null) return false;
  let star: boolean | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (coding !== "gzip" && coding !== "x-gzip" && coding !== "*") continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    const accepted = weight === undefined || Number(weight) > 0;
    if (coding === "*") star = accepted;
    else return accepted;
  }
  return star ?? false;
}

/**
 * Whether an answer is one compression may apply to (its status, type and headers), before its
 * size and the client's `Accept-Encoding` are looked at. (Its `body` is not read here: reading it
 * would turn a text body into a stream.)
 */
function candidate(response: Response): boolean {
  const status = response.status;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  const headers = response.headers;
  if (!compressibleType(headers.get("Content-Type")) || headers.has("Content-Encoding")) {
    return false;
  }
  // no-store marks the answers that carry sessions, keys or reset links: compressing a secret
  // beside text a visitor controls lets an eavesdropper guess it from the length (BREACH).
  return !/(?:^|,)\s*no-(?:transform|store)\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "");
}

const VARIES_ON_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** Adds `Accept-Encoding` to `Vary`, keeping what is there. */
function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary === null) headers.set("Vary", "Accept-Encoding");
  else if (!VARIES_ON_ENCODING.test(vary)) {
    headers.set("Vary", `${vary}, Accept-Encoding`);
  }
}

/**
 * A response with the same status and headers and a new body, built the way Deno serves
 * cheapest (see `htmlPage`): the type in the constructor, the other headers afterwards.
 *
 * @param response The response (its body is not read).
 * @param body The new body.
 * @returns The new response.
 */
export function withBody(response: Response, body: string | Uint8Array<ArrayBuffer>): Response {
  const headers = response.headers;
  const type = headers.get("Content-Type")!;
  const out = new Response(body, { status: response.status, headers: { "content-type": type } });
  for (const [name, value] of headers) {
    if (name !== "content-type" && name !== "content-length") out.headers.append(name, value);
  }
  return out;
}

/**
 * The gzip form of a body, with the headers that say so (`Content-Encoding`, a weak `ETag`).
 */
function gzipped(response: Response, bytes: Uint8Array<ArrayBuffer>): Response {
  // node:zlib's Buffer is a view on an ordinary ArrayBuffer.
  const out = withBody(response, gzipSync(bytes, GZIP) as Uint8Array<ArrayBuffer>);
  out.headers.set("Content-Encoding", "gzip");
  const tag = out.headers.get("ETag");
  if (tag !== null && !tag.startsWith("W/")) out.headers.set("ETag", `W/${tag}`);
  return out;
}

const encoder = new TextEncoder();

/**
 * An answer whose body text is at hand (the operations' answers): compressed when it is at least
 * {@linkcode COMPRESS_MIN_BYTES} characters long and the client accepts gzip. Answers shorter
 * than that are returned untouched, without reading a header.
 *
 * @param request The request (its `Accept-Encoding`).
 * @param response The answer, whose body is `body`.
 * @param body The body's text.
 * @returns The answer to send.
 */
export function compressText(request: Request, response: Response, body: string): Response {
  if (body.length < COMPRESS_MIN_BYTES || !candidate(response)) return response;
  varyOnEncoding(response.headers);
  if (!acceptsGzip(requestHeader(request, "Accept-Encoding"))) return response;
  return gzipped(response, encoder.encode(body));
}

/**
 * Any other answer (the pages, feeds and documents Hono serves): its body is read when it may be
 * compressed, and compressed when it is at least {@linkcode COMPRESS_MIN_BYTES} bytes long and
 * the client accepts gzip.
 *
 * @param request The request (its `Accept-Encoding`).
 * @param response The answer.
 * @returns The answer to send, or the same answer when nothing applies.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  // Already decided where the text was at hand (`compressText`): it says so in `Vary`.
  if (!candidate(response) || VARIES_ON_ENCODING.test(response.headers.get("Vary") ?? "")) {
    return response;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const read = withBody(response, bytes);
  if (bytes.length < COMPRESS_MIN_BYTES) return read;
  varyOnEncoding(read.headers);
  if (!acceptsGzip(requestHeader(request, "Accept-Encoding"))) return read;
  return gzipped(read, bytes);
}
