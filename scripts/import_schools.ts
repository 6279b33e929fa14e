/**
 * `deno task data:import-schools file.csv [--replace-all] [--out path]`: validates a Grade 6
 * school cut-off CSV and writes it into `data/grade6_schools.json`. Rejects the whole file, with
 * line numbers, if any row is bad. See README, "Scholarship cut-off".
 *
 * @module
 */
import { mergeSchools, readSchoolsCsv } from "./schools_csv.ts";

const DATA_FILE = new URL("../data/grade6_schools.json", import.meta.url);

async function main(args: string[]): Promise<number> {
  let replaceAll = false;
  let out: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--replace-all") replaceAll = true;
    else if (arg === "--out") out = args[++i];
    else files.push(arg);
  }
  if (files.length !== 1 || files[0]!.startsWith("--") || (args.includes("--out") && !out)) {
    console.error("Usage: deno task data:import-schools file.csv [--replace-all] [--out path]");
    return 2;
  }
  const result = readSchoolsCsv(await Deno.readTextFile(files[0]!));
  if (!result.ok) {
    console.error(`Rejected ${files[0]}: ${result.errors.length} problem(s)`);
    for (const error of result.errors) console.error(`  ${error}`);
    return 1;
  }
  const data = JSON.parse(await Deno.readTextFile(DATA_FILE));
  data.schools = mergeSchools(data.schools, result.schools, replaceAll);
  data.lastVerified = new Date().toISOString().slice(0, 10);
  await Deno.writeTextFile(out ?? DATA_FILE, JSON.stringify(data, null, 2) + "\n");
  const years = [...new Set(result.schools.map((s) => s.intakeYear))].sort().join(", ");
  console.log(
    `Imported ${result.schools.length} school cut-offs (intake ${years}); ${data.schools.length} in ${
      out ?? "data/grade6_schools.json"
    }`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
