import assert from "node:assert/strict";
import { renderFeed } from "../../server/news/feeds.ts";
import type { NewsPost } from "../../core/ops/news.ts";

const post = {
  title: 'Tea & <img src=x onerror="alert(1)"> prices',
  url: "http://lanka.test/news/tea",
  excerpt: "Up <b>5%</b> & more <script>alert(2)</script>",
  bodyHtml: "<p>Body.</p>",
  sources: ["https://www.example.lk/a"],
  approvedBy: "Ed",
  author: "Au",
  updatedAt: "2026-06-15T10:00:00.000Z",
  publishedAt: "2026-06-15T10:00:00.000Z",
  category: "Economy",
} as unknown as NewsPost;
const options = { baseUrl: "http://lanka.test", category: null };

Deno.test("the feeds send titles and excerpts as text, never as HTML", () => {
  const rss = renderFeed("feed.xml", [post], options);
  const item = rss.slice(rss.indexOf("<item>"));
  // RSS readers render title and description as HTML: the markup arrives escaped, as text.
  assert.match(
    item,
    /<title><!\[CDATA\[Tea &amp; &lt;img src=x onerror="alert\(1\)"&gt; prices\]\]><\/title>/,
  );
  assert.match(item, /<description><!\[CDATA\[Up &lt;b&gt;5%&lt;\/b&gt; &amp; more &lt;script&gt;/);
  assert.doesNotMatch(
    item.replace(/<content:encoded>[\s\S]*<\/content:encoded>/, ""),
    /<img|<script|<b>/,
  );

  const atom = renderFeed("feed.atom", [post], options);
  assert.doesNotMatch(atom, /<(title|summary) type="html">/);
  assert.match(atom, /<title type="text"><!\[CDATA\[Tea & <img/, "type=text: shown as written");
  assert.match(atom, /<summary type="text">/);

  const json = JSON.parse(renderFeed("feed.json", [post], options));
  // JSON Feed: title and summary are plain text by the format's definition.
  assert.equal(json.items[0].title, post.title);
  assert.equal(json.items[0].summary, post.excerpt);
  assert.equal(json.items[0].content_html.startsWith("<p>Body.</p>"), true);
});
