/**
 * Throughput of the text converters (MB of input per second) against the text's length, from 1 KB
 * to 1 MB, with a baseline measured in the same run: `String.prototype.normalize("NFC")` over
 * the same Unicode text, a linear pass every conversion also makes. Linear conversion shows as a
 * flat MB/s across lengths (a quadratic one would fall by 1000x from 1 KB to 1 MB).
 *
 * Run: npx -y deno@2.9.6 task bench text
 */
import { detectFont } from "../../core/calc/font_detect.ts";
import { legacyToUnicode, unicodeToLegacy } from "../../core/calc/legacy_fonts.ts";
import { singlishToUnicode } from "../../core/calc/singlish.ts";

// A sentence of the research's FM Abhaya test (akuruAI/Pandukabhaya tests/test_cases.json).
const FM = "o<od ud,s.dj msysgd we;s uykqjr k.rhu hqfkiafldaj úiska f,dal Wreuhla f,i kï lr we;' ";
const UNICODE = legacyToUnicode(FM, "fm-abhaya").text;
const BAMINI = "tTdpah khtl;lk; ";
const SINGLISH = "shrii la\\nkaava dhahasa kohomadha mahanuvara ";

function repeat(unit: string, bytes: number): string {
  const size = new TextEncoder().encode(unit).length;
  return unit.repeat(Math.max(1, Math.round(bytes / size)));
}

function mbPerSecond(text: string, run: (text: string) => unknown): number {
  const bytes = new TextEncoder().encode(text).length;
  // Enough rounds for about 300 ms.
  const start = performance.now();
  run(text);
  const once = Math.max(performance.now() - start, 0.01);
  const rounds = Math.max(3, Math.min(2000, Math.round(300 / once)));
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) run(text);
  const ms = (performance.now() - t0) / rounds;
  return bytes / 1e6 / (ms / 1000);
}

const lengths = [1_000, 10_000, 100_000, 1_000_000];
const cases: [string, string, (text: string) => unknown][] = [
  ["baseline: NFC of Unicode Sinhala", UNICODE, (t) => t.normalize("NFC")],
  ["FM Abhaya to Unicode", FM, (t) => legacyToUnicode(t, "fm-abhaya")],
  ["Bamini to Unicode", BAMINI, (t) => legacyToUnicode(t, "bamini")],
  ["Unicode to DL Manel", UNICODE, (t) => unicodeToLegacy(t, "dl-manel")],
  ["font auto (four readings)", FM, (t) => detectFont(t)],
  ["Singlish to Unicode", SINGLISH, (t) => singlishToUnicode(t, "si")],
];

const load = await Deno.readTextFile("/proc/loadavg").catch(() => "unknown");
console.log(`load average: ${load.trim()}`);
console.log(["case", ...lengths.map((n) => `${n / 1000} KB MB/s`), "1 MB / 1 KB"].join(" | "));
let baseline1mb = 0;
for (const [name, unit, run] of cases) {
  const rates = lengths.map((n) => mbPerSecond(repeat(unit, n), run));
  if (name.startsWith("baseline")) baseline1mb = rates.at(-1)!;
  const flat = rates.at(-1)! / rates[0]!;
  const versus = baseline1mb ? ` (${(rates.at(-1)! / baseline1mb).toFixed(2)}x baseline)` : "";
  console.log(
    [name, ...rates.map((r) => r.toFixed(1)), `${flat.toFixed(2)}${versus}`].join(" | "),
  );
}
