import path from "node:path";
import purgeCss from "@fullhuman/postcss-purgecss";
import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "postcss";
import { defineConfig } from "vite";

/**
 * Our stylesheets (app/styles) keep only the rules whose classes, elements or ids appear somewhere in
 * our sources: Bootstrap's whole utility set made app.css 161 KB (16.5 KB brotli), two round trips of a
 * slow phone link before the first paint; it keeps about a third (decision 0047). Production builds
 * only: the dev server serves everything. A class a screen puts together from parts
 * must be listed in `safelist`.
 */
function unusedRulesOutOfOurStyles(): Plugin {
  const purge = purgeCss({
    content: ["app/**/*.{ts,tsx}", "modules/**/*.ts", "vocabulary/**/*.ts", "server/**/*.ts"],
    // Classes a screen puts together from parts: `text-bg-${tone}`, `alert-${tone}`, `text-${tone}-emphasis`.
    safelist: { standard: [/^text-bg-/, /^alert-/, /^text-[a-z]+-emphasis$/] },
  }) as Plugin;
  return {
    postcssPlugin: "unused-rules-out-of-our-styles",
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? "";
      if (file.includes(`${path.sep}app${path.sep}styles${path.sep}`)) return purge.OnceExit?.(root, helpers);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] },
    },
    ...(command === "build" ? { postcss: { plugins: [unusedRulesOutOfOurStyles()] } } : {}),
  },
  build: { assetsInlineLimit: 0 },
}));
