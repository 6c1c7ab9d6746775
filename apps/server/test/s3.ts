import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "../src/lib/storage/index.js";

export interface TestBucket {
  /** The S3_* settings of the bucket, for `createTestShop({ s3: bucket.settings })` or a child's environment. */
  settings: S3Settings;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 at a free port, holding one empty bucket in a
 * temporary folder: the real AWS SDK talks to it over HTTP as it would to MinIO or S3.
 */
export async function startTestBucket(): Promise<TestBucket> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "florist-s3-"));
  const bucket = "florist-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
  });
  return {
    settings,
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ""));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
