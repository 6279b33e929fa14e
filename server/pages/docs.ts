/**
 * The API reference (`/docs`), generated from the OpenAPI document and served by this server
 * alone: every path and method with its parameters, and a "try it" GET form per GET endpoint
 * whose answer (`/docs/try/{operationId}`) the server computes by calling itself in-process.
 *
 * @module
 */
import { maybeMessage } from "../../core/i18n.ts";
import type { JsonObject, ParameterObject } from "../../core/openapi.ts";
import { formFields, submittedPairs } from "./form.ts";
import { escapeHtml, html, layout, raw, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";

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

/**
 * A catalogue message with placeholders filled by markup: the text is escaped, each `{name}` is
 * replaced by `parts[name]` (escaped unless it is {@linkcode SafeHtml}), and in Sinhala and Tamil
 * text a span in backticks (`format=ics`) is code, shown in `<code>`.
 *
 * @param key The catalogue key.
 * @param parts Values of the placeholders.
 * @returns The markup.
 */
export function tHtml(key: string, parts: Readonly<Record<string, unknown>> = {}): SafeHtml {
  return textHtml(t(key), parts);
}

function textHtml(text: string, parts: Readonly<Record<string, unknown>> = {}): SafeHtml {
  const out = text.split(/(\{\w+\}|`[^`]+`)/).map((piece) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    if (name !== undefined && name in parts) return html`${parts[name]}`.value;
    if (/^`[^`]+`$/.test(piece)) return `<code>${escapeHtml(piece.slice(1, -1))}</code>`;
    return escapeHtml(piece);
  });
  return raw(out.join(""));
}

/**
 * A message for a key built at run time (an operation, a tag, a topic) in the page's language:
 * in English the text given (the OpenAPI document's own), else the catalogue's, else the English
 * text marked `lang="en"` (an operation added without a translation yet).
 *
 * @param key The catalogue key.
 * @param english The English text.
 * @returns The markup.
 */
export function localText(key: string, english: string): SafeHtml {
  const { lang } = pageContext();
  if (lang === "en") return html`${english}`;
  const text = maybeMessage(lang, key);
  return text === undefined ? html`<span lang="en">${english}</span>` : textHtml(text);
}

/** The catalogue key part of a tag: `News editors` -> `news_editors`. */
function tagKey(tag: string): string {
  return tag.toLowerCase().replace(/[^a-z0-9]+/g, "_");
}

function opText(endpoint: DocsEndpoint, part: "summary" | "description"): SafeHtml {
  return localText(`op.${endpoint.operationId}.${part}`, endpoint[part]);
}

/**
 * The catalogue key of a parameter's description: the tool forms' `param.<operation>.<name>`, or
 * for the parameters only the reference shows (the server's own paths, `If-None-Match` headers)
 * `page.docs.param.<operation>.<name>`.
 */
function paramKey(endpoint: DocsEndpoint, param: ParameterObject): string {
  const key = `param.${endpoint.operationId}.${param.name}`;
  return maybeMessage("en", key) === undefined ? `page.docs.${key}` : key;
}

function paramText(endpoint: DocsEndpoint, param: ParameterObject): SafeHtml {
  return localText(paramKey(endpoint, param), param.description ?? "");
}

/**
 * The parameters of a "try it" form: in Sinhala and Tamil, one the tool forms' catalogue does not
 * describe carries the reference's own description (`page.docs.param.*`) as its hint.
 */
function formParams(endpoint: DocsEndpoint): ParameterObject[] {
  const { lang } = pageContext();
  return formable(endpoint).map((param) => {
    const key = paramKey(endpoint, param);
    const text = lang === "en" || !key.startsWith("page.") ? undefined : maybeMessage(lang, key);
    return text === undefined ? param : { ...param, description: text };
  });
}

const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "any"]);

function schemaText(schema: JsonObject): SafeHtml | string {
  const { lang } = pageContext();
  const type = String(schema.type ?? "any");
  if (lang === "en") {
    const parts: string[] = [type];
    if (schema.format) parts.push(`(${schema.format})`);
    if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(", ")}`);
    if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
    if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
    if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
    if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
    return parts.join(" ");
  }
  const parts: SafeHtml[] = [
    TYPES.has(type) ? html`${t(`page.docs.type.${type}`)}` : html`<code>${type}</code>`,
  ];
  if (schema.format) {
    const format = String(schema.format);
    const named = maybeMessage(lang, `page.docs.format.${format}`);
    parts.push(named ? html`(${named})` : html`(<code>${format}</code>)`);
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map((v, i) => html`${i ? ", " : ""}<code>${String(v)}</code>`);
    parts.push(tHtml("page.docs.one_of", { values }));
  }
  if (schema.minimum !== undefined) parts.push(html`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(html`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(html`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) {
    parts.push(html`${t("page.docs.max_length", { count: Number(schema.maxLength) })}`);
  }
  return html`${parts.map((part, i) => html`${i ? " " : ""}${part}`)}`;
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
    formFields(formParams(endpoint), {
      values,
      errors: {},
      idPrefix: `${endpoint.operationId}-`,
      operation: endpoint.operationId,
    })
  }
  <div><button type="submit">${
    pageContext().lang === "en"
      ? `Try it: ${endpoint.method} ${endpoint.path}`
      : tHtml("page.docs.try_button", {
        request: html`<code>${endpoint.method} ${endpoint.path}</code>`,
      })
  }</button></div>
