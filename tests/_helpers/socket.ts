/**
 * A real HTTP client for socket tests: curl, bound to a chosen loopback source address
 * (`--interface 127.0.1.5`), so that one test can be two different callers of one server. Every
 * address in 127.0.0.0/8 is on Linux's loopback interface, so no set-up is needed.
 */

/** What curl saw. */
export interface CurlAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** Options of {@linkcode curlFrom}. */
export interface CurlOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A body sent as is (`--data-binary`). */
  body?: string;
  /** A file whose content is the body (`--data-binary @file`). */
  bodyFile?: string;
  /** Seconds before curl gives up (default 30). */
  maxTime?: number;
  /** Extra curl arguments. */
  args?: string[];
}

/**
 * Sends one request with curl from a given source address.
 *
 * @param from The source address to bind (`127.0.0.1`, `127.0.1.5`, ...).
 * @param url The URL.
 * @param options Method, headers, body.
 * @returns The status, headers and body of the (last) answer.
 */
export async function curlFrom(
  from: string,
  url: string,
  options: CurlOptions = {},
): Promise<CurlAnswer> {
  const args = [
    "--silent",
    "--show-error",
    "--interface",
    from,
    "--max-time",
    String(options.maxTime ?? 30),
    "--dump-header",
    "-",
    "--request",
    options.method ?? "GET",
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("--header", `${name}: ${value}`);
  }
  if (options.body !== undefined) args.push("--data-binary", options.body);
  if (options.bodyFile !== undefined) args.push("--data-binary", `@${options.bodyFile}`);
  args.push(...(options.args ?? []), url);
  const out = await new Deno.Command("curl", { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success && text === "") {
    throw new Error(`curl failed (${out.code}): ${new TextDecoder().decode(out.stderr)}`);
  }
  // The last header block is the final answer (after any 100 Continue).
  let rest = text;
  let head = "";
  while (/^HTTP\/[\d.]+ \d{3}/.test(rest)) {
    const end = rest.indexOf("\r\n\r\n");
    if (end === -1) {
      head = rest;
      rest = "";
      break;
    }
    head = rest.slice(0, end);
    rest = rest.slice(end + 4);
  }
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest };
}
