import assert from "node:assert/strict";
import SI from "../../data/messages/si.json" with { type: "json" };
import TA from "../../data/messages/ta.json" with { type: "json" };
import { testApp } from "../_helpers/app.ts";
import { message } from "../../core/i18n.ts";
import { FONT_FILES } from "../../server/pages/fonts.ts";
import { Hono } from "hono";
import {
  htmlPage,
  localizeLinks,
  localPath,
  pageLanguage,
  splitLangPath,
  withPageContext,
} from "../../server/pages/lang.ts";

async function page(t: Awaited<ReturnType<typeof testApp>>, path: string) {
  const res = await t.request(path);
  return { res, body: await res.text() };
}

Deno.test("/si/ and /ta/ serve the same pages in Sinhala and Tamil, with lang and hreflang", async () => {
  await using t = await testApp();
  for (
    const [prefix, lang, heading] of [
      ["", "en", "Sri Lanka tools and data"],
      ["/si", "si", "ශ්‍රී ලංකා මෙවලම් සහ දත්ත"],
      ["/ta", "ta", "இலங்கைக் கருவிகளும் தரவுகளும்"],
    ]
  ) {
    const { res, body } = await page(t, `${prefix}/`);
    assert.equal(res.status, 200);
    assert.match(body, new RegExp(`<html lang="${lang}">`));
    assert.ok(body.includes(`<h1>${heading}</h1>`), lang);
    for (const [l, href] of [["en", "/"], ["si", "/si/"], ["ta", "/ta/"], ["x-default", "/"]]) {
      assert.ok(body.includes(`<link rel="alternate" hreflang="${l}" href="${href}">`), l);
    }
    // The switch: a plain link to each version, the current one marked.
    assert.match(
      body,
      new RegExp(`href="${prefix}/" hreflang="${lang}" lang="${lang}"\\s*aria-current="true"`),
    );
  }
});

Deno.test("links, forms and redirects of a Sinhala page stay in Sinhala", async () => {
  await using t = await testApp();
  const { body } = await page(t, "/si/tools/nic");
  assert.match(body, /<a href="\/si\/docs">/);
  assert.match(body, /<form method="get" action="\/si\/tools\/nic#answer"/);
  assert.match(
    body,
    /<link rel="stylesheet" href="\/static\/style.css">/,
    "static files unprefixed",
  );
  const moved = await t.request("/si/tools/news", { redirect: "manual" });
  await moved.body?.cancel();
  assert.equal(moved.headers.get("Location"), "/si/news");
  const api = await t.request("/si/api/v1/nic/913014146V");
  await api.body?.cancel();
  assert.equal(api.status, 404, "the API has no language prefix");
});

Deno.test("a tool page computes in its language and shows errors in it", async () => {
  await using t = await testApp();
  const nic = await page(t, "/ta/tools/nic?number=910004146V");
  // The reason comes from the operation with lang=ta: the catalogue's Tamil template.
  assert.ok(nic.body.includes("நாள் குறியீடு 000 இல்லை"), "Tamil reason");
  const vat = await page(t, "/si/tools/vat?amount=abc");
  assert.equal(vat.res.status, 400);
  assert.ok(vat.body.includes("<title>දෝෂය: "), "Sinhala title prefix");
  assert.ok(vat.body.includes("ගැටලුවක් ඇත"), "Sinhala error summary");
  assert.ok(vat.body.includes(message("si", "page.vat.amount_error")), "Sinhala field error");
  const en = await page(t, "/tools/vat?amount=abc");
  assert.ok(en.body.includes("<title>Error: "));
  assert.ok(en.body.includes("There is a problem"));
  assert.ok(en.body.includes("Enter the amount as a number, like 10,000"));
  const ta = await page(t, "/ta/tools/vat?amount=abc");
  assert.ok(ta.body.includes("<title>பிழை: "), "Tamil title prefix");
  assert.ok(ta.body.includes(message("ta", "page.vat.amount_error")), "Tamil field error");
  // An unknown parameter: the catalogue's error.param.unknown in each language, the allowed names
  // (codes) as the server lists them.
  const names = "amount, rate, mode";
  const unknown = [
    ["", `Unknown parameter &quot;foo&quot;: allowed: ${names}`],
    ["/si", `&quot;foo&quot; නමින් පරාමිතියක් නැත: ඉඩ දී ඇත්තේ ${names}`],
    ["/ta", `&quot;foo&quot; என்ற அளவுரு இல்லை: அனுமதிக்கப்பட்டவை ${names}`],
  ];
  for (const [prefix, text] of unknown) {
    const answer = await page(t, `${prefix}/tools/vat?amount=1&foo=1`);
    assert.equal(answer.res.status, 400, prefix);
    assert.ok(answer.body.includes(text!), `${prefix}: ${text}`);
  }
  // Refusals of parameters given together: their catalogue templates in each language.
  const together: [string, string, string][] = [
    ["/tools/paye?monthly=1&date=2025-06-01&year=2025", "error.paye.dateAndYear", "year"],
    ["/tools/land?deed=1A-0R-0P&value=1", "error.land.deed", "deed"],
    ["/store?slug=x&vendor=aws", "error.store.slug", "vendor"],
  ];
  for (const [path, key, param] of together) {
    for (const lang of ["si", "ta"] as const) {
      const answer = await page(t, `/${lang}${path}`);
      assert.equal(answer.res.status, 400, `/${lang}${path}`);
      const text = message(lang, key, { param }).replaceAll('"', "&quot;");
      assert.ok(answer.body.includes(text), `/${lang}${path}: ${text}`);
    }
  }
});

