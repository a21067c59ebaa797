// Vite config of the web app (docs/web.md): root web/, output web/dist, the engine in a module
// worker, JSX for Preact through Vite's own transformer (no Babel plugin).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 1000,
  },
  worker: { format: "es" },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  resolve: { alias: { react: "preact/compat", "react-dom": "preact/compat" } },
  server: { fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] } },
});
