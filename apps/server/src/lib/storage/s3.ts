import type { S3Client } from "@aws-sdk/client-s3";
import { checkKey, contentTypeOf, type FileStore } from "./store.js";

type Sdk = typeof import("@aws-sdk/client-s3");

/** An S3-compatible bucket (README: Configuration, S3_*). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** A missing object: GetObject says NoSuchKey, HeadObject only its 404. */
const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Files as objects of one bucket, keyed like their paths under DATA_DIR. */
export function s3Store(settings: S3Settings): FileStore {
  // The SDK is loaded when a bucket is configured, not at every start: a shop that keeps its files
  // in DATA_DIR starts without it (a fifth of a second sooner, docs/performance.md).
  const ready: Promise<{ sdk: Sdk; client: S3Client }> = import("@aws-sdk/client-s3").then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // MinIO, Garage, SeaweedFS and most other S3-compatible servers name the bucket in the path, not the host.
      forcePathStyle: true,
      // A bucket that stops answering fails the request that needed it instead of holding it open.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    }),
  }));
  // Seen by the first request that needs the bucket; not an unhandled rejection before it.
  ready.catch(() => {});
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    location: `bucket ${Bucket} at ${settings.endpoint}`,
    async put(key, body, options) {
      const Key = checkKey(key);
      const { sdk, client } = await ready;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key,
          Body: body,
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
        }),
      );
    },
    async get(key) {
      const Key = checkKey(key);
      const { sdk, client } = await ready;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        return { body, contentType: object.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      const Key = checkKey(key);
      const { sdk, client } = await ready;
      try {
        const object = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return { size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = checkKey(key);
      const { sdk, client } = await ready;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async list(folder) {
      const { sdk, client } = await ready;
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      const loaded = await ready.catch(() => undefined);
      loaded?.client.destroy();
    },
  };
}
