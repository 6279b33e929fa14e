import assert from "node:assert/strict";
import Parser from "rss-parser";
import { fixedClock, json, testApp } from "../_helpers/app.ts";
import { jsonInit, type Requester, signUp } from "../_helpers/accounts.ts";
import { draft, makeEditor, withKey } from "../_helpers/news.ts";
import { form } from "../_helpers/accounts.ts";
import { NEWS_SEED } from "../../server/news/seed.ts";
import { htmlProblems } from "../_helpers/pages.ts";
import { NewsStore } from "../../server/news/store.ts";

const parser = new Parser();

/** Slugs of the posts a public list answers. */
async function listed(request: Requester, query = ""): Promise<string[]> {
  const res = await request(`/api/v1/news?limit=100${query}`);
  assert.equal(res.status, 200);
  return (await json(res)).data.posts.map((p: { slug: string }) => p.slug);
}

Deno.test("the whole workflow: draft by key, submit, approval by a second editor's session, then list, post, page and feeds", async () => {
  await using t = await testApp();
  const author = await makeEditor(t, "author@example.com", "Nimal Perera");
  const reviewer = await makeEditor(t, "reviewer@example.com", "Kamala Devi");

  const created = await t.request("/api/v1/news/drafts", withKey("POST", author.key, draft()));
  assert.equal(created.status, 201, await created.clone().text());
  const body = await json(created);
  assert.equal(body.data.slug, "colombo-port-city-opens-a-new-terminal");
  assert.equal(body.data.status, "draft");
  assert.equal(body.data.author, "Nimal Perera");
  assert.equal(body.data.sourceCount, 2);
  const slug = body.data.slug;

  // A draft is invisible publicly: list, slug, page, feed.
  assert.ok(!(await listed(t.request)).includes(slug));
  assert.equal((await t.request(`/api/v1/news?slug=${slug}`)).status, 404);
  assert.equal((await t.request(`/news/${slug}`)).status, 404);

  const edited = await t.request(
    `/api/v1/news/drafts/${slug}`,
    withKey("POST", author.key, { excerpt: "A better excerpt." }),
  );
  assert.equal(edited.status, 200);
  assert.equal((await json(edited)).data.excerpt, "A better excerpt.");

  const submitted = await t.request(
    `/api/v1/news/drafts/${slug}/submit`,
    withKey("POST", author.key),
  );
  assert.equal(submitted.status, 200);
  assert.equal((await json(submitted)).data.status, "in_review");
  assert.ok(!(await listed(t.request)).includes(slug), "in review is not public");

  // Self-approval is refused, even from the author's own session.
  const self = await t.request(`/editor/posts/${slug}/approve`, form({}, author.cookie));
  assert.equal(self.status, 403);
  assert.match(await self.text(), /another editor must approve it/);

  // Approval with a key is refused, even the reviewer's key alongside their session cookie.
  const byKey = await t.request(`/editor/posts/${slug}/approve`, {
    ...form({}, reviewer.cookie),
    headers: {
      ...(form({}, reviewer.cookie).headers as Record<string, string>),
      "x-api-key": reviewer.key,
    },
  });
  assert.equal(byKey.status, 403);
  assert.match(await byKey.text(), /API keys cannot be used here/);
  assert.ok(!(await listed(t.request)).includes(slug));

  // A form post from another site is refused.
  const crossSite = await t.request(
    `/editor/posts/${slug}/approve`,
    form({}, reviewer.cookie, { Origin: "https://evil.example" }),
  );
  assert.equal(crossSite.status, 403);

  const approved = await t.request(`/editor/posts/${slug}/approve`, form({}, reviewer.cookie));
  assert.equal(approved.status, 200);
  assert.match(await approved.text(), /Approved and published/);

  const list = await json(await t.request("/api/v1/news?q=terminal"));
  assert.equal(list.data.total, 1);
  assert.deepEqual(list.data.posts[0], {
    slug,
    title: "Colombo port city opens a new terminal",
    excerpt: "A better excerpt.",
    category: "Business",
    publishedAt: "2026-06-15T10:00:00.000Z",
    readingMinutes: 1,
    sourceCount: 2,
    url: `http://lanka.test/news/${slug}`,
  });
  assert.equal(list.data.feed, "http://lanka.test/api/v1/news/feed.xml");

  const post = await json(await t.request(`/api/v1/news?slug=${slug}`));
  assert.equal(post.data.approvedBy, "Kamala Devi");
  assert.equal(post.data.approvedAt, "2026-06-15T10:00:00.000Z");
  assert.equal(post.data.author, "Nimal Perera");
  assert.equal(post.data.status, "published");
  assert.equal(post.data.seed, false);
  assert.deepEqual(post.data.sources, ["https://www.example.lk/a", "https://news.example.org/b"]);
  assert.equal(post.data.bodyHtml, "<p>The body of the post, in <strong>Markdown</strong>.</p>");

  const page = await (await t.request(`/news/${slug}`)).text();
  assert.match(page, /Approved by Kamala Devi on 2026-06-15/);
  assert.match(page, /<a href="https:\/\/news\.example\.org\/b"/);

  const rss = await parser.parseString(await (await t.request("/api/v1/news/feed.xml")).text());
  assert.ok(rss.items.some((item) => item.link === `http://lanka.test/news/${slug}`));
  const atom = await parser.parseString(await (await t.request("/api/v1/news/feed.atom")).text());
  assert.ok(atom.items.some((item) => item.link === `http://lanka.test/news/${slug}`));
  const jsonFeed = await json(await t.request("/api/v1/news/feed.json"));
  assert.ok(jsonFeed.items.some((item: { url: string }) => item.url === post.data.url));

  // Published posts cannot be edited or approved again.
  const late = await t.request(`/api/v1/news/drafts/${slug}`, withKey("POST", author.key, {}));
  assert.equal(late.status, 409);
  const again = await t.request(`/editor/posts/${slug}/approve`, form({}, reviewer.cookie));
  assert.equal(again.status, 409);

  // Every transition is in the audit trail in KV.
  const store = new NewsStore(t.kv, { categories: [], baseUrl: "" });
  const trail = await store.auditTrail(slug);
  assert.deepEqual(
    trail.map((e) => [e.action, e.from, e.to, e.actor, e.via]),
    [
      ["create", null, "draft", "Nimal Perera", "key"],
      ["edit", "draft", "draft", "Nimal Perera", "key"],
      ["submit", "draft", "in_review", "Nimal Perera", "key"],
      ["approve", "in_review", "published", "Kamala Devi", "session"],
    ],
  );
});

