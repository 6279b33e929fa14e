const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the caller's `X-Request-Id` when it is short and safe to echo, else a new
 * UUID.
 *
 * @param incoming The `X-Request-Id` request header, if any.
 * @returns The id.
 */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
}
