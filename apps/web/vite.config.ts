import fs from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { createServer, defineConfig, type Plugin, type ViteDevServer } from "vite";

const apiTarget = "http://127.0.0.1:3000";
const FRAME_MODULE = "/src/app/layout/static-frame.tsx";
const ROOT_ELEMENT = '<div id="root"></div>';
const ROOT_START = '<div id="root">';
/** The page with its frame in Indonesian, beside index.html; the server sends it to Indonesian readers. */
const INDONESIAN_PAGE = "index.id.html";
const URL_ATTRIBUTE = /\b(src|href|srcset)="([^"]*)"/g;

/**
 * index.html as built, with the Indonesian frame in place of the English one. Vite's HTML step rewrote
 * the English frame's addresses (the logo becomes its hashed file); the same rewrites, read off the
 * two English versions in order, are made in the Indonesian frame, whose markup has the same elements.
 */
function indonesianPage(builtHtml: string, rawEnglish: string, rawIndonesian: string): string {
  const start = builtHtml.indexOf(ROOT_START) + ROOT_START.length;
  const end = builtHtml.lastIndexOf("</div>", builtHtml.indexOf("</body>"));
  if (start < ROOT_START.length || end < start) throw new Error("The built index.html has no frame in #root.");
  const builtEnglish = builtHtml.slice(start, end);
  const before = [...rawEnglish.matchAll(URL_ATTRIBUTE)].map((m) => m[2]);
  const after = [...builtEnglish.matchAll(URL_ATTRIBUTE)].map((m) => m[2]);
  if (before.length !== after.length) throw new Error("The built frame's addresses do not match the rendered ones.");
  const rewritten = new Map(before.map((url, index) => [url, after[index]]));
  const indonesian = rawIndonesian.replace(
    URL_ATTRIBUTE,
    (_whole, name: string, url: string) => `${name}="${rewritten.get(url) ?? url}"`,
  );
  return builtHtml.slice(0, start) + indonesian + builtHtml.slice(end);
}

/**
 * Puts the page's frame (header, footer, the room the content takes) into index.html as static markup,
 * rendered from the app's own components, so the first paint is not blank and nothing moves when the
 * script arrives. No inline script is needed: the CSP allows none. See docs/decisions/0022.
 */
function staticFrame(): Plugin {
  let devServer: ViteDevServer | undefined;
  let frames: { en: string; id: string } | undefined;
  return {
    name: "florist-static-frame",
    configureServer(server) {
      devServer = server;
    },
    transformIndexHtml: {
      // Before Vite's own HTML step, so the logo's address in the frame becomes the hashed asset.
      order: "pre",
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to fill.`);
        const server =
          devServer ??
          (await createServer({
            configFile: false,
            root: import.meta.dirname,
            logLevel: "error",
            appType: "custom",
            server: { middlewareMode: true, hmr: false, ws: false },
            optimizeDeps: { noDiscovery: true, include: [] },
          }));
        try {
          const { renderStaticFrame } = (await server.ssrLoadModule(FRAME_MODULE)) as {
            renderStaticFrame: (language: "en" | "id") => Promise<string>;
          };
          const id = await renderStaticFrame("id");
          const en = await renderStaticFrame("en");
          frames = { en, id };
          return html.replace(ROOT_ELEMENT, `${ROOT_START}${en}</div>`);
        } finally {
          if (server !== devServer) await server.close();
        }
      },
    },
    // After Vite wrote index.html: the same page with the Indonesian frame (docs/decisions/0025).
    writeBundle(options) {
      const dir = options.dir ?? path.join(import.meta.dirname, "dist");
      const built = path.join(dir, "index.html");
      if (!frames || !fs.existsSync(built)) return;
      const page = indonesianPage(fs.readFileSync(built, "utf8"), frames.en, frames.id);
      fs.writeFileSync(path.join(dir, INDONESIAN_PAGE), page);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), staticFrame()],
  // The shop's pages run on Preact's React-compatible core: the same components at a third of the
  // download (docs/decisions/0026-preact-in-the-browser.md). Tests and the build-time frame render
  // with React itself.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/uploads": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // File names carry a content hash (Vite's default), so the server can cache /assets/* for a year.
    assetsDir: "assets",
    sourcemap: false,
    // The one large chunk is the spreadsheet library, loaded only when an admin exports.
    chunkSizeWarningLimit: 1000,
  },
});