Deno.test("a rejected post never appears, goes back to its author with the note, and can be resubmitted", async () => {
  await using t = await testApp();
  const author = await makeEditor(t, "a@example.com", "Author");
  const reviewer = await makeEditor(t, "r@example.com", "Reviewer");
  const slug = "rejected-story";
  await t.request("/api/v1/news/drafts", jsonInit("POST", draft({ slug }), author.cookie));
  const submit = await t.request(`/editor/posts/${slug}/submit`, form({}, author.cookie));
  assert.equal(submit.status, 200);
  const rejected = await t.request(
    `/editor/posts/${slug}/reject`,
    form({ note: "Needs an official source" }, reviewer.cookie),
  );
  assert.equal(rejected.status, 200);
  assert.ok(!(await listed(t.request)).includes(slug));
  assert.equal((await t.request(`/api/v1/news?slug=${slug}`)).status, 404);
  const feed = await (await t.request("/api/v1/news/feed.xml")).text();
  assert.doesNotMatch(feed, /rejected-story/);

  const editorPage = await (await t.request(`/editor/posts/${slug}`, {
    headers: { Cookie: author.cookie },
  })).text();
  assert.match(editorPage, /Rejected: “Needs an official source”/);
  const fixed = await t.request(
    `/api/v1/news/drafts/${slug}`,
    withKey("POST", author.key, { excerpt: "Fixed." }),
  );
  assert.equal((await json(fixed)).data.status, "draft");
  const resubmit = await t.request(
    `/api/v1/news/drafts/${slug}/submit`,
    withKey("POST", author.key),
  );
  assert.equal((await json(resubmit)).data.status, "in_review");
});

Deno.test("a post with fewer than two independent sources cannot be submitted", async () => {
  await using t = await testApp();
  const author = await makeEditor(t, "a@example.com", "Author");
  const cases: [string, string[]][] = [
    ["no-sources", []],
    ["one-source", ["https://ird.gov.lk/a"]],
    ["same-host-twice", ["https://www.ird.gov.lk/a", "https://ird.gov.lk/b"]],
  ];
  for (const [slug, sources] of cases) {
    const created = await t.request(
      "/api/v1/news/drafts",
      withKey("POST", author.key, draft({ slug, sources })),
    );
    assert.equal(created.status, 201);
    const res = await t.request(`/api/v1/news/drafts/${slug}/submit`, withKey("POST", author.key));
    assert.equal(res.status, 400, slug);
    const body = await json(res);
    assert.equal(body.code, "invalid_param");
    assert.match(body.error, /at least 2 independent sources/);
  }
  const bad = await t.request(
    "/api/v1/news/drafts",
    withKey("POST", author.key, draft({ slug: "ftp", sources: ["ftp://a.lk/x", "https://b.lk"] })),
  );
  assert.equal(bad.status, 400);
  assert.match((await json(bad)).error, /must hold http\(s\) URLs/);
});

