import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = "http://127.0.0.1:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
