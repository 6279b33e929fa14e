/**
 * Operator CLI: `deno task admin <command> [options]`. Works on the same KV as the server (safe
 * while it runs: writes retry while SQLite is locked; servers see a revoke within 5 s).
 *
 * A command is one entry in {@linkcode commands}: later issues add theirs the same way.
 *
 * @module
 */
import { type Account, Accounts, type StoredKey } from "./accounts/store.ts";
import { type Clock, systemClock, utcDate } from "./clock.ts";
import { configFromEnvOrExit } from "./config.ts";
import { openKv } from "./kv.ts";
import { exportKv, importKv } from "./backup.ts";
import { NewsStore } from "./news/store.ts";

/** What a command runs with. */
export interface AdminContext {
  kv: Deno.Kv;
  clock: Clock;
  /** Writes one line of output. */
  out: (line: string) => void;
}

/** Parsed arguments: positionals and `--name value` / `--name=value` / `--flag` options. */
export interface AdminArgs {
  positional: string[];
  options: Record<string, string | true>;
}

/** One subcommand. */
export interface AdminCommand {
  /** Words that select it, e.g. `["keys", "create"]`. */
  path: string[];
  /** One line of usage, after the path. */
  usage: string;
  /** What it does. */
  summary: string;
  /** Runs it; throws {@linkcode UsageError} for bad arguments. */
  run(args: AdminArgs, ctx: AdminContext): Promise<void>;
}

/** Bad arguments: printed with the usage, exit status 2. */
export class UsageError extends Error {
  /** @param message What is wrong. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Splits arguments into positionals and options.
 *
 * @param argv The arguments after the command words.
 * @returns Positionals and options.
 */
export function parseArgs(argv: readonly string[]): AdminArgs {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!match) {
      positional.push(arg);
    } else if (match[2] !== undefined) {
      options[match[1]!] = match[2];
    } else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) {
      options[match[1]!] = argv[++i]!;
    } else {
      options[match[1]!] = true;
    }
  }
  return { positional, options };
}

function option(args: AdminArgs, name: string, required: true): string;
function option(args: AdminArgs, name: string, required?: false): string | undefined;
function option(args: AdminArgs, name: string, required = false): string | undefined {
  const value = args.options[name];
  if (value === true) throw new UsageError(`Option --${name} needs a value`);
  if (value === undefined && required) throw new UsageError(`Option --${name} is required`);
  return value;
}

const iso = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());

/** The news store for editor commands (categories and base URL do not matter to them). */
const newsStore = (ctx: AdminContext) =>
  new NewsStore(ctx.kv, { clock: ctx.clock, categories: [], baseUrl: "" });

async function accountByEmail(ctx: AdminContext, email: string | undefined) {
  if (!email) throw new UsageError("Give the account's email");
  const account = await new Accounts(ctx.kv, { clock: ctx.clock }).byEmail(email);
  if (!account) {
    throw new UsageError(`No account with email "${email}": sign up at /developers first`);
  }
  return account;
}