Deno.test("the draft API refuses strangers, non-editors and other editors' posts", async () => {
  await using t = await testApp();
  const author = await makeEditor(t, "a@example.com", "Author");
  const other = await makeEditor(t, "o@example.com", "Other");
  assert.equal((await t.request("/api/v1/news/drafts", jsonInit("POST", draft()))).status, 401);
  const plain = await signUp(t.request, "plain@example.com", "long enough password");
  const notEditor = await t.request("/api/v1/news/drafts", jsonInit("POST", draft(), plain));
  assert.equal(notEditor.status, 403);
  assert.match((await json(notEditor)).error, /not a news editor/);
  await t.request("/api/v1/news/drafts", withKey("POST", author.key, draft({ slug: "mine" })));
  const steal = await t.request("/api/v1/news/drafts/mine", withKey("POST", other.key, {}));
  assert.equal(steal.status, 403);
  const dup = await t.request(
    "/api/v1/news/drafts",
    withKey("POST", other.key, draft({ slug: "mine" })),
  );
  assert.equal(dup.status, 409);
  const crossSite = await t.request("/api/v1/news/drafts", {
    ...jsonInit("POST", draft({ slug: "x" }), author.cookie),
    headers: {
      "Content-Type": "application/json",
      Cookie: author.cookie,
      Origin: "https://evil.example",
    },
  });
  assert.equal(crossSite.status, 403);
  const missing = await t.request(
    "/api/v1/news/drafts",
    withKey("POST", author.key, { title: "T" }),
  );
  assert.equal(missing.status, 400);
  assert.match((await json(missing)).error, /Field "excerpt" is required/);
});

Deno.test("HTML in Markdown is sanitised: no script, handler or javascript: URL reaches bodyHtml or a page", async () => {
  await using t = await testApp();
  const author = await makeEditor(t, "a@example.com", "Author");
  const reviewer = await makeEditor(t, "r@example.com", "Reviewer");
  const evil = [
    "Intro <script>alert('x')</script>",
    "",
    "<script>document.cookie</script>",
    "",
    '[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">two</a>',
    "",
    '<img src=x onerror="alert(3)"> <div onclick="alert(4)">div</div>',
    "",
    '<iframe src="https://evil.example"></iframe><style>body{}</style>',
  ].join("\n");
  await t.request(
    "/api/v1/news/drafts",
    withKey("POST", author.key, draft({ slug: "evil", body: evil })),
  );
  await t.request("/api/v1/news/drafts/evil/submit", withKey("POST", author.key));
  const preview = await (await t.request("/editor/posts/evil/preview", {
    headers: { Cookie: reviewer.cookie },
  })).text();
  await t.request("/editor/posts/evil/approve", form({}, reviewer.cookie));
  const post = (await json(await t.request("/api/v1/news?slug=evil"))).data;
  const page = await (await t.request("/news/evil")).text();
  const feed = await (await t.request("/api/v1/news/feed.xml")).text();
  for (
    const [where, text] of [["bodyHtml", post.bodyHtml], ["page", page], ["preview", preview], [
      "feed",
      feed,
    ]]
  ) {
    assert.doesNotMatch(text, /<script/i, where);
    assert.doesNotMatch(text, /javascript:/i, where);
    assert.doesNotMatch(text, /\bon(error|click)=/i, where);
    assert.doesNotMatch(text, /<iframe|<style/i, where);
  }
  assert.match(post.bodyHtml, /<p>Intro/);
  assert.match(post.bodyHtml, /<a rel="nofollow noopener noreferrer">click<\/a>/);
  assert.equal(post.body, evil, "the Markdown itself is kept as written");
});

