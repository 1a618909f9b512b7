// Long work (a streamed tool call, a background import) runs in the process that took its request,
// but behind a load balancer the cancel, or the question of how far it got, may reach another
// process. The board answers both from anywhere (ADR 0032):
// - Work under way registers here. Locally that is a map: a cancel or a read in the same process is
//   answered at once, with no I/O.
// - Work worth seeing from elsewhere is published: a marker in blob storage (shared by every process
//   of a deployment, S3 or the data folder), `running/<hash of its name>`, holding its owner, a run id
//   and its latest state. While published, the running process rewrites the marker when its state
//   changes and looks for a cancel note beside it, every POLL_MS.
// - A cancel reaching another process finds the marker, checks the owner, and leaves a note naming
//   the run; only that run honours it, so a note that arrives after its work ended (a race) never
//   stops a later run that reuses the name.
// - A stop (SIGTERM) drains the board: work under way here gets the grace period to end, then is
//   aborted; either way its marker is gone before the process exits, so no GET anywhere shows it
//   running ever after.
// Blob storage, not the database: an import holds the database's write lock for its whole commit,
// so a cancel written to the database would wait for the very work it means to stop.
import type { BlobStore } from "./blob-store.ts";
import { sha256Hex } from "../domain/secrets.ts";

/** How often published work rewrites its state and looks for a cancel note. */
export const POLL_MS = 200;

type Marker = { run: string; owner: string; state: unknown };

export type WorkEntry = {
  /** Who may read or cancel it: an account id, or a caller's key for work named per caller. */
  owner: string;
  controller: AbortController;
  /** What a read answers while it runs (JSON). */
  state: () => unknown;
};

export type TrackedWork = {
  /**
   * Makes the work visible to other processes `afterMs` from now (at once by default; a later call
   * can only bring that sooner). Until then only this process knows it: short work never touches
   * storage. Resolves once the first marker is written (or its write failed, which is logged).
   */
  publish(afterMs?: number): Promise<void>;
  /**
   * Looks for a cancel note now (published work; a no-op otherwise), aborting the work if one is
   * there: for the last moment work can still be undone, such as before a commit.
   */
  check(): Promise<void>;
  /** The work ended: it leaves the board at once; its marker and any cancel note are gone when this resolves. */
  end(): Promise<void>;
};

export type WorkBoard = {
  track(name: string, entry: WorkEntry): TrackedWork;
  /** The owner and state of work under way in any process, or null. */
  read(name: string): Promise<{ owner: string; state: unknown } | null>;
  /** Cancels the owner's work of that name wherever it runs: false when none of theirs is under way. */
  cancel(name: string, owner: string): Promise<boolean>;
  /**
   * For a stop: lets the work under way here run up to `graceMs`, then aborts what is left with
   * `reason`; resolves once all of it has ended and its markers are gone.
   */
  drain(graceMs: number, reason: unknown): Promise<void>;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function readJson<T>(blobs: BlobStore, key: string): Promise<T | null> {
  const bytes = await blobs.get(key);
  if (!bytes) return null;
  try {
    return JSON.parse(decoder.decode(bytes)) as T;
  } catch {
    return null;
  }
}

export function createWorkBoard(blobs: BlobStore, onError: (error: unknown) => void): WorkBoard {
  const local = new Map<string, WorkEntry>();
  /** Every piece of work under way here (a name may be taken over), and when its end() is done. */
  const underWay = new Map<WorkEntry, Promise<void>>();
  const markerKey = async (name: string): Promise<string> => `running/${await sha256Hex(name)}`;

  function track(name: string, entry: WorkEntry): TrackedWork {
    local.set(name, entry);
    const run = crypto.randomUUID();
    const key = markerKey(name);
    let timer: ReturnType<typeof setTimeout> | null = null;
    /** The tick under way: the marker is removed after it, never rewritten after its removal. */
    let ticking: Promise<void> = Promise.resolve();
    let publishAt = Infinity;
    let ended = false;
    let written = "";
    let firstWritten!: () => void;
    const first = new Promise<void>((resolve) => (firstWritten = resolve));
    let gone!: () => void;
    underWay.set(entry, new Promise<void>((resolve) => (gone = resolve)));

    /** Writes the marker if the state changed, then looks for a note meant for this run. */
    async function tick(path: string): Promise<void> {
      const marker = JSON.stringify({ run, owner: entry.owner, state: entry.state() } satisfies Marker);
      if (marker !== written) {
        await blobs.put(path, encoder.encode(marker));
        written = marker;
      }
      const note = await readJson<{ run: string }>(blobs, `${path}.cancel`);
      if (note?.run === run) entry.controller.abort();
    }

    function schedule(delay: number): void {
      timer = setTimeout(() => {
        timer = null;
        ticking = key
          .then(tick)
          .catch(onError)
          .finally(() => {
            firstWritten();
            if (!ended && !entry.controller.signal.aborted) schedule(POLL_MS);
          });
      }, delay);
    }

    return {
      publish(afterMs = 0) {
        const at = Date.now() + afterMs;
        if (ended || at >= publishAt) return first;
        if (timer) clearTimeout(timer);
        publishAt = at;
        schedule(afterMs);
        return first;
      },
      async check() {
        if (ended || publishAt > Date.now()) return;
        await ticking;
        ticking = key.then(tick).catch(onError);
        await ticking;
      },
      async end() {
        ended = true;
        firstWritten();
        if (local.get(name) === entry) local.delete(name);
        if (timer) clearTimeout(timer);
        // Unless never written, the marker and any note go.
        if (publishAt <= Date.now()) {
          await Promise.all([key, ticking])
            .then(([marker]) => Promise.all([blobs.delete(marker), blobs.delete(`${marker}.cancel`)]))
            .catch(onError);
        }
        underWay.delete(entry);
        gone();
      },
    };
  }

  return {
    track,
    async read(name) {
      const entry = local.get(name);
      if (entry) return { owner: entry.owner, state: entry.state() };
      const marker = await readJson<Marker>(blobs, await markerKey(name));
      return marker ? { owner: marker.owner, state: marker.state } : null;
    },
    async cancel(name, owner) {
      const entry = local.get(name);
      if (entry) {
        if (entry.owner !== owner) return false;
        entry.controller.abort();
        return true;
      }
      const key = await markerKey(name);
      const marker = await readJson<Marker>(blobs, key);
      if (!marker || marker.owner !== owner) return false;
      await blobs.put(`${key}.cancel`, encoder.encode(JSON.stringify({ run: marker.run })));
      return true;
    },
    async drain(graceMs, reason) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<"over">((resolve) => (timer = setTimeout(() => resolve("over"), graceMs)));
      // Work may start while the last requests finish: wait until none is left.
      const allEnded = async (): Promise<void> => {
        while (underWay.size > 0) await Promise.all(underWay.values());
      };
      const over = await Promise.race([allEnded(), graceOver]);
      clearTimeout(timer);
      if (over !== "over") return;
      while (underWay.size > 0) {
        for (const entry of underWay.keys()) entry.controller.abort(reason);
        await Promise.all(underWay.values());
      }
    },
  };
}