/** Every command of the CLI. */
export const commands: AdminCommand[] = [
  {
    path: ["export"],
    usage: "[> backup.jsonl]",
    summary:
      "Write every KV entry (accounts, hashed keys, counters, news, ...) as JSON Lines to stdout",
    async run(_args, ctx) {
      const count = await exportKv(ctx.kv, (line) => ctx.out(line), new Date(ctx.clock.now()));
      console.error(`Exported ${count} entries.`);
    },
  },
  {
    path: ["import"],
    usage: "<backup.jsonl>",
    summary: "Restore a backup made by export into an empty KV (checked whole before writing)",
    async run(args, ctx) {
      const file = args.positional[0];
      if (!file) throw new UsageError("Give the backup file to import");
      const count = await importKv(ctx.kv, await Deno.readTextFile(file));
      ctx.out(`Imported ${count} entries.`);
    },
  },
  {
    path: ["keys", "create"],
    usage: "--email <email> [--name <label>]",
    summary:
      "Create a key for an account (an account without a password is created if none exists); prints the key once",
    async run(args, ctx) {
      const email = option(args, "email", true);
      const accounts = new Accounts(ctx.kv, { clock: ctx.clock });
      const account = await accounts.byEmail(email) ?? await accounts.signUp(email, null);
      const { key, record } = await accounts.createKey(
        account.id,
        option(args, "name") ?? "",
        "operator",
      );
      ctx.out(`Created key ${record.id} (${record.name}) for ${account.email}.`);
      ctx.out(`Key (shown once, only its hash is stored): ${key}`);
    },
  },
  {
    path: ["keys", "revoke"],
    usage: "<key id>",
    summary: "Revoke a key (servers refuse it within 5 seconds)",
    async run(args, ctx) {
      const id = args.positional[0];
      if (!id) throw new UsageError("Give the key id to revoke (see keys list)");
      const accounts = new Accounts(ctx.kv, { clock: ctx.clock });
      const key = await accounts.revokeKey(id, null);
      ctx.out(`Revoked key ${key.id} (${key.prefix}…) at ${iso(key.revokedAt)}.`);
    },
  },
  {
    path: ["keys", "list"],
    usage: "--email <email>",
    summary: "List an account's keys",
    async run(args, ctx) {
      const accounts = new Accounts(ctx.kv, { clock: ctx.clock });
      const account = await accounts.byEmail(option(args, "email", true));
      if (!account) throw new UsageError("No account with that email");
      for (const key of await accounts.listKeys(account.id)) {
        ctx.out(
          [key.id, `${key.prefix}…`, key.name, iso(key.createdAt), iso(key.lastUsedAt)].join("\t") +
            (key.revokedAt === null ? "\tactive" : `\trevoked ${iso(key.revokedAt)}`),
        );
      }
    },
  },
  {
    path: ["editors", "add"],
    usage: "<email> [--name <display name>]",
    summary:
      "Grant the news editor role to an account (the name is the byline and the approvedBy shown; default: the email's local part)",
    async run(args, ctx) {
      const account = await accountByEmail(ctx, args.positional[0]);
      if (!account.verifiedAt) {
        throw new UsageError(
          `The account "${account.email}" has not confirmed its email address yet: the editor role needs a confirmed one (the owner follows the link mailed at sign-up, or asks for a new one on /developers)`,
        );
      }
      const name = (option(args, "name") ?? account.email.split("@")[0]!).trim().slice(0, 80);
      if (!name) throw new UsageError("--name cannot be empty");
      await newsStore(ctx).grantEditor(account.id, account.email, name);
      ctx.out(`${account.email} is now a news editor, shown as "${name}".`);
    },
  },
  {
    path: ["editors", "remove"],
    usage: "<email>",
    summary: "Remove the news editor role (their posts stay)",
    async run(args, ctx) {
      const account = await accountByEmail(ctx, args.positional[0]);
      const removed = await newsStore(ctx).revokeEditor(account.id);
      ctx.out(
        removed
          ? `${account.email} is no longer a news editor.`
          : `${account.email} was not a news editor.`,
      );
    },
  },
  {
    path: ["editors", "list"],
    usage: "",
    summary: "List news editors",
    async run(_args, ctx) {
      for (const editor of await newsStore(ctx).editors()) {
        ctx.out([editor.email, editor.name, iso(editor.grantedAt)].join("\t"));
      }
    },
  },
  {
    path: ["usage"],
    usage: "[--day YYYY-MM-DD]",
    summary: "Requests per caller on a UTC day (default today), busiest first",
    async run(args, ctx) {
      const day = option(args, "day") ?? utcDate(ctx.clock.now());
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UsageError("--day must be YYYY-MM-DD");
      const rows: [string, number][] = [];
      for await (const entry of ctx.kv.list<Deno.KvU64>({ prefix: ["usage"] })) {
        if (entry.key[2] === day) rows.push([String(entry.key[1]), Number(entry.value.value)]);
      }
      rows.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const keyIds = rows.map(([id]) => id).filter((id) => id.startsWith("key:"));
      const labels = new Map<string, string>();
      // Keyed calls count per account (`acct:<id>`, and `voice:acc_...` for voice): name the owner.
      const accountIds = rows.map(([id]) => id).filter((id) => /^(acct|voice):acc_/.test(id));
      for (let i = 0; i < accountIds.length; i += 10) {
        const chunk = accountIds.slice(i, i + 10);
        const found = await ctx.kv.getMany<Account[]>(
          chunk.map((id) => ["accounts", id.slice(id.indexOf(":") + 1)]),
        );
        found.forEach((entry, j) => {
          if (entry.value) labels.set(chunk[j]!, entry.value.email);
        });
      }
      for (let i = 0; i < keyIds.length; i += 10) {
        const chunk = keyIds.slice(i, i + 10);
        const keys = await ctx.kv.getMany<StoredKey[]>(chunk.map((id) => ["keys", id.slice(4)]));
        keys.forEach((entry, j) => {
          if (entry.value) labels.set(chunk[j]!, `${entry.value.prefix}… ${entry.value.name}`);
        });
      }
      ctx.out(`Usage on ${day} (UTC):`);
      for (const [id, count] of rows) {
        ctx.out(
          `${String(count).padStart(8)}  ${id}${labels.has(id) ? `  (${labels.get(id)})` : ""}`,
        );
      }
      ctx.out(`${String(rows.reduce((sum, [, n]) => sum + n, 0)).padStart(8)}  total`);
    },
  },
];

