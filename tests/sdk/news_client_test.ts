import assert from "node:assert/strict";
import { createClient, type NewsList, type NewsPost } from "../../mod.ts";
import { ApiError } from "../../sdk/errors.ts";
import { testApp } from "../_helpers/app.ts";

Deno.test("client.news.list() and news.get() read the server's posts, typed", async () => {
  await using server = await testApp();
  const urls: string[] = [];
  const client = createClient({
    baseUrl: "http://lanka.test",
    retries: 0,
    fetch: async (input, init) => {
      const url = new URL(new Request(input, init).url);
      urls.push(url.pathname + url.search);
      return await server.request(url.pathname + url.search);
    },
  });
  const list: NewsList = await client.news.list({ q: "vesak", limit: 1 });
  assert.equal(list.total, 2);
  assert.equal(list.posts.length, 1);
  assert.equal(urls[0], "/api/v1/news?q=vesak&limit=1");
  const post: NewsPost = await client.news.get(list.posts[0]!.slug);
  assert.equal(post.slug, list.posts[0]!.slug);
  assert.ok(post.sources.length >= 2);
  const all = await client.news.list();
  assert.equal(all.limit, 20);
  const missing = await client.news.get("no-such-post").then(() => undefined, (e) => e);
  assert.ok(missing instanceof ApiError);
  assert.equal(missing.status, 404);
  assert.equal(missing.code, "not_found");
  const local = createClient({ mode: "local" });
  await assert.rejects(() => local.news.list(), /answered by the server only/);
});
