/** Fakes shared by the SDK tests: a server-only operation and a scripted fetch. */
import * as z from "zod/mini";
import { defineRemoteOperation } from "../../core/operation.ts";
import type { FetchLike } from "../../mod.ts";

/** A server-only read like news, defined here so the test does not depend on the news issue. */
export const feedOp = defineRemoteOperation({
  name: "feed",
  method: "GET",
  path: "/feed",
  title: "Feed",
  description: "A test feed.",
  tag: "Test",
  params: z.object({ q: z.optional(z.string()) }),
  result: z.object({ items: z.array(z.string()) }),
  example: "/api/v1/feed",
});

/** A server-only read with a path parameter of two or more letters. */
export const itemOp = defineRemoteOperation({
  name: "item",
  method: "GET",
  path: "/items/{id}",
  title: "Item",
  description: "A test item.",
  tag: "Test",
  params: z.object({ id: z.string().check(z.regex(/^[a-z][a-z /]+$/)) }),
  result: z.unknown(),
  example: "/api/v1/items/ab",
});

/** Records the requests a client sends and answers each from a list. */
export function scriptedFetch(answers: (() => Response | Promise<Response>)[]) {
  const requests: Request[] = [];
  const fetch: FetchLike = (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    return Promise.resolve(answer!());
  };
  return { fetch, requests };
}

/** A JSON response. */
export function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
