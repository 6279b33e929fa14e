// Prints the minified and gzipped sizes of two browser bundles of the built package, as JSON:
// the whole client with every local operation and its data, and one tree-shaken pure function,
// with the number of classic-zod modules each contains.
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = fileURLToPath(new URL("../", import.meta.url));

const entries = {
  client: `import { createClient } from "@lanka/api";
globalThis.client = createClient();`,
  vat: `import { computeVat } from "@lanka/api";
globalThis.vat = computeVat;`,
};

/** A minified ESM browser bundle of `contents`, which imports "@lanka/api" (the built package). */
export async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: here, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    metafile: true,
  });
  return { bytes: result.outputFiles[0].contents, inputs: Object.keys(result.metafile.inputs) };
}

export async function bundleSizes() {
  const sizes = {};
  for (const [name, contents] of Object.entries(entries)) {
    const { bytes, inputs } = await bundle(contents);
    sizes[name] = {
      minified: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // Modules of classic zod (`zod/v4/classic`) in the bundle: the core uses `zod/mini` only.
      classicZod: inputs.filter((path) => path.includes("/zod/v4/classic/")).length,
    };
  }
  return sizes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await bundleSizes()));
}
