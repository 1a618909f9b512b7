// A real S3-compatible server (s3rver, from npm) on a free port with a fresh directory and one
// bucket, and the environment that points the service's BLOB_URL at it.
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

export async function startS3(bucket = "invoices"): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const port = await freePort();
  const make = () => new S3rver({ port, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
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