Deno.test("search matches English, Sinhala and Tamil terms, ignoring case and accents", async () => {
  await using t = await testApp();
  // The seed posts carry Sinhala and Tamil keywords from the gazetted holiday names.
  const search = async (q: string) => await listed(t.request, `&q=${encodeURIComponent(q)}`);
  assert.deepEqual(await search("VESAK"), [
    "2027-public-holidays-gazetted",
    "vesak-2026-holiday-moved-to-31-may",
  ]);
  assert.deepEqual(await search("වෙසක්"), await search("vesak"), "Sinhala Vesak");
  assert.deepEqual(await search("வெசாக்"), await search("vesak"), "Tamil Vesak");
  assert.deepEqual(await search("ආදායම් බද්ද"), ["apit-relief-rs-150000-from-april-2025"]);
  assert.deepEqual(await search("வருமான வரி"), ["apit-relief-rs-150000-from-april-2025"]);
  assert.deepEqual(await search("வட்டி"), ["10-percent-withholding-tax-on-deposit-interest"]);
  // A vowel sign changes a Sinhala word: වසක (no signs) must not match වෙසක්.
  assert.deepEqual(await search("වසක"), []);
  assert.deepEqual(await search("Wïthhôlding TAX"), [
    "10-percent-withholding-tax-on-deposit-interest",
  ]);
  assert.deepEqual(await search("tax 2485"), [], "every term must match");
  assert.deepEqual(await search("nothing-like-this"), []);

  const author = await makeEditor(t, "a@example.com", "Author");
  const reviewer = await makeEditor(t, "r@example.com", "Reviewer");
  await t.request(
    "/api/v1/news/drafts",
    withKey(
      "POST",
      author.key,
      draft({ slug: "cafe", title: "Café culture in Kandy", keywords: ["ශ්‍රී ලංකාව"] }),
    ),
  );
  await t.request("/api/v1/news/drafts/cafe/submit", withKey("POST", author.key));
  await t.request("/editor/posts/cafe/approve", form({}, reviewer.cookie));
  assert.deepEqual(await search("CAFE"), ["cafe"]);
  // Sri Lanka typed with the zero-width joiner of the conjunct, and without it.
  assert.deepEqual(await search("ශ්‍රී"), ["cafe"]);
  assert.deepEqual(await search("ශ්රී"), ["cafe"]);
  const echo = await json(await t.request("/api/v1/news?q=Caf%C3%A9&category=business"));
  assert.equal(echo.data.query, "Café");
  assert.equal(echo.data.category, "Business");
  assert.equal(echo.data.total, 1);
});

Deno.test("paging: limit and offset walk the published posts newest first, with total", async () => {
  await using t = await testApp();
  const all = await listed(t.request);
  assert.equal(all.length, NEWS_SEED.posts.length);
  const dates = NEWS_SEED.posts.map((p) => [p.publishedAt, p.slug]).sort().reverse();
  assert.deepEqual(all, dates.map(([, slug]) => slug));
  const pages: string[] = [];
  for (let offset = 0; offset < all.length + 2; offset += 2) {
    const page = await json(await t.request(`/api/v1/news?limit=2&offset=${offset}`));
    assert.equal(page.data.total, all.length);
    assert.equal(page.data.limit, 2);
    assert.equal(page.data.offset, offset);
    pages.push(...page.data.posts.map((p: { slug: string }) => p.slug));
  }
  assert.deepEqual(pages, all);
  const first = await json(await t.request("/api/v1/news"));
  assert.equal(first.data.limit, 20);
  assert.equal(first.data.offset, 0);
  assert.equal(first.data.query, null);
  assert.equal(first.data.category, null);
  assert.ok(first.data.categories.includes("Economy"));
  const economy = await json(await t.request("/api/v1/news?category=Economy"));
  assert.equal(economy.data.total, 2);
});

Deno.test("an unknown slug is a 404 not_found, and slug cannot be combined with list parameters", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/news?slug=no-such-post");
  assert.equal(res.status, 404);
  const body = await json(res);
  assert.equal(body.code, "not_found");
  assert.match(body.error, /No published post with slug "no-such-post"/);
  const combined = await t.request("/api/v1/news?slug=a&limit=2");
  assert.equal(combined.status, 400);
  const category = await json(await t.request("/api/v1/news?category=Weather"));
  assert.match(category.error, /must be one of Economy, Politics, Government/);
});

