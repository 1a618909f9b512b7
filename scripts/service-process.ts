// The service (server/http/main.ts, scheduler and all) and the repository's scripts as separate
// processes: for the soak (npm run soak) and for tests about what happens beside or to a running
// service (backup while it writes, restore refused while it holds its files, kill -9 mid-burst).
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

/** The environment a child gets: the test's own, minus settings that would point it elsewhere. */
function childEnv(env: Record<string, string>): Record<string, string | undefined> {
  const { DATABASE_URL, DATABASE_AUTH_TOKEN, BLOB_URL, SECRET_KEY, DATA_DIR, ...inherited } = process.env;
  return { ...inherited, NO_COLOR: "1", ...env };
}

export type ScriptRun = { exitCode: number; stdout: string; stderr: string };

/** Runs `bun <script> <args>` from the repository root and waits for it to exit. */
export async function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  const child = Bun.spawn([process.execPath, script, ...args], { cwd: ROOT, env: childEnv(env), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr };
}

/**
 * A new account on `tier` with a key of every scope, made by `npm run accounts` on DATA_DIR, as an
 * operator would beside a running service: its own process, its writes waiting their turn.
 */
export async function createAccountKey(dataDir: string, name: string, tier: string): Promise<string> {
  const env = { DATA_DIR: dataDir };
  const created = await runScript("scripts/accounts.ts", ["create-account", "--name", name, "--tier", tier], env);
  const account = /(acc_\w+)/.exec(created.stdout)?.[1];
  if (!account) throw new Error(`no account made: ${created.stdout}${created.stderr}`);
  const made = await runScript("scripts/accounts.ts", ["create-key", "--account", account], env);
  const key = /(svc_\w+)/.exec(made.stdout)?.[1];
  if (!key) throw new Error(`no key made for ${account}: ${made.stdout}${made.stderr}`);
  return key;
}

export type ServiceProcess = {
  url: string;
  /** The process `bun server/http/main.ts` runs: the service, or with WEB_CONCURRENCY above 1 their supervisor. */
  pid: number;
  /** Every line it has printed so far (its serving processes' too). */
  lines: readonly string[];
  /** The first line printed, now or later, that `matches`. */
  line(matches: (line: string) => boolean): Promise<string>;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number>;
  /** The key of the default account, printed when the service made it (first start on an empty DATA_DIR). */
  defaultKey: string | null;
  /** SIGTERM (drain and close) or SIGKILL (a crash); resolves when the process is gone. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
};

/**
 * `bun server/http/main.ts` on DATA_DIR and a free port, as one process unless `env` sets
 * WEB_CONCURRENCY; resolves once it listens.
 */
export async function startServiceProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const child = Bun.spawn([process.execPath, "server/http/main.ts"], {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", KEY_CACHE_MS: "0", RENDER_WORKERS: "1", WEB_CONCURRENCY: "1", ...env }),
    stdout: "pipe",
    stderr: "inherit",
  });
  const lines: string[] = [];
  const waiting: Array<{ matches: (line: string) => boolean; resolve: (line: string) => void }> = [];
  const listening = Promise.withResolvers<string>();
  // Read to the end, or a full pipe would stall the service's later console output.
  void (async () => {
    const decoder = new TextDecoder();
    let partial = "";
    const reader = child.stdout.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const text = partial + decoder.decode(read.value, { stream: true });
      const complete = text.split("\n");
      partial = complete.pop() ?? "";
      for (const line of complete) {
        lines.push(line);
        const url = /^Listening on (http:\/\/\S+)/.exec(line)?.[1];
        if (url) listening.resolve(url);
        for (const waiter of waiting.filter((candidate) => candidate.matches(line))) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
    listening.reject(new Error(`the service exited (${await child.exited}) before listening:\n${lines.join("\n")}`));
  })();
  const url = await listening.promise;
  return {
    url,
    pid: child.pid,
    lines,
    line: (matches) => {
      const seen = lines.find(matches);
      return seen !== undefined ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ matches, resolve }));
    },
    exited: child.exited,
    defaultKey: lines.map((line) => /API key: (\S+)/.exec(line)?.[1]).find(Boolean) ?? null,
    async stop(signal = "SIGTERM") {
      child.kill(signal);
      await child.exited;
    },
  };
}
