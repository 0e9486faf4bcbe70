import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { escapeRegExp } from "../modules/text-patterns.ts";

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
        // Tables are held to their owner by the rule below.
        return e.to === main || isTables(e.to) ? undefined : `${e.from} -> ${e.specifier}`;
      }),
    ).toEqual([]);
  });

  it("the shared files at the top of modules/ import no noun's module", () => {
    expect(
      breaks((e) =>
        layerOf(e.from) === "modules" && !moduleOf(e.from) && !isTables(e.from) && e.to && moduleOf(e.to) && !isTables(e.to)
          ? `${e.from} -> ${e.specifier}`
          : undefined,
      ),
    ).toEqual([]);
  });
});

/**
 * Each module owns its tables (decision 0052): `modules/<noun>/tables.ts`, the shared files' own in
 * `modules/tables.ts`, the platform's in `platform/db/tables.ts`. A table file may name another's tables
 * (a foreign key); any other file reads and writes only its own module's tables, and reaches another
 * module's data through that module's functions. The reads listed below are the joins that still cross a
 * module from before the tables moved: the list may only shrink.
 */
const isTables = (file: string) => path.basename(file) === "tables.ts";
const tablesOwner = (file: string) => (file.startsWith("modules") ? (moduleOf(file) ?? "shared") : "platform");
const crossModuleReadsLeft = new Set<string>([
  "modules/applications/applying.ts -> catalogue",
  "modules/applications/applying.ts -> documents",
  "modules/applications/applying.ts -> students",
  "modules/applications/console.ts -> catalogue",
  "modules/applications/console.ts -> students",
  "modules/applications/package.ts -> catalogue",
  "modules/applications/package.ts -> documents",
  "modules/applications/records.ts -> catalogue",
  "modules/applications/records.ts -> students",
  "modules/applications/subjects.ts -> catalogue",
  "modules/applications/subjects.ts -> students",
  "modules/catalogue/import.ts -> staff",
  "modules/costs/costs.ts -> catalogue",
  "modules/costs/editing.ts -> catalogue",
  "modules/counselling/booking.ts -> staff",
  "modules/counselling/booking.ts -> students",
  "modules/counselling/calendar.ts -> staff",
  "modules/counselling/counselling.ts -> staff",
  "modules/counselling/mail.ts -> leads",
  "modules/counselling/mail.ts -> staff",
  "modules/counselling/mail.ts -> students",
  "modules/counselling/schedule.ts -> leads",
  "modules/counselling/schedule.ts -> staff",
  "modules/counselling/schedule.ts -> students",
  "modules/documents/review.ts -> students",
  "modules/identity/accounts.ts -> leads",
  "modules/identity/accounts.ts -> students",
  "modules/intakes.ts -> catalogue",
  "modules/leads/assignment.ts -> staff",
  "modules/leads/leads.ts -> shared",
  "modules/leads/leads.ts -> staff",
  "modules/leads/leads.ts -> students",
  "modules/messages/conversation.ts -> staff",
  "modules/messages/conversation.ts -> students",
  "modules/messages/notices.ts -> staff",
  "modules/messages/notices.ts -> students",
  "modules/parents/parents.ts -> students",
  "modules/privacy/consent.ts -> students",
  "modules/privacy/data-export.ts -> documents",
  "modules/privacy/data-export.ts -> identity",
  "modules/privacy/data-export.ts -> leads",
  "modules/privacy/data-export.ts -> parents",
  "modules/privacy/data-export.ts -> students",
  "modules/privacy/erasure.ts -> applications",
  "modules/privacy/erasure.ts -> documents",
  "modules/privacy/erasure.ts -> leads",
  "modules/privacy/erasure.ts -> students",
  "modules/privacy/retention.ts -> leads",
  "modules/privacy/retention.ts -> students",
  "modules/scholarships/scholarships.ts -> applications",
  "modules/scholarships/scholarships.ts -> catalogue",
  "modules/scholarships/scholarships.ts -> students",
  "modules/staff/audit.ts -> shared",
  "modules/staff/digest.ts -> leads",
  "modules/staff/digest.ts -> students",
  "modules/staff/digest.ts -> tasks",
  "modules/student-access.ts -> students",
  "modules/students/compare-list.ts -> catalogue",
  "modules/students/demo.ts -> catalogue",
  "modules/students/personal-details.ts -> catalogue",
  "modules/students/records.ts -> documents",
  "modules/students/records.ts -> leads",
  "modules/students/records.ts -> shared",
  "modules/students/records.ts -> staff",
  "modules/students/students.ts -> catalogue",
  "modules/tasks/tasks.ts -> leads",
  "modules/tasks/tasks.ts -> staff",
  "modules/tasks/tasks.ts -> students",
  "modules/visas/guides.ts -> catalogue",
  "modules/visas/plans.ts -> applications",
  "modules/visas/plans.ts -> catalogue",
  "modules/visas/plans.ts -> staff",
  "modules/visas/plans.ts -> students",
  "modules/visas/practices.ts -> applications",
  "modules/visas/practices.ts -> catalogue",
  "modules/visas/practices.ts -> students",
]);