Deno.test("seed posts are loaded once into an empty KV, sourced and marked as seed content", async () => {
  await using t = await testApp();
  for (const seed of NEWS_SEED.posts) {
    const post = (await json(await t.request(`/api/v1/news?slug=${seed.slug}`))).data;
    assert.equal(post.seed, true);
    assert.match(post.approvedBy, /seed process/);
    assert.ok(post.sourceCount >= 2, `${seed.slug} has two independent sources`);
  }
  // Deleting a seed post does not bring it back on the next start.
  await t.kv.delete(["news", "posts", NEWS_SEED.posts[0]!.slug]);
  const again = new NewsStore(t.kv, { categories: ["Economy"], baseUrl: "", seed: NEWS_SEED });
  await again.ready();
  assert.equal(await again.post(NEWS_SEED.posts[0]!.slug), null);
  assert.equal(again.list({ limit: 100, offset: 0 }).total, NEWS_SEED.posts.length - 1);
});

Deno.test("another instance's writes reach this instance's index within the refresh interval", async () => {
  await using t = await testApp();
  await t.request("/api/v1/news"); // the app has seeded the KV
  const clock = fixedClock();
  const other = new NewsStore(t.kv, { clock, categories: ["Economy"], baseUrl: "" });
  const mine = new NewsStore(t.kv, { clock, categories: ["Economy"], baseUrl: "" });
  await mine.ready();
  const before = mine.list({ limit: 100, offset: 0 }).total;
  const author = { accountId: "acc_a", name: "A", via: "key" as const };
  const reviewer = { accountId: "acc_b", name: "B", via: "session" as const };
  await other.ready();
  await other.createDraft(author, { ...draft({ slug: "remote", category: "Economy" }) });
  await other.submit(author, "remote");
  await other.approve(reviewer, "remote");
  await mine.refresh();
  assert.equal(mine.list({ limit: 100, offset: 0 }).total, before, "not yet looked");
  clock.set(clock.now() + 5_000);
  await mine.refresh();
  assert.equal(mine.list({ limit: 100, offset: 0 }).total, before + 1);
});

