import react from "@vitejs/plugin-react";
import { createServer, defineConfig, type Plugin, type ViteDevServer } from "vite";

const apiTarget = "http://127.0.0.1:3000";
const FRAME_MODULE = "/src/app/layout/static-frame.tsx";
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Puts the page's frame (header, footer, the room the content takes) into index.html as static markup,
 * rendered from the app's own components, so the first paint is not blank and nothing moves when the
 * script arrives. No inline script is needed: the CSP allows none. See docs/decisions/0022.
 */
function staticFrame(): Plugin {
  let devServer: ViteDevServer | undefined;
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
            renderStaticFrame: () => string;
          };
          return html.replace(ROOT_ELEMENT, `<div id="root">${renderStaticFrame()}</div>`);
        } finally {
          if (server !== devServer) await server.close();
        }
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), staticFrame()],
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
