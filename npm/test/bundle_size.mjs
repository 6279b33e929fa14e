// Prints, as JSON, the minified and gzipped sizes of browser bundles of the built package, made
// with esbuild the way an app's bundler makes them:
// - `pure`: every function exported by a file of core/calc (the zod-free calculators), each
//   imported alone from "@lanka/api" and tree-shaken, with the zod modules each bundle holds;
// - `client`: `createClient()` with code splitting, as the initial load (the entry chunk and the
//   chunks it imports statically, with the modules it holds) and the lazily imported rest, with
//   the data files of each, and what each module imported on demand brings over the initial load
//   (`onDemand`: its chunk and the chunks that imports statically);
// - `firstCall`: for a few calls (`client.words({ lang: "si" })`, ...), the chunks the first call
//   really loads, measured by running the split bundle (each chunk marks itself when evaluated),
//   with the data files and the areas of the message catalogue it holds.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = fileURLToPath(new URL("../", import.meta.url));

/** The subpath exports besides "." (`holidays`, `calc`, ...), as package.json lists them. */
const SUBPATHS = Object.keys(
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).exports,
).filter((key) => key.startsWith("./") && key !== "./package.json").map((key) => key.slice(2));

const common = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  write: false,
  metafile: true,
};

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * The data file a bundle input is, or undefined: a dataset by its name (`holidays.json`), an area
 * of the message catalogue by language and area (`messages/si/calendar.json`).
 */
const dataFile = (input) => {
  const area = /\/core\/(messages\/\w+\/\w+\.json)$/.exec(input);
  if (area) return area[1];
  return input.includes("/data/") && input.endsWith(".json") ? input.split("/").pop() : undefined;
};

/** A minified ESM browser bundle of `contents`, which imports "@lanka/api" (the built package). */
export async function bundle(contents) {
  const result = await build({ ...common, stdin: { contents, resolveDir: here, loader: "js" } });
  const output = Object.values(result.metafile.outputs)[0];
  // Modules that left code in the bundle (tree-shaken ones are listed with 0 bytes).
  const inputs = Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0);
  return { bytes: result.outputFiles[0].contents, inputs: inputs.map(([path]) => path) };
}

/** The functions each file of `dist/core/calc` exports, by file. */
export async function calcExports() {
  const dir = new URL("../dist/core/calc/", import.meta.url);
  const out = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js")).sort()) {
    const module = await import(new URL(file, dir).href);
    out[file.replace(/\.js$/, "")] = Object.keys(module)
      .filter((name) => typeof module[name] === "function").sort();
  }
  return out;
}

/** The package's entry points, as in package.json `exports`. */
export const ENTRY_POINTS = ["@lanka/api", ...SUBPATHS.map((s) => `@lanka/api/${s}`)];

async function pureSizes() {
  const entries = [];
  for (const specifier of ENTRY_POINTS) entries.push([specifier, await import(specifier)]);
  const sizes = {};
  for (const [file, names] of Object.entries(await calcExports())) {
    for (const name of names) {
      const from = entries.find(([, module]) => typeof module[name] === "function")?.[0];
      const { bytes, inputs } = await bundle(
        `import { ${name} } from "${
          from ?? `./dist/core/calc/${file}.js`
        }";\nglobalThis.f = ${name};`,
      );
      sizes[name] = {
        file: `core/calc/${file}.ts`,
        entry: from ?? null,
        minified: bytes.length,
        gzip: gzip(bytes),
        zodModules: inputs.filter((path) => path.includes("/zod/")).length,
      };
    }
  }
  return sizes;
}