Deno.test("the feeds parse as RSS 2.0 and Atom, filter by category, and answer 304 to a matching ETag", async () => {
  await using t = await testApp();
  const rssRes = await t.request("/api/v1/news/feed.xml");
  assert.equal(rssRes.headers.get("Content-Type"), "application/rss+xml; charset=utf-8");
  const rssText = await rssRes.text();
  assert.match(rssText, /^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
  const rss = await parser.parseString(rssText);
  assert.equal(rss.title, "Lanka API news");
  assert.equal(rss.link, "http://lanka.test/news");
  assert.equal(rss.items.length, NEWS_SEED.posts.length);
  for (const item of rss.items) {
    assert.ok(item.title && item.link?.startsWith("http://lanka.test/news/") && item.guid);
    assert.ok(!Number.isNaN(Date.parse(item.pubDate ?? "")), "RFC 822 pubDate");
    assert.ok(item.categories?.length === 1);
  }

  const atomRes = await t.request("/api/v1/news/feed.atom?category=Government");
  assert.equal(atomRes.headers.get("Content-Type"), "application/atom+xml; charset=utf-8");
  const atomText = await atomRes.text();
  assert.match(atomText, /<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
  const atom = await parser.parseString(atomText);
  assert.equal(atom.title, "Lanka API news: Government");
  assert.deepEqual(
    atom.items.map((i) => i.link).sort(),
    NEWS_SEED.posts.filter((p) => p.category === "Government").map((p) =>
      `http://lanka.test/news/${p.slug}`
    ).sort(),
  );
  for (const item of atom.items) assert.ok(item.id && item.title && item.isoDate);

  const tag = rssRes.headers.get("ETag")!;
  assert.match(tag, /^"[\w-]+"$/);
  const cached = await t.request("/api/v1/news/feed.xml", { headers: { "If-None-Match": tag } });
  assert.equal(cached.status, 304);
  assert.equal((await t.request("/api/v1/news/feed.xml?category=Nope")).status, 400);
  assert.equal((await t.request("/api/v1/news/feed.xml?x=1")).status, 400);
});

Deno.test("the public pages list, search and show posts; /tools/news leads to /news", async () => {
  await using t = await testApp();
  const redirect = await t.request("/tools/news");
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get("Location"), "/news");
  const list = await (await t.request("/news?q=vesak&category=")).text();
  assert.match(list, /2 posts\./);
  assert.match(list, /href="\/news\/vesak-2026-holiday-moved-to-31-may"/);
  const bad = await t.request("/news?limit=0");
  assert.equal(bad.status, 400);
  const post = await (await t.request("/news/apit-relief-rs-150000-from-april-2025")).text();
  assert.match(post, /<h2>Sources<\/h2>/);
  assert.match(post, /seed content of a fresh install/);
  assert.match(post, /<table>/);
  assert.equal((await t.request("/news/nope")).status, 404);
});

Deno.test("the editor pages need a signed-in editor and work with plain forms", async () => {
  await using t = await testApp();
  assert.equal((await t.request("/editor")).status, 401);
  const plain = await signUp(t.request, "plain@example.com", "long enough password");
  assert.equal((await t.request("/editor", { headers: { Cookie: plain } })).status, 403);
  const editor = await makeEditor(t, "e@example.com", "Editor");
  const home = await t.request("/editor", { headers: { Cookie: editor.cookie } });
  assert.equal(home.status, 200);
  const text = await home.text();
  assert.doesNotMatch(text, /<script/i);
  assert.match(text, /Signed in as editor <strong>Editor<\/strong>/);
  const newForm = await (await t.request("/editor/new", { headers: { Cookie: editor.cookie } }))
    .text();
  assert.match(newForm, /<form method="post" action="\/editor\/posts"/);
  const created = await t.request(
    "/editor/posts",
    form({
      title: "Rain in the hills",
      excerpt: "Short.",
      body: "Body",
      category: "World",
      tags: "rain, hills",
      keywords: "",
      sources: "https://a.lk/1\nhttps://b.lk/2",
    }, editor.cookie),
  );
  assert.equal(created.status, 303);
  assert.equal(created.headers.get("Location"), "/editor/posts/rain-in-the-hills");
  const saved = await t.request(
    "/editor/posts/rain-in-the-hills",
    form({
      title: "Rain in the hills",
      excerpt: "Longer.",
      body: "Body",
      category: "World",
      tags: "rain",
      keywords: "",
      sources: "https://a.lk/1 https://b.lk/2",
    }, editor.cookie),
  );
  assert.equal(saved.status, 200);
  assert.match(await saved.text(), /Draft saved/);
  const noOrigin = await t.request("/editor/posts/rain-in-the-hills/submit", {
    method: "POST",
    headers: { Cookie: editor.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  assert.equal(noOrigin.status, 403, "forms need an Origin or Referer of this site");
  const submitted = await t.request(
    "/editor/posts/rain-in-the-hills/submit",
    form({}, editor.cookie),
  );
  assert.match(await submitted.text(), /Submitted for review/);
});

Deno.test("the OpenAPI document lists the news list and the draft API with their security", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const list = doc.paths["/api/v1/news"].get;
  assert.deepEqual(list.parameters.map((p: { name: string }) => p.name).sort(), [
    "category",
    "limit",
    "offset",
    "q",
    "slug",
  ]);
  const create = doc.paths["/api/v1/news/drafts"].post;
  assert.deepEqual(create.security, [{ sessionCookie: [] }, { bearerKey: [] }, { headerKey: [] }]);
  assert.ok(create.requestBody.content["application/json"].schema.properties.sources);
  assert.ok(doc.paths["/api/v1/news/drafts/{slug}"].post);
  assert.ok(doc.paths["/api/v1/news/drafts/{slug}/submit"].post);
  assert.equal(
    Object.keys(doc.paths).filter((path) => /approve|reject/.test(path)).length,
    0,
    "approval is not an API operation",
  );
});

Deno.test("the news and editor pages are valid HTML", async () => {
  await using t = await testApp();
  const author = await makeEditor(t, "a@example.com", "Author");
  const reviewer = await makeEditor(t, "r@example.com", "Reviewer");
  await t.request("/api/v1/news/drafts", withKey("POST", author.key, draft({ slug: "valid" })));
  await t.request("/api/v1/news/drafts/valid/submit", withKey("POST", author.key));
  const pages: [string, string | undefined][] = [
    ["/news", undefined],
    ["/news?q=vesak", undefined],
    ["/news/apit-relief-rs-150000-from-april-2025", undefined],
    ["/editor", reviewer.cookie],
    ["/editor/new", author.cookie],
    ["/editor/posts/valid", reviewer.cookie],
    ["/editor/posts/valid", author.cookie],
    ["/editor/posts/valid/preview", author.cookie],
    ["/editor", undefined],
  ];
  for (const [path, cookie] of pages) {
    const res = await t.request(path, cookie ? { headers: { Cookie: cookie } } : {});
    assert.deepEqual(await htmlProblems(await res.text()), [], path);
  }
});
