// WEB_CONCURRENCY service processes on one port (ADR 0043). The process `npm start` runs supervises
// them: it has done what must happen once before any starts (migrations, the first start's account
// and its printed key), then starts the serving processes, each listening with SO_REUSEPORT so the
// kernel spreads connections among them; it restarts one that dies and stops them all on SIGTERM.
// What must still happen once while they serve (scheduler jobs, outbox deliveries, long work's
// cancels) the leases and the work board already make so (ADR 0032), as for processes on separate
// machines. Rate limits counted in memory are counted in the supervisor's, for all of them: each
// process sends its hits over an IPC channel in batches and gets the decisions back.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { DelegatedRateLimiter, type CountedHit, type RateDecision } from "../access/rate-limit.ts";
import { localOrigin } from "../platform/config.ts";
import type { Logger } from "../platform/logger.ts";

/** Set in a serving process to its number (1…N): it serves and leaves the once-only work to its supervisor. */
export const SERVING_PROCESS = "SERVICE_PROCESS";

/** What a serving process prints once it listens; the supervisor reads its port from it. */
export const LISTENING = /^Listening on (http:\/\/\S+)/;

/** A process that died before it listened is restarted after this, doubled each time it happens again (at most 30 s). */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export type SupervisorOptions = {
  processes: number;
  /** The command of one serving process, e.g. [bun, server/http/main.ts]. */
  command: readonly string[];
  port: number;
  host: string;
  /** How long a stop waits for the processes' own graceful stop before it kills them. */
  graceMs: number;
  logger: Logger;
  /** The supervisor's own lines (where it listens); the serving processes' output passes through as it is. */
  print(line: string): void;
  /** Counts the rate-limit hits the serving processes send (RATE_LIMIT_STORE=memory). */
  rateLimits?: { countAll(hits: readonly CountedHit[]): RateDecision[] };
};

/** A batch of hits from a serving process, and the decisions that answer it. */
type RateHits = { rateHits: { id: number; hits: CountedHit[] } };
type RateDecisions = { rateDecisions: { id: number; decisions: RateDecision[] } };

export type Supervisor = {
  /** The port every process listens on. */
  port: number;
  /** The serving processes' ids, in their order. */
  pids(): number[];
  /** SIGTERM to each, then SIGKILL to any still running after the grace period; resolves when all are gone. */
  stop(): Promise<void>;
};

type Slot = { index: number; child: ChildProcess; listening: boolean; exited: Promise<void> };

/** Starts `processes` serving processes on one port; resolves once every one of them listens. */
export async function supervise(options: SupervisorOptions): Promise<Supervisor> {
  const { logger } = options;
  const slots: Slot[] = [];
  let port = options.port;
  /** Until every process first listens, a failure is the start's failure; after, a process that dies is started again. */
  let started = false;
  let stopping = false;

  /** Starts process `index`; resolves with its port once it listens, rejects if it exits first. */
  function start(index: number, retryMs = FIRST_RETRY_MS): Promise<number> {
    const child = spawn(options.command[0] as string, options.command.slice(1), {
      env: { ...process.env, [SERVING_PROCESS]: String(index), PORT: String(port) },
      // stdin is a pipe only this supervisor holds: when it ends, however it ends, so do they. The
      // IPC channel carries rate-limit hits.
      stdio: ["pipe", "pipe", "inherit", "ipc"],
    });
    child.on("message", (message: Partial<RateHits>) => {
      if (!message.rateHits) return;
      const { id, hits } = message.rateHits;
      const decisions = options.rateLimits?.countAll(hits) ?? [];
      if (child.connected) child.send({ rateDecisions: { id, decisions } } satisfies RateDecisions);
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const slot: Slot = { index, child, listening: false, exited };
    slots[index - 1] = slot;
    return new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
        const listening = slot.listening ? null : LISTENING.exec(line);
        if (!listening?.[1]) return options.print(line);
        slot.listening = true;
        // The port by the URL's end: an IPv6 host (HOST=::) is printed unbracketed.
        resolve(Number(/:(\d+)$/.exec(listening[1])?.[1]));
      });
      child.once("exit", (code, signal) => {
        if (!slot.listening) reject(new Error(`service process ${index} exited (${signal ?? code}) before it listened`));
        if (stopping || !started) return;
        logger.error("service process exited; starting it again", { process: index, pid: child.pid, code, signal });
        // One that died while serving comes back at once; one that could not start waits longer each time.
        setTimeout(() => {
          if (stopping) return;
          start(index, slot.listening ? FIRST_RETRY_MS : Math.min(retryMs * 2, LAST_RETRY_MS))
            .then(() => logger.info("service process started again", { process: index, pid: slots[index - 1]?.child.pid }))
            .catch(() => undefined);
        }, slot.listening ? 0 : retryMs);
      });
    });
  }

  async function stop(): Promise<void> {
    stopping = true;
    for (const slot of slots) slot.child.kill("SIGTERM");
    const late = setTimeout(() => {
      for (const slot of slots) slot.child.kill("SIGKILL");
    }, options.graceMs + 5000);
    await Promise.all(slots.map((slot) => slot.exited));
    clearTimeout(late);
  }

  try {
    // The first takes the port (PORT=0 picks a free one); the others join it.
    port = await start(1);
    await Promise.all(Array.from({ length: options.processes - 1 }, (_, offset) => start(offset + 2)));
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;
  // The line a single process prints, as scripts and people look for it, then how many serve.
  options.print(`Listening on ${localOrigin(options.host, port)}`);
  options.print(`Serving with ${options.processes} processes (WEB_CONCURRENCY)`);

  return { port, pids: () => slots.map((slot) => slot.child.pid as number), stop };
}

/** In a serving process: rate limits counted in its supervisor's memory, over the IPC channel. */
export function supervisorRateLimits(): DelegatedRateLimiter {
  const pending = new Map<number, (decisions: RateDecision[]) => void>();
  let next = 0;
  process.on("message", (message: Partial<RateDecisions>) => {
    if (!message.rateDecisions) return;
    const { id, decisions } = message.rateDecisions;
    pending.get(id)?.(decisions);
    pending.delete(id);
  });
  return new DelegatedRateLimiter(
    (hits) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, resolve);
        process.send?.({ rateHits: { id, hits } } satisfies RateHits, undefined, undefined, (error: Error | null) => {
          if (!error) return;
          pending.delete(id);
          reject(error);
        });
      }),
  );
}

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits 0. In a serving process also when its stdin,
 * the supervisor's pipe, closes: the supervisor is gone, even killed outright.
 */
export function stopOnSignals(stop: (reason: string) => Promise<void>): void {
  let stopping = false;
  const once = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    void stop(reason).then(() => process.exit(0));
  };
  process.on("SIGTERM", () => once("SIGTERM"));
  process.on("SIGINT", () => once("SIGINT"));
  if (process.env[SERVING_PROCESS] !== undefined) process.stdin.on("data", () => undefined).on("end", () => once("supervisor gone"));
}
