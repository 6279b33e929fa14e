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
import type { AppEnv } from "../http/types.ts";
import type { StoreCatalogue } from "./catalogue.ts";

/**
 * Reads and checks the store's query parameters: the generic strict parsing of the operation's
 * schema, then `slug` alone (it returns one product, so list parameters make no sense with it).
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
    const others = pairs.map(([name]) => name).filter((name) => name !== "slug");
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
 * The handler: one product for `slug`, else a filtered page with facets.
 *
 * @param catalogue The catalogue.
 * @param baseUrl Public base URL, for `meta`.
 * @returns The Hono handler.
 */
export function storeHandler(catalogue: StoreCatalogue, baseUrl: string): Handler<AppEnv> {
  return (c) => {
    const params = readStoreParams(new URL(c.req.url).searchParams);
    const data = params.slug !== undefined ? catalogue.get(params.slug) : catalogue.list(params);
    return okResponse(c, store, data, baseUrl);
  };
}
