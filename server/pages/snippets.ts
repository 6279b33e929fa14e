/**
 * The `curl` and SDK snippets a tool page shows for the request on screen.
 *
 * @module
 */
import type { ParameterObject } from "../../core/openapi.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { ruleSourceOf } from "../../core/rules/operation.ts";
import { isFlag } from "./form.ts";

/**
 * SDK method names by operation name, where the method is not simply the camelCased operation
 * name (the one place the two namings meet).
 */
const SDK_METHODS: Readonly<Record<string, string>> = {
  land: "convertLand",
  "working-days-add": "addWorkingDays",
};

/** Query parameters a method takes as leading positional arguments, in order (beside the path's). */
const SDK_POSITIONAL: Readonly<Record<string, readonly string[]>> = {
  "working-days-add": ["from", "days"],
};

/**
 * The SDK method of an operation: `land` -> `convertLand`, `working-days` -> `workingDays`,
 * `z-score` -> `zScore`, otherwise the name itself.
 *
 * @param name The operation name.
 * @returns The method name on the client `createClient()` returns.
 */
export function sdkMethod(name: string): string {
  return SDK_METHODS[name] ?? name.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());
}

/**
 * The API URL of a request: path parameters substituted, the others as the query.
 *
 * @param op The operation.
 * @param pairs Parameter pairs.
 * @param baseUrl Public base URL.
 * @returns The absolute URL.
 */
export function apiUrl(
  op: AnyOperation,
  pairs: readonly [string, string][],
  baseUrl: string,
): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const [name, value] of pairs) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(value));
    else query.append(name, value);
  }
  const search = query.toString();
  return `${baseUrl}/api/v1${path}${search ? `?${search}` : ""}`;
}

/**
 * The `curl` command for a request.
 *
 * @param url The API URL.
 * @returns One shell line, the URL single-quoted.
 */
export function curlSnippet(url: string): string {
  return `curl '${url.replace(/'/g, "'\\''")}'`;
}

/**
 * The `curl` command for a request with a JSON body (`POST`).
 *
 * @param url The API URL.
 * @param body The JSON body.
 * @returns Two shell lines, the URL and the body single-quoted.
 */
export function curlBodySnippet(url: string, body: unknown): string {
  const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
  return [
    `curl -X POST ${quoted(url)} \\`,
    `  -H 'Content-Type: application/json' -d ${quoted(JSON.stringify(body))}`,
  ].join("\n");
}

/**
 * The SDK call for an operation that takes a JSON body: `call()` with the operation's name, which
 * the client types from its operation map.
 *
 * @param op The operation.
 * @param body The JSON body.
 * @returns A short TypeScript program.
 */
export function sdkBodySnippet(op: AnyOperation, body: Readonly<Record<string, unknown>>): string {
  const fields = Object.entries(body).map(([name, value]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return `${key}: ${JSON.stringify(value)}`;
  });
  return [
    `import { createClient } from "@lanka/api";`,
    ``,
    `const lanka = createClient();`,
    `const result = await lanka.call(${JSON.stringify(op.name)}, { ${fields.join(", ")} });`,
  ].join("\n");
}

function literal(param: ParameterObject | undefined, value: string): string {
  if (param && isFlag(param)) return String(value === "1" || value === "true");
  const type = param?.schema.type;
  if ((type === "number" || type === "integer") && /^-?\d+(\.\d+)?$/.test(value)) {
    return String(Number(value));
  }
  return JSON.stringify(value);
}

/**
 * The SDK call for a request, with numbers and flags typed.
 *
 * @param op The operation.
 * @param params Its parameter objects.
 * @param pairs Parameter pairs.
 * @returns A short TypeScript program.
 */
export function sdkSnippet(
  op: AnyOperation,
  params: readonly ParameterObject[],
  pairs: readonly [string, string][],
): string {
  // Path parameters are the methods' positional arguments (`nic("913014146V")`).
  const leading = SDK_POSITIONAL[op.name] ?? [];
  const inPath = (name: string) => op.path.includes(`{${name}}`) || leading.includes(name);
  const positional = [
    ...pairs.filter(([name]) => op.path.includes(`{${name}}`)),
    ...leading.flatMap((name) => pairs.filter(([n]) => n === name)),
  ].map(([name, value]) => literal(params.find((p) => p.name === name), value));
  const fields = pairs.filter(([name]) => !inPath(name)).map(([name, value]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return `${key}: ${literal(params.find((p) => p.name === name), value)}`;
  });
  const args = [...positional, ...(fields.length ? [`{ ${fields.join(", ")} }`] : [])];
  // A rule has no method of its own: `call` takes its name, typed by it (docs/rules.md).
  const call = ruleSourceOf(op)
    ? `call(${[JSON.stringify(op.name), ...args].join(", ")})`
    : `${sdkMethod(op.name)}(${args.join(", ")})`;
  return [
    `import { createClient } from "@lanka/api";`,
    ``,
    `const lanka = createClient();`,
    `const result = await lanka.${call};`,
  ].join("\n");
}
