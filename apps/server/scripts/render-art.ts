/**
 * Renders the seed artwork (db/seed/art/*.svg, drawn for this shop) into the WebP files the seed stores:
 * every width the shop keeps of a stored photo (contract PHOTO_COPIES). The drawings take about a second
 * each to rasterise, so they are rendered once here and committed, instead of on every fresh start.
 * Renders the files that are missing; `--force` renders them all again (after changing a drawing):
 * npm run art -w @florist/server [-- --force]
 */
import fs from "node:fs/promises";
import path from "node:path";
import { PHOTO_COPIES, PHOTO_FULL_WIDTH } from "@florist/contract/pages";
import sharp from "sharp";

const ART_DIR = path.join(import.meta.dirname, "../src/db/seed/art");
const force = process.argv.includes("--force");
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

for (const file of (await fs.readdir(ART_DIR)).filter((f) => f.endsWith(".svg")).sort()) {
  const base = path.join(ART_DIR, file.replace(/\.svg$/, ""));
  const outputs = [
    { file: `${base}.webp`, width: PHOTO_FULL_WIDTH, quality: 84 },
    ...PHOTO_COPIES.map(({ suffix, width }) => ({ file: `${base}${suffix}.webp`, width, quality: 80 })),
  ];
  const wanted = [];
  for (const output of outputs) if (force || !(await exists(output.file))) wanted.push(output);
  if (wanted.length === 0) continue;
  const svg = await fs.readFile(path.join(ART_DIR, file));
  const { width = PHOTO_FULL_WIDTH } = await sharp(svg).metadata();
  const rendered = await sharp(svg, { density: (72 * PHOTO_FULL_WIDTH) / width })
    .resize({ width: PHOTO_FULL_WIDTH })
    .png()
    .toBuffer();
  for (const output of wanted) {
    await sharp(rendered).resize({ width: output.width }).webp({ quality: output.quality }).toFile(output.file);
  }
  console.log(`${file} → ${wanted.map((output) => path.basename(output.file)).join(", ")}`);
}
