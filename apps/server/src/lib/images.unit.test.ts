import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { imageFile } from "../../test/fixtures.js";
import { storeImage } from "./images.js";
import { diskStore } from "./storage/disk.js";
import type { FileStore } from "./storage/store.js";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

/**
 * A store on a fresh folder whose write of a card copy fails at once while its other writes take a
 * moment; `writes` are all the writes it was asked for, to wait for every one before looking.
 */
async function storeFailingOnCard(): Promise<{ files: FileStore; writes: Promise<void>[] }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "florist-images-"));
  folders.push(folder);
  const disk = diskStore(folder);
  const writes: Promise<void>[] = [];
  const slowPut = async (...args: Parameters<FileStore["put"]>) => {
    if (args[0].endsWith("-card.webp")) throw new Error("The store refused the card copy.");
    await new Promise((resolve) => setTimeout(resolve, 50));
    return disk.put(...args);
  };
  const files: FileStore = {
    ...disk,
    put(...args) {
      const write = slowPut(...args);
      writes.push(write);
      return write;
    },
  };
  return { files, writes };
}

describe("storing a product photo", () => {
  it("leaves no file behind when one of its widths cannot be stored, even one whose write was still under way", async () => {
    const { files, writes } = await storeFailingOnCard();
    const { data } = await imageFile({ width: 1000 });
    await expect(storeImage(files, "products", data)).rejects.toThrow("The store refused the card copy.");
    await Promise.allSettled(writes);
    expect(await files.list("uploads")).toEqual([]);
  });
});
