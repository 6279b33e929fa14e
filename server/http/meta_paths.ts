/**
 * The OpenAPI path items the server adds beyond the registry: the service index, the document
 * itself and the news feeds. Public: no key and no quota (`security: []`).
 *
 * @module
 */
import { COMMON_ERRORS, ENUM_RULE, type JsonObject } from "../../core/openapi.ts";

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const common = {
  "401": COMMON_ERRORS["401"],
  "414": COMMON_ERRORS["414"],
  "500": COMMON_ERRORS["500"],
};

const FEEDS = [
  ["feed.xml", "newsFeedRss", "RSS 2.0", "application/rss+xml"],
  ["feed.atom", "newsFeedAtom", "Atom 1.0", "application/atom+xml"],
  ["feed.json", "newsFeedJson", "JSON Feed 1.1", "application/feed+json"],
] as const;

/**
 * The server's own path items for the OpenAPI document.
 *
 * @param categories The news categories (the feeds' `category` filter).
 * @returns Path items by path.
 */
export function serverPaths(categories: readonly string[]): Record<string, JsonObject> {
  const paths: Record<string, JsonObject> = {
    "/api/v1": {
      get: {
        operationId: "serviceIndex",
        summary: "Service index",
        description:
          "Every endpoint with its method, path, title, keyOnly, auth (none, key_optional, key or session) and an example. Not counted against the daily limit.",
        tags: ["Meta"],
        security: [],
        responses: {
          "200": {
            description: "The list of endpoints, in the envelope",
            content: { "application/json": { schema: { type: "object" } } },
          },
          ...common,
        },
      },
    },
    "/api/v1/openapi.json": {
      get: {
        operationId: "openapi",
        summary: "This OpenAPI document",
        tags: ["Meta"],
        security: [],
        responses: {
          "200": {
            description: "OpenAPI 3.1 document",
            content: { "application/json": { schema: { type: "object" } } },
          },
          ...common,
        },
      },
    },
  };
  for (const [file, operationId, format, mediaType] of FEEDS) {
    paths[`/api/v1/news/${file}`] = {
      get: {
        operationId,
        summary: `News feed (${format})`,
        description:
          `The 50 latest published posts as a ${format} document (not the JSON envelope; errors are). Cached for 5 minutes; sends an ETag.`,
        tags: ["News"],
        security: [],
        parameters: [
          {
            name: "category",
            in: "query",
            required: false,
            description: `Only posts of this category. ${ENUM_RULE}`,
            schema: { type: "string", enum: [...categories] },
            example: categories[0],
          },
          {
            name: "If-None-Match",
            in: "header",
            required: false,
            description: "An ETag from an earlier response: 304 Not Modified when still current",
            schema: { type: "string" },
            example: '"3f2a"',
          },
        ],
        responses: {
          "200": {
            description: `The feed (${format})`,
            headers: {
              ETag: { description: "Entity tag of this feed", schema: { type: "string" } },
            },
            content: { [mediaType]: { schema: { type: "string" } } },
          },
          "304": { description: "Not modified: If-None-Match matches" },
          "400": error("An unknown parameter, a repeated or unknown category"),
          ...common,
        },
      },
    };
  }
  return paths;
}