describe("each module owns its tables", () => {
  const crossings = edges.filter((e) => e.to && isTables(e.to) && !isTables(e.from) && layerOf(e.from) === "modules");
  // The sweep of stored files no row names must know every column that names one: like the migrations,
  // it reads the schema as a whole, and only for those key columns (decision 0048).
  const schemaReaders = new Set([path.join("modules", "stored-files.ts")]);
  const crossing = (e: Edge) => !schemaReaders.has(e.from) && tablesOwner(e.to as string) !== (moduleOf(e.from) ?? "shared");
  const key = (e: Edge) => `${e.from} -> ${tablesOwner(e.to as string)}`;

  it("finds the tables of every module", () => {
    expect(files.filter(isTables).length).toBeGreaterThan(15);
    expect(crossings.length).toBeGreaterThan(50);
  });

  it("only the server and the domain touch tables: screens, vocabulary and the platform's other files do not", () => {
    expect(
      breaks((e) =>
        e.to &&
        isTables(e.to) &&
        !isTables(e.from) &&
        !["modules", "server"].includes(layerOf(e.from)) &&
        !e.to.startsWith("platform")
          ? `${e.from} -> ${e.specifier}`
          : undefined,
      ),
    ).toEqual([]);
  });

  it("a module's files import only their own module's tables, but for the listed reads", () => {
    expect(
      crossings
        .filter(crossing)
        .map(key)
        .filter((k) => !crossModuleReadsLeft.has(k)),
    ).toEqual([]);
  });

  it("the list of reads that cross a module holds none that no longer cross", () => {
    const now = new Set(crossings.filter(crossing).map(key));
    expect([...crossModuleReadsLeft].filter((k) => !now.has(k))).toEqual([]);
  });

  it("no module writes another module's table (insert, update or delete)", () => {
    const writes = files
      .map((file) => path.relative(root, file))
      .filter((from) => layerOf(from) === "modules" && !isTables(from))
      .flatMap((from) => {
        const imported = new Map<string, string>();
        const text = readFileSync(path.join(root, from), "utf8");
        for (const e of edges.filter((edge) => edge.from === from && edge.to && isTables(edge.to))) {
          const names = new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["']${escapeRegExp(e.specifier)}["']`).exec(
            text,
          );
          for (const name of names?.[1]?.split(",") ?? []) imported.set(name.trim(), tablesOwner(e.to as string));
        }
        return [...text.matchAll(/\.(insert|update|delete)\((\w+)\)/g)]
          .filter((m) => imported.has(m[2] as string) && imported.get(m[2] as string) !== (moduleOf(from) ?? "shared"))
          .map((m) => `${from}: ${m[1]} ${m[2]}`);
      });
    expect(writes).toEqual([]);
    expect(files.filter((file) => /\.(insert|update|delete)\(/.test(readFileSync(file, "utf8"))).length).toBeGreaterThan(20);
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

  it("what the browser runs (app/components) never reaches a module that reads tables", () => {
    // A component's value import is bundled for the browser with all it imports in turn: a module that
    // reads tables brings drizzle and zod's schemas, whose check for eval broke the pages' content
    // security policy once (decision 0052). Type imports are erased and do not count.
    const valueImports = new Map<string, string[]>();
    for (const file of files) {
      const from = path.relative(root, file);
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(importPattern)]
        .filter((match) => !/^\s*(?:import|export)\s+type\s/.test(match[0]))
        .map((match) => (match[1] ?? match[2]) as string)
        .filter((specifier) => specifier.startsWith(".") || specifier.startsWith("~/"))
        .map((specifier) =>
          specifier.startsWith("~/")
            ? path.join("app", specifier.slice(2))
            : path.relative(root, path.resolve(path.dirname(file), specifier)),
        );
      valueImports.set(
        from.replace(/\.(tsx?|js)$/, ""),
        targets.map((t) => t.replace(/\.(tsx?|js)$/, "")),
      );
    }
    const reached = (start: string) => {
      const seen = new Set<string>();
      const trail = new Map<string, string>();
      const queue = [start];
      while (queue.length) {
        const node = queue.shift() as string;
        if (/(^|\/)tables$/.test(node) || node.startsWith(path.join("platform", "db"))) {
          const path_: string[] = [node];
          for (let at = trail.get(node); at; at = trail.get(at)) path_.unshift(at);
          return path_.join(" -> ");
        }
        for (const next of valueImports.get(node) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          trail.set(next, node);
          queue.push(next);
        }
      }
      return undefined;
    };
    const components = [...valueImports.keys()].filter((file) => file.startsWith(path.join("app", "components")));
    expect(components.length).toBeGreaterThan(10);
    expect(components.map(reached).filter(Boolean)).toEqual([]);
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
