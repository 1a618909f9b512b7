// A real S3-compatible server (s3rver, from npm) on a free port with a fresh directory and one
// bucket, and the environment that points the service's BLOB_URL at it.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../scripts/sqld.ts";

export type S3Server = {
  /** BLOB_URL and the S3 settings for a service storing under `prefix`. */
  env(prefix?: string): Record<string, string>;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  bucket: string;
  /** Stops answering (connections refused), as an outage would; `start` brings it back with its objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

type FilesystemStore = { getResourcePath(bucket: string, key: string, resource: string): string; getMetadata(bucket: string, key: string): Promise<unknown> };

/**
 * s3rver reads an object's metadata, then its `.md5` file, and computes a missing `.md5` from the
 * object through a read stream. When a DELETE removes the object in between (the work board lists
 * and reads markers that other calls remove), Bun raises that stream's ENOENT before s3rver's
 * listener exists, and the error escapes as an uncaught exception of the test. A PUT writes the
 * `.md5` before it answers, so an object without one is gone or not yet stored: it is reported
 * missing, as S3 does (404).
 */
function withoutDeleteRace(server: S3rver): S3rver {
  const store = (server as unknown as { store: FilesystemStore }).store;
  const getMetadata = store.getMetadata.bind(store);
  store.getMetadata = async (bucket, key) => {
    if (!existsSync(`${store.getResourcePath(bucket, key, "object")}.md5`)) throw Object.assign(new Error(`${key} is not stored`), { code: "ENOENT" });
    return getMetadata(bucket, key);
  };
  return server;
}

export async function startS3(bucket = "invoices"): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const port = await freePort();
  const make = (): S3rver => withoutDeleteRace(new S3rver({ port, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] }));
  let server: S3rver | null = make();
  await server.run();
  const stop = async (): Promise<void> => {
    await server?.close();
    server = null;
  };
  return {
    directory,
    bucket,
    env: (prefix = "") => ({
      BLOB_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: "true",
      S3_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
    }),
    stop,
    async start() {
      server = make();
      await server.run();
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