async function clientSizes() {
  const result = await build({
    ...common,
    stdin: {
      contents: `import { createClient } from "@lanka/api";\nglobalThis.client = createClient();`,
      resolveDir: here,
      loader: "js",
    },
    splitting: true,
    outdir: "/bundle",
  });
  const outputs = result.metafile.outputs;
  const base = (path) => path.split("/").pop();
  const files = new Map(result.outputFiles.map((f) => [base(f.path), f.contents]));
  // The app's entry (lazily imported modules are entry points of their own chunks).
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint === "<stdin>");
  const initial = new Set();
  const visit = (name) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const i of outputs[name].imports) if (i.kind === "import-statement") visit(i.path);
  };
  visit(entry);
  const sum = (names) => {
    let minified = 0, gzipped = 0;
    const data = new Set();
    let classicZod = 0;
    for (const name of names) {
      const bytes = files.get(base(name));
      minified += bytes.length;
      gzipped += gzip(bytes);
      for (const [input, { bytesInOutput }] of Object.entries(outputs[name].inputs)) {
        if (bytesInOutput === 0) continue;
        if (dataFile(input)) data.add(dataFile(input));
        if (input.includes("/zod/v4/classic/")) classicZod++;
      }
    }
    return { files: names.length, minified, gzip: gzipped, data: [...data].sort(), classicZod };
  };
  const lazy = Object.keys(outputs).filter((name) => !initial.has(name) && !name.endsWith(".map"));
  // The modules of the initial load, as paths inside the package (or `zod/...` for a dependency).
  const modules = new Set();
  for (const name of initial) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[name].inputs)) {
      if (bytesInOutput > 0) {
        modules.add(input.replace(/^.*?node_modules\//, "").replace(/^dist\//, ""));
      }
    }
  }
  // What each module the client imports on demand brings over the initial load: its chunk and
  // the chunks it imports statically (a shared chunk counts for each that needs it).
  const closureOf = (name, without) => {
    const closure = new Set();
    const walk = (chunk) => {
      if (closure.has(chunk) || initial.has(chunk) || without.has(chunk)) return;
      closure.add(chunk);
      for (const i of outputs[chunk].imports) if (i.kind === "import-statement") walk(i.path);
    };
    walk(name);
    return closure;
  };
  const moduleOf = (output) =>
    output.entryPoint.replace(/^.*?node_modules\//, "").replace(/^dist\//, "");
  // The local runtime (zod's core, the parameter readers, the catalogue's loader), which every
  // local operation loads with it: what an operation adds beyond it is `beyondRuntime`.
  const runtimeChunk = Object.keys(outputs).find((name) =>
    outputs[name].entryPoint && moduleOf(outputs[name]) === "sdk/_local.js"
  );
  const runtime = runtimeChunk ? closureOf(runtimeChunk, new Set()) : new Set();
  const onDemand = {};
  for (const [name, output] of Object.entries(outputs)) {
    if (!output.entryPoint || output.entryPoint === "<stdin>") continue;
    onDemand[moduleOf(output)] = {
      ...sum([...closureOf(name, new Set())]),
      beyondRuntime: sum([...closureOf(name, runtime)]).gzip,
    };
  }
  return {
    initial: { ...sum([...initial]), modules: [...modules].sort() },
    lazy: sum(lazy),
    onDemand,
  };
}

/** First calls measured by {@linkcode firstCallSizes}: a name and the call's code. */
const FIRST_CALLS = {
  "words si": `client.words({ amount: 1234567.5, lang: "si" })`,
  "words en": `client.words({ amount: 1234567.5 })`,
  "holidays si": `client.holidays({ year: 2026, lang: "si" })`,
  "paye": `client.paye({ monthly: 250000, date: "2026-01-01" })`,
  "nic si": `client.call("nic", { number: "913014146V", lang: "si" })`,
  "paye ta": `client.paye({ monthly: 250000, date: "2026-01-01", lang: "ta" })`,
  "payslip ta": `client.payslip({ basic: 170000, bonus: 600000, date: "2025-04-25", lang: "ta" })`,
  "districts ta": `client.districts({ lang: "ta" })`,
  "is-holiday si": `client.isHoliday("2026-04-14", { lang: "si" })`,
};

/**
 * What the first call of each of {@linkcode FIRST_CALLS} loads, in a fresh copy of the split
 * bundle: every chunk evaluated (the initial load and what the call imports on demand, data and
 * message catalogues included), gzipped, with the data files they hold.
 */
async function firstCallSizes() {
  const out = {};
  for (const [name, code] of Object.entries(FIRST_CALLS)) {
    const dir = mkdtempSync(join(tmpdir(), "lanka-first-call-"));
    try {
      const result = await build({
        ...common,
        stdin: {
          contents:
            `import { createClient } from "@lanka/api";\nexport const run = (client = createClient({ mode: "local" })) => ${code};`,
          resolveDir: here,
          loader: "js",
        },
        splitting: true,
        outdir: dir,
        entryNames: "entry",
        chunkNames: "chunk-[hash]",
      });
      const sizes = new Map();
      for (const file of result.outputFiles) {
        const base = file.path.split("/").pop();
        // Each chunk records itself when it is evaluated, first thing.
        const marked = `(globalThis.__lankaLoaded ??= []).push(${JSON.stringify(base)});\n`;
        writeFileSync(file.path, marked + file.text);
        const inputs = result.metafile.outputs[
          Object.keys(result.metafile.outputs).find((o) => o.endsWith(`/${base}`) || o === base)
        ]?.inputs ?? {};
        const data = Object.entries(inputs).filter(([input, { bytesInOutput }]) =>
          bytesInOutput > 0 && dataFile(input)
        ).map(([input]) => dataFile(input));
        sizes.set(base, { gzip: gzip(file.contents), data });
      }
      globalThis.__lankaLoaded = [];
      const module = await import(pathToFileURL(join(dir, "entry.js")).href);
      await module.run();
      const loaded = [...new Set(globalThis.__lankaLoaded)];
      out[name] = {
        files: loaded.length,
        gzip: loaded.reduce((sum, base) => sum + sizes.get(base).gzip, 0),
        data: [...new Set(loaded.flatMap((base) => sizes.get(base).data))].sort(),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

export async function bundleSizes() {
  return {
    client: await clientSizes(),
    pure: await pureSizes(),
    firstCall: await firstCallSizes(),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await bundleSizes()));
}
