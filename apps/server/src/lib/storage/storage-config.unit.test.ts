import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";

const S3 = {
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_BUCKET: "florist",
  S3_REGION: "ap-southeast-3",
  S3_ACCESS_KEY_ID: "florist-shop",
  S3_SECRET_ACCESS_KEY: "a-secret-key",
};

describe("where the shop keeps its files", () => {
  it("keeps them under DATA_DIR when no S3_* setting is given, and serves public images itself", () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.publicUploadsUrl).toBeUndefined();
  });

  it("keeps them in the bucket the five S3_* settings name", () => {
    expect(loadConfig(S3).s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "florist",
      region: "ap-southeast-3",
      accessKeyId: "florist-shop",
      secretAccessKey: "a-secret-key",
    });
  });

  it("refuses to start with only some of them, naming the missing ones", () => {
    const { S3_REGION, S3_SECRET_ACCESS_KEY, ...some } = S3;
    expect(() => loadConfig(some)).toThrow(
      "Invalid configuration: the S3_* settings go together; S3_REGION, S3_SECRET_ACCESS_KEY are missing",
    );
    expect(() => loadConfig({ S3_BUCKET: "florist" })).toThrow(/S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: "minio:9000" })).toThrow(
      "S3_ENDPOINT: must be an http:// or https:// address",
    );
  });

  it("redirects public images to PUBLIC_UPLOADS_URL when it is set, without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_UPLOADS_URL: "https://cdn.example.com/uploads/" }).publicUploadsUrl).toBe(
      "https://cdn.example.com/uploads",
    );
    expect(() => loadConfig({ PUBLIC_UPLOADS_URL: "cdn.example.com" })).toThrow(/PUBLIC_UPLOADS_URL/);
  });
});