Deno.test("the Sinhala and Tamil web fonts are served by us, from the pinned packages", async () => {
  await using t = await testApp();
  const css = await (await t.request("/static/fonts.css")).text();
  assert.match(css, /font-family: 'Noto Sans Sinhala'/);
  assert.match(css, /font-family: 'Noto Sans Tamil'/);
  assert.doesNotMatch(css, /https?:|\.\/files\//, "no CDN, no package-relative URL");
  const files = [...css.matchAll(/url\(\/static\/fonts\/([^)]+)\)/g)].map((m) => m[1]);
  assert.deepEqual(files.sort(), [...FONT_FILES.keys()].sort());
  for (const file of files) {
    const res = await t.request(`/static/fonts/${file}`);
    assert.equal(res.headers.get("Content-Type"), "font/woff2");
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 4)], [0x77, 0x4f, 0x46, 0x32], "wOF2 signature");
    assert.equal(bytes.length, FONT_FILES.get(file!)!.length);
  }
  const missing = await t.request("/static/fonts/nope.woff2");
  await missing.body?.cancel();
  assert.equal(missing.status, 404);
});

Deno.test("language paths: split, build and rewrite", () => {
  assert.deepEqual(splitLangPath("/si"), { lang: "si", path: "/" });
  assert.deepEqual(splitLangPath("/ta/tools/vat"), { lang: "ta", path: "/tools/vat" });
  assert.deepEqual(splitLangPath("/sizes"), { lang: "en", path: "/sizes" });
  assert.deepEqual(splitLangPath("/si/api/v1/nic/1"), { lang: "en", path: "/si/api/v1/nic/1" });
  assert.equal(localPath("si", "/"), "/si/");
  assert.equal(localPath("ta", "/?q=tax"), "/ta/?q=tax");
  assert.equal(localPath("en", "/docs"), "/docs");
  assert.equal(
    localizeLinks(
      '<a href="/docs">d</a><a href="/si/x" hreflang="si">s</a><link href="/static/a.css">',
      "ta",
    ),
    '<a href="/ta/docs">d</a><a href="/si/x" hreflang="si">s</a><link href="/static/a.css">',
  );
});

Deno.test("the news listing's own text comes from the catalogue; posts stay as written", async () => {
  await using t = await testApp();
  const en = await page(t, "/news");
  assert.equal(en.res.status, 200);
  assert.ok(en.body.includes("<h1>News</h1>"));
  assert.ok(en.body.includes("Short writeups about Sri Lanka."));
  assert.match(en.body, /<p>\d+ posts?\.<\/p>/);
  assert.match(en.body, / min read · \d+ sources<\/p>/, "a post's line");
  for (const [prefix, table] of [["/si", SI.messages], ["/ta", TA.messages]] as const) {
    const { res, body } = await page(t, `${prefix}/news`);
    assert.equal(res.status, 200, prefix);
    const text = (key: keyof typeof table) => table[key].text;
    assert.ok(body.includes(`<h1>${text("page.news.title")}</h1>`), `${prefix} heading`);
    for (
      const key of [
        "page.news.intro",
        "page.news.search",
        "page.news.category",
        "page.news.all",
        "page.home.submit",
      ] as const
    ) {
      assert.ok(body.includes(text(key)), `${prefix} ${key}`);
    }
    for (const english of ["Short writeups", "min read", ">Category", ">All<", " posts."]) {
      assert.ok(!body.includes(english), `${prefix}: ${english} is still English`);
    }
  }
});

Deno.test("htmlPage() writes the page's links in its language, with the HTML type and the headers given", async () => {
  const res = withPageContext(
    { lang: "ta", path: "/x", baseUrl: "http://localhost" },
    () => htmlPage('<a href="/docs">d</a>', 404, { "Cache-Control": "no-cache" }),
  );
  assert.equal(res.status, 404);
  assert.equal(res.headers.get("Content-Type"), "text/html; charset=utf-8");
  assert.equal(res.headers.get("Cache-Control"), "no-cache");
  assert.equal(await res.text(), '<a href="/ta/docs">d</a>');
});

Deno.test("a page Hono makes keeps its status and every header when the middleware rewrites its links", async () => {
  const app = new Hono();
  app.use(pageLanguage("http://localhost"));
  app.get("/si/page", (c) => {
    c.header("Set-Cookie", "a=1", { append: true });
    c.header("Set-Cookie", "b=2", { append: true });
    c.header("Cache-Control", "no-store");
    return c.html('<a href="/docs">d</a><a href="/api/v1">a</a>', 201);
  });
  const res = await app.request("/si/page");
  assert.equal(res.status, 201);
  assert.deepEqual(res.headers.getSetCookie(), ["a=1", "b=2"]);
  assert.equal(res.headers.get("Cache-Control"), "no-store");
  assert.match(res.headers.get("Content-Type") ?? "", /^text\/html/);
  assert.equal(await res.text(), '<a href="/si/docs">d</a><a href="/api/v1">a</a>');
});
