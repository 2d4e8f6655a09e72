import { defineConfig } from "vite";

// The console function serves dist/ at "/" and dist/assets/ at "/assets/"
// (template.yaml routes GET / and GET /assets/{proxy+}). JSX is Preact's,
// as tsconfig.json says.
export default defineConfig({
  build: { outDir: "dist", assetsDir: "assets", sourcemap: false, target: "es2022" },
});
