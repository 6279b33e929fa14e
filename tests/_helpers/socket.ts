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

/** What {@linkcode streamBody} saw. */
export interface StreamAnswer {
  /** The status line's code (0 when the server answered nothing). */
  status: number;
  /** The raw answer (headers and whatever body arrived). */
  text: string;
  /** Bytes of body written before the server answered or closed. */
  sent: number;
  /** Milliseconds from the first byte sent to the answer. */
  ms: number;
}

/**
 * The error envelope of a raw answer ({@linkcode StreamAnswer}'s `text`): the JSON after the
 * headers, past a chunk size line if the body is chunked.
 *
 * @param text The raw answer.
 * @returns The envelope's fields.
 */
export function rawEnvelope(text: string): { ok: boolean; code: string; error: string } {
  return JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4).replace(/^[0-9a-f]+\r\n/, ""));
}

/**
 * Sends a request over a raw TCP connection whose body is streamed in chunks (chunked
 * transfer encoding, no `Content-Length`, unless `contentLength` is given), and stops writing as
 * soon as the server answers or closes: what an attacker's upload looks like to the server.
 *
 * @param url The server's base URL (`http://127.0.0.1:port`).
 * @param path The path.
 * @param headers Extra request headers.
 * @param total Bytes of body to send at most.
 * @param options `contentLength`: send this length instead of chunking; `chunk`: bytes a write.
 * @returns The status, time and bytes sent.
 */
export async function streamBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  total: number,
  options: { contentLength?: number; chunk?: number } = {},
): Promise<StreamAnswer> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const encoder = new TextEncoder();
  const chunked = options.contentLength === undefined;
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${options.contentLength}`,
    "",
    "",
  ].join("\r\n");
  const start = performance.now();
  let ms = 0;
  let answered = false;
  let text = "";
  let heard = () => {};
  const hearing = new Promise<void>((resolve) => (heard = resolve));
  const reading = (async () => {
    const buffer = new Uint8Array(65536);
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const n = await conn.read(buffer);
        if (n === null) break;
        text += decoder.decode(buffer.subarray(0, n), { stream: true });
        if (!answered && text.includes("\r\n\r\n")) {
          answered = true;
          ms = performance.now() - start;
          heard();
        }
        // Enough of the answer: the headers and a short body.
        if (answered && text.length > 4096) break;
      }
    } catch { /* reset by the server */ }
    answered = true;
    heard();
  })();
  let sent = 0;
  try {
    await conn.write(encoder.encode(head));
    const size = options.chunk ?? 65536;
    const piece = new Uint8Array(size).fill(0x61); // "a"
    const frame = chunked
      ? new Uint8Array([...encoder.encode(`${size.toString(16)}\r\n`), ...piece, 13, 10])
      : piece;
    while (sent < total && !answered) {
      // A server that stopped reading leaves the write waiting: the answer ends the wait.
      await Promise.race([conn.write(frame), hearing]);
      if (!answered) sent += size;
    }
    if (chunked && !answered) await conn.write(encoder.encode("0\r\n\r\n"));
  } catch { /* the server closed the connection: it has answered or given up */ }
  // Wait for the answer (10 s at most), then a moment for the rest of its body.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (ms: number) => new Promise((r) => (timer = setTimeout(r, ms)));
  await Promise.race([hearing, wait(10_000)]);
  clearTimeout(timer);
  await Promise.race([reading, wait(300)]);
  clearTimeout(timer);
  if (ms === 0) ms = performance.now() - start;
  try {
    conn.close();
  } catch { /* closed */ }
  await reading.catch(() => {});
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, sent, ms };
}

/**
 * The resident memory of a process, in bytes (Linux: `VmRSS` in `/proc/<pid>/status`).
 *
 * @param pid The process id.
 * @returns Its resident set size.
 */
export async function residentBytes(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb * 1024;
}