function help(): string {
  return [
    "Usage: deno task admin <command> [options]",
    "",
    ...commands.map((c) => `  ${[...c.path, c.usage].join(" ")}\n      ${c.summary}`),
  ].join("\n");
}

/**
 * Runs the CLI on arguments.
 *
 * @param argv Arguments (e.g. `Deno.args`).
 * @param ctx KV, clock, output.
 * @param err Where errors and usage go.
 * @returns The exit status: 0 done, 1 failed, 2 bad usage.
 */
export async function runAdmin(
  argv: readonly string[],
  ctx: AdminContext,
  err: (line: string) => void = console.error,
): Promise<number> {
  const command = commands
    .filter((c) => c.path.every((word, i) => argv[i] === word))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (!command || argv.includes("--help")) {
    (command ? ctx.out : err)(help());
    return command ? 0 : 2;
  }
  try {
    await command.run(parseArgs(argv.slice(command.path.length)), ctx);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\nUsage: deno task admin ${[...command.path, command.usage].join(" ")}`);
      return 2;
    }
    err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/**
 * What to tell an operator whose KV cannot be opened: the reason, and when Deno's permissions
 * are the cause, the command that grants them.
 *
 * @param kvPath The configured `KV_PATH`.
 * @param error What opening threw.
 * @returns The message (no stack trace: this is an operator's mistake, not a bug).
 */
export function openFailure(kvPath: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (!/NotCapable|Requires (write|read) access|PermissionDenied|permission denied/i.test(reason)) {
    return reason;
  }
  const folder = kvPath.includes("/") ? kvPath.replace(/\/[^/]*$/, "") || "/" : ".";
  return `${reason}\n` +
    `The admin task may write only to .data and /var/lib/lanka-api (deno.json, "admin"). For a ` +
    `KV elsewhere, run it with that folder writable:\n` +
    `  deno run --allow-net --allow-env --allow-read --allow-write=${folder} server/admin.ts ` +
    `${Deno.args.join(" ")}\n` +
    `(and check that the user running it may write to ${folder}).`;
}

if (import.meta.main) {
  const config = configFromEnvOrExit();
  let kv: Deno.Kv;
  try {
    kv = await openKv(config.kvPath);
  } catch (error) {
    console.error(openFailure(config.kvPath, error));
    Deno.exit(3);
  }
  const status = await runAdmin(Deno.args, { kv, clock: systemClock, out: console.log });
  kv.close();
  Deno.exit(status);
}
