import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rule, executable (DESIGN.md 4): vocabulary <- platform <- modules <- server, app.
 * Every static and dynamic import of our own code is read and checked; a break names the file.
 */
const root = path.resolve(import.meta.dirname, "..");
const layers = ["vocabulary", "platform", "modules", "server", "app"] as const;
type Layer = (typeof layers)[number];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

interface Edge {
  from: string;
  specifier: string;
  /** The imported file relative to the root, or undefined for a package. */
  to?: string;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, "utf8");
  const from = path.relative(root, file);
  return [...text.matchAll(importPattern)].map((match) => {
    const specifier = (match[1] ?? match[2]) as string;
    if (specifier.startsWith("."))
      return { from, specifier, to: path.relative(root, path.resolve(path.dirname(file), specifier)) };
    if (specifier.startsWith("~/")) return { from, specifier, to: path.join("app", specifier.slice(2)) };
    return { from, specifier };
  });
}

const files = layers.flatMap((layer) => sourceFiles(path.join(root, layer)));
const edges = files.flatMap(importsOf);
const layerOf = (file: string) => file.split(path.sep)[0] as Layer;
const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
/** modules/catalogue/x.ts -> "catalogue"; modules/errors.ts (shared by all modules) -> undefined. */
const moduleOf = (file: string) =>
  file.startsWith(`modules${path.sep}`) && file.split(path.sep).length > 2 ? file.split(path.sep)[1] : undefined;

const breaks = (rule: (edge: Edge) => string | undefined) =>
  edges.map(rule).filter((problem): problem is string => Boolean(problem));

describe("the layer rule", () => {
  it("reads the imports of every layer", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.filter((e) => e.to).length).toBeGreaterThan(100);
  });

  it("vocabulary imports nothing but vocabulary", () => {
    expect(
      breaks((e) =>
        layerOf(e.from) === "vocabulary" && (!e.to || layerOf(e.to) !== "vocabulary") ? `${e.from} -> ${e.specifier}` : undefined,
      ),
    ).toEqual([]);
  });

  it("platform imports only platform and vocabulary of ours", () => {
    expect(
      breaks((e) =>
        layerOf(e.from) === "platform" && e.to && !["platform", "vocabulary"].includes(layerOf(e.to))
          ? `${e.from} -> ${e.specifier}`
          : undefined,
      ),
    ).toEqual([]);
  });

  it("modules know no HTTP, no React, no server and no screens", () => {
    const forbiddenPackages = ["hono", "@hono/node-server", "react", "react-dom", "react-router"];
    expect(
      breaks((e) => {
        if (layerOf(e.from) !== "modules") return undefined;
        if (!e.to) return forbiddenPackages.includes(packageName(e.specifier)) ? `${e.from} -> ${e.specifier}` : undefined;
        return ["server", "app"].includes(layerOf(e.to)) ? `${e.from} -> ${e.specifier}` : undefined;
      }),
    ).toEqual([]);
  });

  it("a module reaches another only through that module's main file (modules/<noun>/<noun>.ts)", () => {
    expect(
      breaks((e) => {
        const own = moduleOf(e.from);
        const theirs = e.to ? moduleOf(e.to) : undefined;
        if (!own || !theirs || own === theirs || !e.to) return undefined;
        const main = path.join("modules", theirs, `${theirs}.ts`);
        return e.to === main ? undefined : `${e.from} -> ${e.specifier}`;
      }),
    ).toEqual([]);
  });

  it("the shared files at the top of modules/ import no noun's module", () => {
    expect(
      breaks((e) =>
        layerOf(e.from) === "modules" && !moduleOf(e.from) && e.to && moduleOf(e.to) ? `${e.from} -> ${e.specifier}` : undefined,
      ),
    ).toEqual([]);
  });

  it("screens never import the server or the database", () => {
    expect(
      breaks((e) =>
        layerOf(e.from) === "app" && e.to && (layerOf(e.to) === "server" || e.to.startsWith(path.join("platform", "db")))
          ? `${e.from} -> ${e.specifier}`
          : undefined,
      ),
    ).toEqual([]);
  });

  it("the server never imports screens", () => {
    expect(
      breaks((e) =>
        layerOf(e.from) === "server" && e.to && layerOf(e.to) === "app" ? `${e.from} -> ${e.specifier}` : undefined,
      ),
    ).toEqual([]);
  });

  it("has no import cycles", () => {
    const normalise = (file: string) => file.replace(/\.(tsx?|js)$/, "");
    const graph = new Map<string, string[]>();
    for (const e of edges) {
      if (!e.to) continue;
      const list = graph.get(normalise(e.from)) ?? [];
      list.push(normalise(e.to));
      graph.set(normalise(e.from), list);
    }
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === "done") return;
      if (state.get(node) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(" -> "));
        return;
      }
      state.set(node, "visiting");
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, "done");
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });
});
