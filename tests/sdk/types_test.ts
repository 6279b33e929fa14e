/**
 * Type-level checks of the client's public types (a wrong type fails `deno check`, which runs
 * before these tests), with the runtime values they describe.
 */
import assert from "node:assert/strict";
import {
  type ClientOptions,
  createClient,
  type Meta,
  type NicResult,
  type OperationMap,
  type PayslipResult,
  type RequestOptions,
  type VatResult,
} from "../../mod.ts";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;
function expectType<T extends true>(value: T): T {
  return value;
}

Deno.test("withResponse() types meta as present on JSON answers and absent on binary ones", async () => {
  const client = createClient({ mode: "local" });
  const answer = await client.vat({ amount: 100, rate: 18 }).withResponse();
  expectType<Equal<typeof answer.meta, Meta>>(true);
  assert.equal(answer.meta.endpoint, "vat"); // no `?.` needed
  type Voice = Awaited<ReturnType<ReturnType<typeof client.voice.synthesize>["withResponse"]>>;
  expectType<Equal<Voice["meta"], undefined>>(true);
});

Deno.test("call() is typed by operation id: parameters and result", async () => {
  const client = createClient({ mode: "local" });
  const vat = client.call("vat", { amount: 100, rate: 18 });
  expectType<Equal<Awaited<typeof vat>, VatResult>>(true);
  assert.equal((await vat).total, 118);
  const nic = client.call("nic", { number: "913014146V" });
  expectType<Equal<Awaited<typeof nic>, NicResult>>(true);
  expectType<Equal<OperationMap["working-days"]["result"]["workingDays"], number>>(true);
  // @ts-expect-error: amount is a number
  await client.call("vat", { amount: [1] }).catch(() => {});
  // @ts-expect-error: vat has no parameter "months"
  await client.call("vat", { amount: 1, months: 2 }).catch(() => {});
  // An id the client has no types for resolves with unknown (and here is refused at run time).
  const other = client.call("no-such-operation", { a: 1 });
  expectType<Equal<Awaited<typeof other>, unknown>>(true);
  await assert.rejects(other, /no such operation/);
});

Deno.test("createClient() takes options that are undefined, as process.env gives them, under exactOptionalPropertyTypes", async () => {
  // deno.json sets exactOptionalPropertyTypes: before issue 44 this file failed `deno check` here
  // ("Type 'string | undefined' is not assignable to type 'string'").
  const env: Record<string, string | undefined> = {};
  const client = createClient({
    apiKey: env.LANKA_API_KEY,
    baseUrl: env.LANKA_API_BASE_URL,
    mode: undefined,
    timeoutMs: undefined,
    retries: undefined,
    cache: undefined,
    fetch: undefined,
    now: undefined,
    env: undefined,
    lang: undefined,
  });
  expectType<Equal<ClientOptions["apiKey"], string | undefined>>(true);
  const request: RequestOptions = { signal: undefined, timeoutMs: undefined };
  assert.equal(client.mode, "auto");
  assert.equal(client.baseUrl, "http://localhost:8000");
  assert.equal(
    (await createClient({ mode: "local" }).vat({ amount: 100, rate: 18 }, request)).total,
    118,
  );
});

Deno.test("every method's result type is the operation's exported type", () => {
  const client = createClient({ mode: "local" });
  type Slip = Awaited<ReturnType<typeof client.payslip>>;
  expectType<Equal<Slip, PayslipResult>>(true);
  expectType<Equal<OperationMap["payslip"]["result"], PayslipResult>>(true);
});
