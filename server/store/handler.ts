/**
 * `GET /api/v1/store`: the server-side answer of the `store` operation.
 *
 * @module
 */
import type { Handler } from "hono";
import { ApiError } from "../../core/errors.ts";
import { parseParams } from "../../core/execute.ts";
import { store, type StoreParams } from "../../core/ops/store.ts";
import { okResponse } from "../http/envelope.ts";
import { withAcceptLanguage } from "../http/routes.ts";
import type { AppEnv } from "../http/types.ts";
import type { StoreCatalogue } from "./catalogue.ts";

/**
 * Reads and checks the store's query parameters: the generic strict parsing of the operation's
 * schema, then `slug` alone (it returns one product, so list parameters make no sense with it;
 * only `lang` may come with it).
 *
 * @param entries Raw `[name, value]` pairs.
 * @returns The parameters.
 * @throws {ApiError} 400 for anything malformed.
 */
export function readStoreParams(entries: Iterable<readonly [string, string]>): StoreParams {
  const pairs = [...entries];
  const params = parseParams(store, pairs) as StoreParams;
  if (params.slug !== undefined) {
    if (params.slug === "") throw ApiError.invalidParam("slug", 'Parameter "slug" is empty');
    const others = pairs.map(([name]) => name).filter((name) => name !== "slug" && name !== "lang");
    if (others.length) {
      throw ApiError.invalidParam(
        others[0]!,
        `Parameter "${others[0]}" cannot be combined with "slug": slug returns one product`,
      );
    }
  }
  return params;
}

/**
 * The handler: one product for `slug`, else a filtered page with facets, in the language `lang`
 * asks for, or when it is absent the one `Accept-Language` prefers (the answer then says
 * `Vary: Accept-Language`), as for every operation that takes `lang`.
 *
 * @param catalogue The catalogue.
 * @param baseUrl Public base URL, for `meta`.
 * @returns The Hono handler.
 */
export function storeHandler(catalogue: StoreCatalogue, baseUrl: string): Handler<AppEnv> {
  return (c) => {
    const entries: [string, string][] = [...new URL(c.req.url).searchParams];
    const vary = withAcceptLanguage(c.req.raw, entries);
    const params = readStoreParams(entries);
    const data = params.slug !== undefined
      ? catalogue.get(params.slug, params.lang)
      : catalogue.list(params);
    const response = okResponse(c, store, data, baseUrl);
    if (vary) {
      for (const [name, value] of Object.entries(vary)) {
        response.headers.set(name, value);
      }
    }
    return response;
  };
}
