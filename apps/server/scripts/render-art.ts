/**
 * Renders the seed artwork (db/seed/art/*.svg, drawn for this shop) into the WebP files the seed stores.
 * The drawings take about a second each to rasterise, so they are rendered once here and committed,
 * instead of on every fresh start. Run after changing a drawing: npm run art -w @florist/server
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const ART_DIR = path.join(import.meta.dirname, "../src/db/seed/art");
/** The same widths lib/images.ts keeps for uploads: the detail page and the catalogue cards. */
const WIDTH = 1200;
const CARD_WIDTH = 480;

for (const file of (await fs.readdir(ART_DIR)).filter((f) => f.endsWith(".svg")).sort()) {
  const svg = await fs.readFile(path.join(ART_DIR, file));
  const { width = WIDTH } = await sharp(svg).metadata();
  const rendered = await sharp(svg, { density: (72 * WIDTH) / width })
    .resize({ width: WIDTH })
    .png()
    .toBuffer();
  const base = path.join(ART_DIR, file.replace(/\.svg$/, ""));
  await sharp(rendered).webp({ quality: 84 }).toFile(`${base}.webp`);
  await sharp(rendered).resize({ width: CARD_WIDTH }).webp({ quality: 80 }).toFile(`${base}-card.webp`);
  console.log(`${file} → ${path.basename(base)}.webp, ${path.basename(base)}-card.webp`);
}
