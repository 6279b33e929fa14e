/**
 * Request ids: the caller's own `X-Request-Id` when it is safe to echo, else a new one.
 *
 * @module
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** This process's random part of every id it makes (64 bits, drawn at start). */
const PROCESS = Array.from(
  crypto.getRandomValues(new Uint8Array(8)),
  (byte) => byte.toString(16).padStart(2, "0"),
).join("");
let made = 0;

/**
 * The id of a request: the caller's `X-Request-Id` when it is short and safe to echo, else a new
 * one, unique across processes and restarts: this process's random 64-bit part and a counter
 * (`3f9c0a1b7d2e4c55-1a2b`). Ids name requests in logs and answers; they are not secrets, and a
 * counter costs a fraction of a random draw per request.
 *
 * @param incoming The `X-Request-Id` request header, if any.
 * @returns The id.
 */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SAFE_ID.test(incoming) ? incoming : `${PROCESS}-${(++made).toString(36)}`;
}
