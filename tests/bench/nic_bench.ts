/**
 * decodeNic() and decodePlate() against a baseline measured in the same run: trimming and
 * upper-casing the input, the least any decoder must do.
 *
 * Run: npx -y deno@2.9.6 bench tests/bench/nic_bench.ts
 */
import { decodeNic } from "../../core/ops/nic.ts";
import { decodePlate } from "../../core/ops/plate.ts";

const TODAY = "2026-06-15";
const NICS = ["913014146V", "199130104146", "858400123v", "200159302029", "870600012V", "hello"];
const PLATES = ["WP CAB-1234", "cab-1234", "19-1234", "15 ශ්‍රී 1234", "not a plate"];
const options = {};
let sink = 0;

Deno.bench("baseline: trim and upper-case one NIC", {
  ...options,
  group: "nic",
  baseline: true,
}, () => {
  sink += NICS[0]!.trim().toUpperCase().length;
});

Deno.bench("decodeNic() one old number", { ...options, group: "nic" }, () => {
  sink += decodeNic({ number: NICS[0]!, today: TODAY }).valid ? 1 : 0;
});

Deno.bench("decodeNic() one new number", { ...options, group: "nic" }, () => {
  sink += decodeNic({ number: NICS[1]!, today: TODAY }).valid ? 1 : 0;
});

Deno.bench(
  "decodeNic() six mixed (valid, invalid, malformed)",
  { ...options, group: "nic" },
  () => {
    for (const nic of NICS) sink += decodeNic({ number: nic, today: TODAY }).valid ? 1 : 0;
  },
);

Deno.bench("baseline: trim and upper-case one plate", {
  ...options,
  group: "plate",
  baseline: true,
}, () => {
  sink += PLATES[0]!.trim().toUpperCase().length;
});

Deno.bench("decodePlate() one province plate", { ...options, group: "plate" }, () => {
  sink += decodePlate({ plate: PLATES[0]! }).valid ? 1 : 0;
});

Deno.bench("decodePlate() five mixed (every format, a reject)", {
  ...options,
  group: "plate",
}, () => {
  for (const plate of PLATES) sink += decodePlate({ plate: plate }).valid ? 1 : 0;
});

globalThis.addEventListener("unload", () => {
  if (sink < 0) console.log(sink);
});
