/**
 * Measures the quota's bounds as deployed (`server/main.ts`, file-backed KV, default flush
 * interval) under sign-up load (PBKDF2 at 600,000 iterations per sign-up competing for the CPU):
 *
 * 1. `kill -9`: keyed calls counted and answered 200, against what KV holds after the kill.
 * 2. Two instances on one KV file: anonymous calls from one address to both, against the
 *    anonymous limit of 50.
 *
 * Sign-ups come from distinct `X-Forwarded-For` addresses (TRUST_PROXY=1), so the hourly
 * allowance of sign-up attempts per address does not stop the load.
 *
 * Usage: `deno run --allow-all tests/bench/quota_edges.ts [rounds]` (default 3). Prints one JSON
 * line per round and a summary; docs/quotas.md records the figures.
 *
 * @module
 */
import { accountWithKey, persistedUsage, startServer } from "../e2e/_server.ts";

const rounds = Number(Deno.args[0] ?? 3);
// Several instances on one KV: QUOTA_EXACT=1, as docs/quotas.md tells operators to set it.
const env = { TRUST_PROXY: "1", LOG_LEVEL: "error", QUOTA_EXACT: "1" };

let signUps = 0;
/** Sign-up load: `workers` loops of POST /api/v1/accounts, each from a new address. */
function signUpLoad(urls: string[], workers: number, running: () => boolean): Promise<void[]> {
  return Promise.all(Array.from({ length: workers }, async (_, w) => {
    let n = 0;
    while (running()) {
      const url = urls[(w + n) % urls.length]!;
      const address = `10.${w}.${(n >> 8) & 255}.${n & 255}`;
      n++;
      try {
        const res = await fetch(`${url}/api/v1/accounts`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
          body: JSON.stringify({
            email: `load-${crypto.randomUUID()}@example.lk`,
            password: "load Passw0rd",
          }),
        });
        await res.body?.cancel();
        if (res.status === 202) signUps++;
      } catch {
        return; // the server is gone
      }
    }
  }));
}

async function killRound(): Promise<Record<string, number>> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const server = await startServer(kvPath, { ...env, KEY_DAILY_LIMIT: "1000000000" });
  const { key, accountId } = await accountWithKey(server.url, "edge@example.lk", "edge Passw0rd");
  let running = true;
  let served = 0;
  signUps = 0;
  const signing = signUpLoad([server.url], 4, () => running);
  const calls = Promise.all(Array.from({ length: 16 }, async () => {
    while (running) {
      try {
        const res = await fetch(`${server.url}/api/v1/vat?amount=100`, {
          headers: { "x-api-key": key },
        });
        await res.body?.cancel();
        if (res.status === 200) served++;
      } catch {
        return;
      }
    }
  }));
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  server.child.kill("SIGKILL");
  await server.child.status;
  running = false;
  await Promise.all([signing, calls]);
  const persisted = await persistedUsage(kvPath, `acct:${accountId}`);
  await Deno.remove(dir, { recursive: true });
  return { served, persisted, lost: served - persisted, signUps };
}

async function twoInstanceRound(): Promise<Record<string, number>> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const a = await startServer(kvPath, { ...env, ANON_DAILY_LIMIT: "50" });
  const b = await startServer(kvPath, { ...env, ANON_DAILY_LIMIT: "50" });
  let running = true;
  signUps = 0;
  const signing = signUpLoad([a.url, b.url], 4, () => running);
  await new Promise((resolve) => setTimeout(resolve, 500)); // the sign-up load is on
  let admitted = 0;
  let sent = 0;
  await Promise.all([a.url, b.url].flatMap((url) =>
    Array.from({ length: 16 }, async () => {
      while (sent < 600) {
        sent++;
        const res = await fetch(`${url}/api/v1/vat?amount=100`, {
          headers: { "X-Forwarded-For": "198.51.100.9" },
        });
        await res.body?.cancel();
        if (res.status === 200) admitted++;
      }
    })
  ));
  running = false;
  await signing;
  await Promise.all([a.stop(), b.stop()]);
  const persisted = await persistedUsage(kvPath, "ip:198.51.100.9");
  await Deno.remove(dir, { recursive: true });
  return { limit: 50, sent, admitted, persisted, signUps };
}

const kills: Record<string, number>[] = [];
const pairs: Record<string, number>[] = [];
for (let round = 1; round <= rounds; round++) {
  const kill = await killRound();
  kills.push(kill);
  console.log(JSON.stringify({ round, test: "kill -9 under sign-up load", ...kill }));
  const pair = await twoInstanceRound();
  pairs.push(pair);
  console.log(JSON.stringify({ round, test: "two instances under sign-up load", ...pair }));
}
const load = Deno.loadavg().map((n) => n.toFixed(1)).join(" ");
console.log(JSON.stringify({
  summary: true,
  loadavg: load,
  killLost: kills.map((k) => `${k.lost}/${k.served}`),
  twoInstancesAdmitted: pairs.map((p) => `${p.admitted}/${p.limit}`),
}));
