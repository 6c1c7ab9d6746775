import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { checkKey, contentTypeOf, type FileStore } from "./store.js";

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
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // MinIO, Garage, SeaweedFS and most other S3-compatible servers name the bucket in the path, not the host.
    forcePathStyle: true,
    // A bucket that stops answering fails the request that needed it instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    location: `bucket ${Bucket} at ${settings.endpoint}`,
    async put(key, body, options) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        return { body, contentType: object.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async list(folder) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
    },
  };
}
