// Everything a request may use, built once at start and handed to procedures through the context.
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { createLocalBlobStore, type BlobStore } from "./platform/blob-store.ts";
import type { Config } from "./platform/config.ts";
import { systemClock, type Clock } from "./domain/clock.ts";
import { newSecret } from "./domain/secrets.ts";
import { createCredentialResolver, type CredentialResolver } from "./access/credentials.ts";
import { createLogger, type Logger } from "./platform/logger.ts";
import { RateLimiter, SharedRateLimiter, type RateLimits } from "./access/rate-limit.ts";
import { createRenderer, type Renderer } from "./documents/renderer.ts";
import { createEventLog, type EventLog } from "./automation/events.ts";
import { createOcrEngine, type OcrEngine } from "./imports/ocr/engine.ts";
import { createReadPool, type ReadPool } from "./imports/read-pool.ts";
import { createBrandPool, type BrandPool } from "./documents/brand/reader.ts";
import { defaultPoolSize } from "./documents/render-pool.ts";
import { createWorkBoard, type WorkBoard } from "./platform/work-board.ts";
import { loadDailyUsage } from "../db/queries/usage.ts";
import packageJson from "../package.json" with { type: "json" };

/** The package version, reported by health, capabilities and the OpenAPI document. */
export const VERSION: string = packageJson.version;

export type Services = {
  config: Config;
  version: string;
  database: Database;
  clock: Clock;
  logger: Logger;
  /** Turns a request's API key, access token or session cookie into a principal. */
  credentials: CredentialResolver;
  rateLimiter: RateLimits;
  blobs: BlobStore;
  /** Runs exports: cheap text inline, the rest in the render worker pool. */
  renderer: Renderer;
  secretKey: string;
  /** Where changes write their events (the transactional outbox webhooks are fed from). */
  events: EventLog;
  /** Reads text off images and scanned PDFs; its workers start on the first call. */
  ocr: OcrEngine;
  /** Reads imported files off the request thread; its workers start on the first import. */
  importReaders: ReadPool;
  /** Reads the pages of brand extractions off the request thread; its workers start on the first one. */
  brandReaders: BrandPool;
  /** Long work under way, cancellable and readable from any process (streamed tool calls, imports). */
  work: WorkBoard;
};

/** `rateLimiter`: counts kept elsewhere, such as a supervising process's memory (ADR 0043). */
export type ServiceOverrides = { clock?: Clock; logger?: Logger; rateLimiter?: RateLimits };

/**
 * SECRET_KEY, or one generated once into DATA_DIR so signatures survive restarts. The new key is
 * written aside and linked into place, so a process starting at the same moment either finds the
 * whole key or makes the link fail and reads the winner's: never a half-written file.
 */
async function loadSecretKey(config: Config): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const path = join(config.dataDir, "secret.key");
  const existing = await readFile(path, "utf8").catch(() => null);
  if (existing === null) {
    const aside = `${path}.${crypto.randomUUID()}`;
    await writeFile(aside, newSecret("sk_"), { mode: 0o600 });
    await link(aside, path).catch(() => undefined);
    await unlink(aside);
  }
  const secret = (existing ?? (await readFile(path, "utf8"))).trim();
  if (!secret) throw new Error(`${path} is empty: delete it, or set SECRET_KEY`);
  return secret;
}

/** The local folder, or S3 by BLOB_URL; the AWS SDK is loaded only then (ADR 0030). */
async function blobStoreFor(config: Config): Promise<BlobStore> {
  if (!config.blobs) return createLocalBlobStore(join(config.dataDir, "blobs"));
  const { createS3BlobStore } = await import("./platform/blob-store-s3.ts");
  return createS3BlobStore(config.blobs);
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  await mkdir(config.dataDir, { recursive: true });
  const clock = overrides.clock ?? systemClock;
  const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  await migrateDatabase(database);
  // Shared: counted together with other processes, in the database or the supervisor's memory.
  const shared = config.rateLimitStore === "database" || overrides.rateLimiter !== undefined;
  const rateLimiter = overrides.rateLimiter ?? (shared ? new SharedRateLimiter(database) : new RateLimiter());
  if (rateLimiter instanceof RateLimiter) rateLimiter.restore(await loadDailyUsage(database.db), clock.now());
  const logger = overrides.logger ?? createLogger(config.logLevel);
  // Said at every start, so a development setting copied into production shows in the first lines (ADR 0017).
  if (!config.smtpVerifyCertificates) logger.warn("SMTP_URL has tls.rejectUnauthorized=false: the mail server's TLS certificate is not verified; for a development sink only");
  const blobs = await blobStoreFor(config);
  // Each worker pool's threads, the machine's share for this one of its service processes.
  const poolSize = defaultPoolSize(config.processes);
  return {
    config,
    version: VERSION,
    database,
    clock,
    logger,
    credentials: createCredentialResolver(database, clock, {
      cacheMs: config.keyCacheMs,
      // Failures are never flushed: a restart forgiving them is harmless, a shared store counts them together.
      failures: shared ? rateLimiter : new RateLimiter(),
      failureLimits: config.tierLimits.anonymous,
      config,
    }),
    rateLimiter,
    blobs,
    renderer: createRenderer({ poolSize: config.renderWorkers ?? poolSize }),
    secretKey: await loadSecretKey(config),
    events: createEventLog({ enabled: config.eventsEnabled }),
    ocr: createOcrEngine({ workers: config.ocrWorkers, languages: config.ocrLanguages }),
    importReaders: createReadPool(poolSize),
    brandReaders: createBrandPool(poolSize),
    // Storage failing under the board costs a cancel or a progress read from another process, never the work itself.
    work: createWorkBoard(blobs, (error) => logger.warn("work board storage failed", { error: error instanceof Error ? error.message : String(error) })),
  };
}

/** Stops every worker pool (renders, OCR, import and brand reading): what is queued or running is refused. */
export async function closeWorkerPools(services: Services): Promise<void> {
  await Promise.all([services.renderer.close(), services.ocr.close(), services.importReaders.close(), services.brandReaders.close()]);
}
