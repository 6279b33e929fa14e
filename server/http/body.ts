/**
 * Request bodies, bounded before they are read: every route that reads a body reads it through
 * {@linkcode readBody} with its own documented limit (see {@linkcode BODY_LIMITS} and
 * `docs/security.md`). A `Content-Length` over the limit is refused before a byte is read; a body
 * without one (chunked) is read piece by piece and refused as soon as it passes the limit, so
 * the memory a request can take is its route's limit, whatever the client sends.
 *
 * @module
 */
import { ApiError } from "../../core/errors.ts";
import { requestHeader } from "./request_header.ts";

/** The largest body each kind of route reads, in bytes. */
export const BODY_LIMITS: {
  /** Dashboard forms (`/developers/*`): an email, a password, a key name. */
  readonly form: number;
  /** The account API's JSON bodies (`/api/v1/accounts`, `sessions`, `keys`). */
  readonly json: number;
  /** News drafts as JSON (`/api/v1/news/drafts*`): 100,000 characters of body in any script. */
  readonly draft: number;
  /** The editor's forms (`/editor/*`): a draft, form-encoded (up to 9 bytes a character). */
  readonly editorForm: number;
  /**
   * The text converters' JSON bodies (`/api/v1/text/*`) and the text page's form: 2 MiB, a
   * megabyte of text with room for JSON's escapes.
   */
  readonly text: number;
} = {
  form: 16_384,
  json: 16_384,
  draft: 1_048_576,
  editorForm: 1_048_576,
  text: 2_097_152,
};

/** The largest body any route reads: a declared `Content-Length` above it is refused at once. */
export const MAX_ANY_BODY: number = Math.max(...Object.values(BODY_LIMITS), 64 * 1024);

/**
 * The longest a route waits for a whole body, in milliseconds: a body still arriving after it
 * (sent a byte at a time, or never finished) is a 408 and the read stops. `Deno.serve` itself
 * bounds neither the headers nor the body (see `docs/deployment.md`).
 */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * The error of a body that did not arrive in time: 408 `request_timeout`.
 *
 * @param ms The bound, in milliseconds.
 * @returns The error.
 */
export function bodyTimeout(ms: number): ApiError {
  return new ApiError(
    408,
    "request_timeout",
    `Request body did not arrive within ${ms / 1000} s`,
    { headers: { Connection: "close" } },
  );
}

/**
 * The error of a body over its limit: 413 `payload_too_large`.
 *
 * @param limit The limit, in bytes.
 * @param what What the body is, for the message.
 * @returns The error.
 */
export function payloadTooLarge(limit: number, what = "Request body"): ApiError {
  return new ApiError(
    413,
    "payload_too_large",
    `${what} is larger than the limit of ${limit} bytes`,
  );
}

/**
 * Whether a request declares a body longer than `limit` in its `Content-Length`.
 *
 * @param request The request.
 * @param limit The limit, in bytes.
 * @returns True when the declared length is over the limit.
 */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = requestHeader(request, "content-length");
  return declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > limit;
}

/**
 * Reads a request body, refusing more than `limit` bytes whether or not `Content-Length` was
 * sent (or was truthful), and a body that has not arrived whole within `timeoutMs`. Stops
 * reading, and cancels the stream, at the first byte past the limit or at the deadline.
 *
 * @param request The request.
 * @param limit Most bytes accepted.
 * @param what What the body is, for the message.
 * @param timeoutMs Longest wait for the whole body (default {@linkcode BODY_TIMEOUT_MS}).
 * @returns The bytes.
 * @throws {ApiError} 413 `payload_too_large` over the limit, 408 `request_timeout` past the
 *   deadline.
 */
export async function readBody(
  request: Request,
  limit: number,
  what?: string,
  timeoutMs: number = BODY_TIMEOUT_MS,
): Promise<Uint8Array<ArrayBuffer>> {
  if (declaresMoreThan(request, limit)) {
    await request.body?.cancel().catch(() => {});
    throw payloadTooLarge(limit, what);
  }
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((
    resolve,
  ) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), late]);
      if (read === "late") {
        reader.cancel().catch(() => {});
        throw bodyTimeout(timeoutMs);
      }
      if (read.done) break;
      size += read.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw payloadTooLarge(limit, what);
      }
      chunks.push(read.value);
    }
  } finally {
    clearTimeout(timer);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a form (`application/x-www-form-urlencoded` or `multipart/form-data`) within `limit`
 * bytes. Only text fields are kept; for a name sent twice, the last value.
 *
 * @param request The request.
 * @param limit Most bytes accepted.
 * @returns The fields by name.
 * @throws {ApiError} 413 over the limit, 400 for a form that cannot be parsed.
 */
export async function readForm(request: Request, limit: number): Promise<Record<string, string>> {
  const type = requestHeader(request, "content-type") ?? "";
  const bytes = await readBody(request, limit, "Form");
  const form: Record<string, string> = {};
  if (/^multipart\/form-data/i.test(type)) {
    let data: FormData;
    try {
      data = await new Request("http://form.invalid/", {
        method: "POST",
        headers: { "Content-Type": type },
        body: bytes,
      }).formData();
    } catch {
      throw ApiError.invalidParam("(body)", "Form is not valid multipart/form-data");
    }
    for (const [name, value] of data) if (typeof value === "string") form[name] = value;
    return form;
  }
  if (!/^application\/x-www-form-urlencoded/i.test(type)) return form;
  const text = new TextDecoder().decode(bytes);
  for (const [name, value] of new URLSearchParams(text)) form[name] = value;
  return form;
}

/**
 * Refuses a request whose body is not `Content-Type: application/json` (any parameters, such as
 * a charset, allowed): a 415 naming what was sent, the body cancelled unread.
 *
 * @param request The request.
 * @throws {ApiError} 415 for another media type or none.
 */
export async function requireJson(request: Request): Promise<void> {
  const contentType = requestHeader(request, "content-type");
  const media = contentType?.split(";")[0]?.trim().toLowerCase();
  if (media === "application/json") return;
  await request.body?.cancel().catch(() => {});
  throw new ApiError(
    415,
    "unsupported_media_type",
    `Content-Type must be application/json: got ${
      contentType === null ? "none" : JSON.stringify(contentType)
    }`,
  );
}

/**
 * Reads a JSON request body within `limit` bytes: `Content-Type: application/json` required (415
 * otherwise), then the bytes as UTF-8 (a 400 naming `body` for bytes that are not), then JSON (a
 * 400 naming `body`).
 *
 * @param request The request.
 * @param limit Most bytes accepted.
 * @returns The parsed JSON.
 * @throws {ApiError} 415, 413 over the limit, 408 past the deadline, 400 for bad UTF-8 or JSON.
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  await requireJson(request);
  const bytes = await readBody(request, limit);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw ApiError.invalidParam("body", "Request body is not valid UTF-8");
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : "";
    throw ApiError.invalidParam(
      "body",
      text.trim() === ""
        ? "Request body is empty: expected a JSON object"
        : `Request body is not valid JSON${reason}`,
    );
  }
}
