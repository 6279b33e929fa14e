// The cost of the places data in the SDK as a splitting bundler ships it (issue 45), for
// tests/bench/places_bench.ts: `node _places_bundle.mjs <npm package folder>` prints, as JSON,
// for browser bundles made with esbuild (`splitting: true`, minified, ESM) of the built package:
// - `initial`: what `createClient()` loads up front (the entry chunk and the chunks it imports
//   statically), with the data files it holds;
// - `calls`: for each first call (`client.postcode("20000")`, ...), every chunk the first call
//   really evaluates, found by running the split bundle (each chunk marks itself), with the data
//   files of those chunks;
// - `placesChunk`: the chunks holding data/places.json and data/divisions.json.
// With `--initial-only`, only the first (for a build before the places methods existed).
// It is the method of npm/test/bundle_size.mjs (`firstCall`), kept apart so that the places
// figures are measured on their own.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const dir = process.argv[2];
// `--initial-only`: only createClient()'s initial load (a build without the places methods).
const initialOnly = process.argv.includes("--initial-only");
const { build } = createRequire(join(dir, "package.json"))("esbuild");
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

const dataFile = (input) => {
  const area = /\/core\/(messages\/\w+\/\w+\.json)$/.exec(input);
  if (area) return area[1];
  return input.includes("/data/") && input.endsWith(".json") ? input.split("/").pop() : undefined;
};

const CALLS = {
  "createClient() only": `Promise.resolve()`,
  "postcode": `client.postcode("20000")`,
  "places": `client.places({ q: "Mullathivu" })`,
  "division": `client.division("LK-1103")`,
};

async function measure(code) {
  const out = mkdtempSync(join(tmpdir(), "lanka-places-bundle-"));
  try {
    const result = await build({
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      minify: true,
      metafile: true,
      write: false,
      splitting: true,
      outdir: out,
      entryNames: "entry",
      chunkNames: "chunk-[hash]",
      stdin: {
        contents:
          `import { createClient } from "@lanka/api";\nexport const run = (client = createClient({ mode: "local" })) => ${code};`,
        resolveDir: dir,
        loader: "js",
      },
    });
    const outputs = result.metafile.outputs;
    const info = new Map();
    for (const file of result.outputFiles) {
      const base = file.path.split("/").pop();
      writeFileSync(
        file.path,
        `(globalThis.__lankaLoaded ??= []).push(${JSON.stringify(base)});\n` + file.text,
      );
      const key = Object.keys(outputs).find((o) => o.endsWith(`/${base}`) || o === base);
      const meta = outputs[key];
      const data = Object.entries(meta.inputs)
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && dataFile(input))
        .map(([input]) => dataFile(input));
      const imports = meta.imports.filter((i) => i.kind === "import-statement")
        .map((i) => i.path.split("/").pop());
      info.set(base, { minified: file.contents.length, gzip: gzip(file.contents), data, imports });
    }
    const initial = new Set();
    const visit = (name) => {
      if (initial.has(name)) return;
      initial.add(name);
      for (const next of info.get(name).imports) visit(next);
    };
    visit("entry.js");
    globalThis.__lankaLoaded = [];
    const module = await import(pathToFileURL(join(out, "entry.js")).href);
    await module.run();
    const loaded = [...new Set(globalThis.__lankaLoaded)];
    const sum = (names) => ({
      files: names.length,
      minified: names.reduce((s, n) => s + info.get(n).minified, 0),
      gzip: names.reduce((s, n) => s + info.get(n).gzip, 0),
      data: [...new Set(names.flatMap((n) => info.get(n).data))].sort(),
    });
    const places = [...info.keys()].filter((n) =>
      info.get(n).data.some((d) => d === "places.json" || d === "divisions.json")
    );
    return { initial: sum([...initial]), loaded: sum(loaded), placesChunk: sum(places) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const calls = {};
for (const [name, code] of Object.entries(CALLS)) {
  if (initialOnly && name !== "createClient() only") continue;
  calls[name] = await measure(code);
}
console.log(JSON.stringify(calls));
