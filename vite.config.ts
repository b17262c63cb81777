import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";

// Two separate bundles: visitors never download the back office (react-admin, MUI).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      input: {
        site: resolve(import.meta.dirname, "site/index.html"),
        backoffice: resolve(import.meta.dirname, "backoffice/index.html"),
      },
    },
  },
});
