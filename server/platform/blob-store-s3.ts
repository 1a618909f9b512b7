// Blobs in S3-compatible storage (AWS S3, Cloudflare R2, MinIO) under BLOB_URL's bucket and prefix,
// through the AWS SDK (ADR 0030). Downloads still go through the service's own signed route
// (/files/…), so the bucket stays private and needs no public URL or CORS of its own.
// Timeouts are short and attempts few: storage that does not answer becomes a 503 with Retry-After
// within seconds (server/platform/faults.ts), never a request hanging on it.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { S3Settings } from "./config.ts";
import { BlobStoreUnavailable, checkedBlobKey, type BlobStore } from "./blob-store.ts";

export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string): string => (settings.prefix ? `${settings.prefix}/${checkedBlobKey(key)}` : checkedBlobKey(key));

  async function attempt<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new BlobStoreUnavailable(operation, error);
    }
  }

  return {
    put: (key, bytes) => attempt("put", async () => void (await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength })))),
    async get(key) {
      const Key = objectKey(key);
      return attempt("get", async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key }));
          return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        } catch (error) {
          if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return null;
          throw error;
        }
      });
    },
    delete: (key) => attempt("delete", async () => void (await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })))),
  };
}
