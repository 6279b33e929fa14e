/**
 * The API reference (`/docs`), generated from the OpenAPI document and served by this server
 * alone: every path and method with its parameters, and a "try it" GET form per GET endpoint
 * whose answer (`/docs/try/{operationId}`) the server computes by calling itself in-process.
 *
 * @module
 */
import type { JsonObject, ParameterObject } from "../../core/openapi.ts";
import { formFields, submittedPairs } from "./form.ts";
import { html, layout, type SafeHtml } from "./html.ts";

/** One operation of the OpenAPI document. */
export interface DocsEndpoint {
  method: string;
  /** The templated path, for example `/api/v1/tax/paye`. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  parameters: ParameterObject[];
  /** Whether it needs an API key. */
  keyOnly: boolean;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * Lists the operations of an OpenAPI document, in document order.
 *
 * @param doc The OpenAPI document.
 * @returns One entry per path and method.
 */
export function docsEndpoints(doc: JsonObject): DocsEndpoint[] {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  const out: DocsEndpoint[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security = (op.security ?? []) as JsonObject[];
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId ?? `${method}${path}`),
        summary: String(op.summary ?? ""),
        description: String(op.description ?? ""),
        tag: String((op.tags as string[] | undefined)?.[0] ?? "Other"),
        parameters: (op.parameters ?? []) as ParameterObject[],
        keyOnly: security.length > 0 && security.every((s) => Object.keys(s).length > 0),
      });
    }
  }
  return out;
}

function schemaText(schema: JsonObject): string {
  const parts: string[] = [String(schema.type ?? "any")];
  if (schema.format) parts.push(`(${schema.format})`);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(", ")}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  return parts.join(" ");
}

/** Query and path parameters (the ones a form can send). */
function formable(endpoint: DocsEndpoint): ParameterObject[] {
  return endpoint.parameters.filter((p) => p.in === "query" || p.in === "path");
}

/**
 * The "try it" form of a GET endpoint.
 *
 * @param endpoint The endpoint.
 * @param values Values to show (a previous submission).
 * @returns The form.
 */
export function tryForm(endpoint: DocsEndpoint, values: Record<string, string> = {}): SafeHtml {
  return html`<form method="get" action="/docs/try/${endpoint.operationId}" class="try" novalidate>
  ${
    formFields(formable(endpoint), {
      values,
      errors: {},
      idPrefix: `${endpoint.operationId}-`,
    })
  }
  <div><button type="submit">Try it: ${endpoint.method} ${endpoint.path}</button></div>
</form>`;
}

function endpointSection(endpoint: DocsEndpoint): SafeHtml {
  const id = `op-${endpoint.operationId}`;
  return html`
    <section class="endpoint" id="${id}" aria-labelledby="${id}-title"
      data-method="${endpoint.method}" data-path="${endpoint.path}">
      <h3 id="${id}-title"><code>${endpoint.method} ${endpoint.path}</code> ${endpoint.summary}</h3>
      ${endpoint.description ? html`<p>${endpoint.description}</p>` : ""}
      ${endpoint.keyOnly ? html`<p><strong>Needs an API key.</strong></p>` : ""}
      ${endpoint.parameters.length
        ? html`
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Parameter</th>
                  <th scope="col">In</th>
                  <th scope="col">Required</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>${endpoint.parameters.map((p) =>
                html`
                  <tr>
                    <td><code>${p.name}</code></td>
                    <td>${p.in}</td>
                    <td>${p.required ? "yes" : "no"}</td>
                    <td>${schemaText(p.schema ?? {})}</td>
                    <td>${p.description ?? ""}</td>
                  </tr>
                `
              )}</tbody>
            </table>
          </div>
        `
        : html`<p class="muted">No parameters.</p>`}
      ${endpoint.method === "GET" ? tryForm(endpoint) : ""}
    </section>
  `;
}

/**
 * Renders the API reference.
 *
 * @param doc The OpenAPI document.
 * @param topics The documentation topics served under `/docs/guide/` (see `guides.ts`).
 * @returns The document.
 */