</form>`;
}

function endpointSection(endpoint: DocsEndpoint): SafeHtml {
  const id = `op-${endpoint.operationId}`;
  return html`
    <section class="endpoint" id="${id}" aria-labelledby="${id}-title"
      data-method="${endpoint.method}" data-path="${endpoint.path}">
      <h3 id="${id}-title"><code>${endpoint.method} ${endpoint.path}</code> ${opText(
        endpoint,
        "summary",
      )}</h3>
      ${endpoint.description ? html`<p>${opText(endpoint, "description")}</p>` : ""}
      ${endpoint.keyOnly ? html`<p><strong>${t("page.docs.key_only")}</strong></p>` : ""}
      ${endpoint.parameters.length
        ? html`
          <section class="table-wrap" tabindex="0" aria-labelledby="${id}-params ${id}-title">
            <table>
              <caption class="visually-hidden" id="${id}-params">${t(
                "page.docs.col.parameter",
              )}</caption>
              <thead>
                <tr>
                  <th scope="col">${t("page.docs.col.parameter")}</th>
                  <th scope="col">${t("page.docs.col.in")}</th>
                  <th scope="col">${t("page.docs.col.required")}</th>
                  <th scope="col">${t("page.docs.col.type")}</th>
                  <th scope="col">${t("page.docs.col.description")}</th>
                </tr>
              </thead>
              <tbody>${endpoint.parameters.map((p) =>
                html`
                  <tr>
                    <td><code>${p.name}</code></td>
                    <td>${localText(`page.docs.in.${p.in}`, p.in)}</td>
                    <td>${t(p.required ? "page.docs.yes" : "page.docs.no")}</td>
                    <td>${schemaText(p.schema ?? {})}</td>
                    <td>${paramText(endpoint, p)}</td>
                  </tr>
                `
              )}</tbody>
            </table>
          </section>
        `
        : html`<p class="muted">${t("page.docs.no_params")}</p>`}
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
    <h1>${t("page.docs.title")}</h1>
    <p>${localText("page.docs.info", String(info.description ?? ""))}</p>
    <p>${tHtml("page.docs.intro", {
      openapi: html`<a href="/api/v1/openapi.json">${tHtml("page.docs.openapi_link")}</a>`,
      ok: html`<code>{ "ok": true, "data": …, "meta": … }</code>`,
      error: html`<code>{ "ok": false, "error", "code" }</code>`,
      bearer: html`<code>Authorization: Bearer …</code>`,
      header: html`<code>x-api-key</code>`,
    })}</p>
    <nav aria-label="${t("page.docs.nav.topics")}">
      <p>${t("page.docs.topics")} <a href="/docs/guide">${t("page.docs.all_topics")}</a>${topics
        .map((
          topic,
        ) =>
          html`
            · <a href="/docs/guide/${topic}">${localText(
              `page.docs.topic.${topic}.title`,
              topic,
            )}</a>
          `
        )}</p>
    </nav>
    <nav aria-label="${t("page.docs.nav.endpoints")}">
      <ul class="toc">${endpoints.map((e) =>
        html`<li><a href="#op-${e.operationId}"><code>${e.method} ${e.path}</code></a></li>`
      )}</ul>
    </nav>
    ${tags.map((tag, i) =>
      html`
        <section
          aria-labelledby="tag-${i}"><h2 id="tag-${i}">${localText(
            `page.docs.tag.${tagKey(tag)}`,
            tag,
          )}</h2>${endpoints.filter((e) => e.tag === tag).map(endpointSection)}</section>
      `
    )}
  `;
  return layout({
    title: t("page.docs.title"),
    description: t("page.docs.description"),
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
  const request = html`<code>${endpoint.method} ${endpoint.path}</code>`;
  const body = html`
    <p><a href="/docs#op-${endpoint.operationId}">← ${t("page.docs.title")}</a></p>
    <h1>${tHtml("page.docs.try_heading", { request })}</h1>
    <p>${opText(endpoint, "summary")}</p>
    ${tryForm(endpoint, Object.fromEntries(submittedPairs(search)))}
    <section class="result" aria-labelledby="answer-title">
      <h2 id="answer-title">${t("page.docs.answer")}</h2>
      <p>${tHtml("page.docs.request", {
        request: html`<a href="${url}"><code>${endpoint.method} ${url}</code></a>`,
      })}</p>
      <p>${tHtml("page.docs.status", {
        status: html`<strong data-field="status">${answer.status}</strong>`,
        type: html`<code>${answer.contentType}</code>`,
      })}</p>
      <pre><code data-field="body">${cut ? shown.slice(0, MAX_SHOWN) : shown}</code></pre>
      ${cut ? html`<p class="muted">${t("page.docs.cut", { count: MAX_SHOWN })}</p>` : ""}
    </section>
  `;
  return layout({ title: t("page.docs.try_title", { operation: endpoint.operationId }), body });
}
