// Health checks (README "Scaling out"; ADR 0008): each a real round trip. Health is open and never
// rate limited, so one set of checks serves every caller for a second: probing cannot be turned
// into a stream of writes.
import { databaseAnswers, kvRoundTrip } from "../../db/queries/health.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import type { BlobStore } from "./blob-store.ts";

/** What health looks at: the parts the service stands on (the services pass themselves). */
export type HealthParts = { database: Database; blobs: BlobStore; clock: Clock; version: string };

export type HealthReport = { status: "ok" | "degraded"; version: string; d1: boolean; r2: boolean; kv: boolean; timestamp: string };

const FRESH_MS = 1000;
const recent = new WeakMap<HealthParts, { at: number; report: Promise<HealthReport> }>();

async function passes(check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

async function runChecks(services: HealthParts, now: Date): Promise<HealthReport> {
  const { database, blobs } = services;
  const stamp = now.toISOString();
  const [d1, r2, kv] = await Promise.all([
    passes(() => databaseAnswers(database.db)),
    passes(async () => {
      const key = `health/${crypto.randomUUID()}`;
      await blobs.put(key, new TextEncoder().encode(stamp));
      const back = await blobs.get(key);
      await blobs.delete(key);
      return back !== null && new TextDecoder().decode(back) === stamp;
    }),
    passes(() => database.write((tx) => kvRoundTrip(tx, now))),
  ]);
  return { status: d1 && r2 && kv ? "ok" : "degraded", version: services.version, d1, r2, kv, timestamp: stamp };
}

export function checkHealth(services: HealthParts): Promise<HealthReport> {
  const now = services.clock.now();
  const last = recent.get(services);
  if (last && now.getTime() - last.at < FRESH_MS && now.getTime() >= last.at) return last.report;
  const report = runChecks(services, now);
  recent.set(services, { at: now.getTime(), report });
  return report;
}
