import assert from "node:assert/strict";

const HELPER = new URL("../_helpers/provision.ts", import.meta.url).href;

Deno.test("provisioning runs one test process at a time under the machine lock", async () => {
  // Two processes take the same lock at once and hold it 300 ms each: their spans must not
  // overlap (what keeps two browser test files from running apt-get together).
  const name = `test-${crypto.randomUUID()}`;
  const script = `
    const { withMachineLock } = await import(${JSON.stringify(HELPER)});
    await withMachineLock(${JSON.stringify(name)}, async () => {
      const start = Date.now();
      await new Promise((r) => setTimeout(r, 300));
      console.log(JSON.stringify([start, Date.now()]));
    });`;
  const run = () =>
    new Deno.Command(Deno.execPath(), { args: ["eval", script], stdout: "piped" }).output();
  const outs = await Promise.all([run(), run()]);
  const spans = outs.map((o) => {
    assert.ok(o.success);
    return JSON.parse(new TextDecoder().decode(o.stdout)) as [number, number];
  }).sort((a, b) => a[0] - b[0]);
  assert.ok(spans[1]![0] >= spans[0]![1], `overlap: ${JSON.stringify(spans)}`);
  await Deno.remove(`${Deno.env.get("TMPDIR") ?? "/tmp"}/lanka-api-provision-${name}.lock`);
});
