/**
 * The OpenAPI path items the server adds beyond the registry: the service index, the document
 * itself and the news feeds. Public: no key and no quota (`security: []`).
 *
 * @module
 */
import {
  COMMON_ERRORS,
  ENUM_RULE,
  errorResponse,
  type JsonObject,
  STANDARD_HEADERS,
} from "../../core/openapi.ts";

const common = {
  "400": COMMON_ERRORS["400"],
  "401": COMMON_ERRORS["401"],
  "414": COMMON_ERRORS["414"],
  "500": COMMON_ERRORS["500"],
};

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const etag = { ETag: { $ref: "#/components/headers/ETag" } };

/** The component schemas of the server's own path items: the service index and JSON Feed 1.1. */
export const SERVER_SCHEMAS: Record<string, JsonObject> = {
  ServiceIndex: {
    type: "object",
    required: ["name", "version", "baseUrl", "docs", "openapi", "auth", "endpoints"],
    properties: {
      name: { type: "string", description: "The service's name" },
      version: { const: "v1", description: "The API version these paths belong to" },
      baseUrl: { type: "string", format: "uri", description: "Where every path below starts" },
      docs: { type: "string", format: "uri", description: "The interactive reference (HTML)" },
      openapi: { type: "string", format: "uri", description: "This OpenAPI document" },
      auth: { type: "string", description: "How to send an API key, and where to get one" },
      endpoints: {
        type: "array",
        description: "Every operation, in the order of the registry",
        items: {
          type: "object",
          required: ["name", "method", "path", "title", "keyOnly", "auth", "example"],
          properties: {
            name: { type: "string", description: "Operation name (meta.endpoint, operationId)" },
            method: { type: "string", enum: ["GET", "POST", "DELETE"] },
            path: { type: "string", description: "Path template, with {parameters}" },
            title: { type: "string" },
            keyOnly: { type: "boolean", description: "True only when an API key is required" },
            auth: {
              type: "string",
              enum: ["none", "key_optional", "key", "session"],
              description:
                "none: open; key_optional: anonymous or keyed; key: a key is required; session: the account API's cookie",
            },
            example: { type: "string", format: "uri", description: "A request that works" },
            languages: {
              type: "array",
              items: { type: "string" },
              description: "The language codes it accepts (voice only)",
            },
          },
        },
      },
    },
  },
  JsonFeed: {
    type: "object",
    description: "A JSON Feed 1.1 document (https://www.jsonfeed.org/version/1.1/)",
    required: ["version", "title", "items"],
    properties: {
      version: { const: "https://jsonfeed.org/version/1.1" },
      title: { type: "string" },
      home_page_url: { type: "string", format: "uri" },
      feed_url: { type: "string", format: "uri" },
      description: { type: "string" },
      language: { type: "string" },
      items: {
        type: "array",
        items: {
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "string" },
            url: { type: "string", format: "uri" },
            title: { type: "string", description: "Plain text" },
            summary: { type: "string", description: "Plain text" },
            content_html: { type: "string", description: "The sanitised body and its sources" },
            date_published: { type: "string", format: "date-time" },
            date_modified: { type: "string", format: "date-time" },
            authors: {
              type: "array",
              items: { type: "object", properties: { name: { type: "string" } } },
            },
            tags: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
  },
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
            headers: STANDARD_HEADERS,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["ok", "data", "meta"],
                  properties: {
                    ok: { const: true },
                    data: schemaRef("ServiceIndex"),
                    meta: schemaRef("Meta"),
                  },
                },
              },
            },
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
            headers: STANDARD_HEADERS,
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
            headers: { ...STANDARD_HEADERS, ...etag },
            content: {
              [mediaType]: {
                schema: file === "feed.json" ? schemaRef("JsonFeed") : { type: "string" },
              },
            },
          },
          "304": {
            description: "Not modified: If-None-Match matches",
            headers: { ...STANDARD_HEADERS, ...etag },
          },
          ...common,
          "400": errorResponse("An unknown parameter, a repeated or unknown category"),
        },
      },
    };
  }
  return paths;
}