export function docsPage(doc: JsonObject, topics: readonly string[] = []): string {
  const endpoints = docsEndpoints(doc);
  const tags = [...new Set(endpoints.map((e) => e.tag))];
  const info = (doc.info ?? {}) as JsonObject;
  const body = html`
    <h1>API reference</h1>
    <p>${String(info.description ?? "")}</p>
    <p>Generated from the <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>. Every answer is JSON:
    <code>{ "ok": true, "data": …, "meta": … }</code>, or <code>{ "ok": false, "error", "code" }</code>
    with a 4xx status. Send an API key as <code>Authorization: Bearer …</code> or
    <code>x-api-key</code> for a higher daily limit.</p>
    <nav aria-label="Documentation">
      <p>Documentation: <a href="/docs/guide">all topics</a>${topics.map((t) =>
        html`
          · <a href="/docs/guide/${t}">${t}</a>
        `
      )}</p>
    </nav>
    <nav aria-label="Endpoints">
      <ul class="toc">${endpoints.map((e) =>
        html`<li><a href="#op-${e.operationId}"><code>${e.method} ${e.path}</code></a></li>`
      )}</ul>
    </nav>
    ${tags.map((tag, i) =>
      html`
        <section
          aria-labelledby="tag-${i}"><h2 id="tag-${i}">${tag}</h2>${endpoints.filter((e) =>
            e.tag === tag
          ).map(endpointSection)}</section>
      `
    )}
  `;
  return layout({
    title: "API reference",
    description: "Every endpoint of Lanka API with its parameters, and a form to try it.",
    body,
  });
}

/**
 * The API URL a "try it" submission asks for: path parameters substituted into the template, the
 * rest as the query, empty fields dropped.
 *
 * @param endpoint The endpoint.
 * @param search The submission.
 * @returns A path with query, on this server.
 */
export function tryUrl(endpoint: DocsEndpoint, search: URLSearchParams): string {
  let path = endpoint.path;
  const query = new URLSearchParams();
  for (const [name, value] of submittedPairs(search)) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(value));
    else query.append(name, value);
  }
  const text = query.toString();
  return `${path}${text ? `?${text}` : ""}`;
}

/** The API's answer to a "try it" request. */
export interface TryAnswer {
  status: number;
  contentType: string;
  body: string;
}

const MAX_SHOWN = 200_000;

/**
 * Renders the answer of a "try it" request under its form.
 *
 * @param endpoint The endpoint.
 * @param search The submission.
 * @param url The API URL asked.
 * @param answer The API's answer.
 * @returns The document.
 */
export function tryPage(
  endpoint: DocsEndpoint,
  search: URLSearchParams,
  url: string,
  answer: TryAnswer,
): string {
  let shown = answer.body;
  if (answer.contentType.includes("json")) {
    try {
      shown = JSON.stringify(JSON.parse(answer.body), null, 2);
    } catch { /* shown as sent */ }
  }
  const cut = shown.length > MAX_SHOWN;
  const body = html`
    <p><a href="/docs#op-${endpoint.operationId}">← API reference</a></p>
    <h1>Try <code>${endpoint.method} ${endpoint.path}</code></h1>
    <p>${endpoint.summary}</p>
    ${tryForm(endpoint, Object.fromEntries(submittedPairs(search)))}
    <section class="result" aria-labelledby="answer-title">
      <h2 id="answer-title">Answer</h2>
      <p>Request: <a href="${url}"><code>${endpoint.method} ${url}</code></a></p>
      <p>Status <strong data-field="status">${answer.status}</strong>, <code>${answer
        .contentType}</code></p>
      <pre><code data-field="body">${cut ? shown.slice(0, MAX_SHOWN) : shown}</code></pre>
      ${cut
        ? html`<p class="muted">Cut at ${MAX_SHOWN} characters: open the request for all of it.</p>`
        : ""}
    </section>
  `;
  return layout({ title: `Try ${endpoint.operationId}`, body });
}
