import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "hono";
import { countryCodes } from "../vocabulary/country-codes.ts";

/**
 * Flags in one request (decision 0043). A page with many flags (the console's catalogue,
 * the countries page) draws each as `<svg><use href="/flags/sprite-HASH.svg?for=at.au.in#in"/></svg>`:
 * one SVG of `<symbol>`s holding exactly the page's flags, fetched once. HASH is the content hash of
 * every flag we hold, so an address names one content for good and is cached for a year, immutable; a
 * new flag-icons release gives new addresses. The set of codes is in the address, so any instance can
 * answer it from the flag files alone (no state shared between instances).
 */

const codes = new Set<string>(countryCodes.map((c) => c.code));
/** Bumped when the sprite's shape changes, so the hash (and every address) changes with it. */
const SPRITE_FORMAT = "1";

export interface FlagSprites {
  /** The sprite's address without its set: `/flags/sprite-HASH.svg`. */
  address: string;
  /** The sprite holding these flags, or null when a code is not one of ours. */
  sprite: (codes: readonly string[]) => string | null;
}

/** One flag-icons SVG as a `<symbol>` named by its code (flag-icons already prefixes its inner ids with it). */
export function flagSymbol(code: string, svg: string): string {
  const open = /<svg\b([^>]*)>/.exec(svg);
  const close = svg.lastIndexOf("</svg>");
  if (!open || close < 0) throw new Error(`flag ${code} is not an SVG`);
  const attributes = open[1] ?? "";
  const kept = ["viewBox", "fill", "xml:space"]
    .map((name) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes))
    .flatMap((found, i) => (found ? [` ${["viewBox", "fill", "xml:space"][i]}="${found[1]}"`] : []));
  return `<symbol id="${code}"${kept.join("")}>${svg.slice(open.index + open[0].length, close).trim()}</symbol>`;
}

const spriteOf = (symbols: readonly string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${symbols.join("")}</svg>`;

/** The sprites of the flags under `dir` (flag-icons' 4x3 folder): the hash read once, a few sets kept. */
export function flagSprites(dir: string): FlagSprites {
  const read = (code: string) => readFileSync(path.join(dir, `${code}.svg`), "utf8");
  const hash = createHash("sha256").update(SPRITE_FORMAT);
  for (const code of [...codes].sort()) hash.update(`${code}\n`).update(read(code));
  const address = `/flags/sprite-${hash.digest("hex").slice(0, 12)}.svg`;
  // Each flag's symbol is made once (all of them are 1.6 MB), so an unusual set costs no file reads;
  // the sets pages ask for are few (a page's flags): the last 16 are kept, each tens of kilobytes.
  const symbols = new Map<string, string>();
  const symbolOf = (code: string) => {
    let symbol = symbols.get(code);
    if (symbol === undefined) {
      symbol = flagSymbol(code, read(code));
      symbols.set(code, symbol);
    }
    return symbol;
  };
  const recent = new Map<string, string>();
  return {
    address,
    sprite(asked) {
      if (asked.length === 0 || asked.some((code) => !codes.has(code))) return null;
      const key = [...new Set(asked)].sort().join(".");
      let sprite = recent.get(key);
      if (sprite === undefined) {
        sprite = spriteOf(key.split(".").map(symbolOf));
        if (recent.size >= 16) recent.delete(recent.keys().next().value as string);
      } else recent.delete(key);
      recent.set(key, sprite);
      return sprite;
    },
  };
}

/** `/flags/sprite-HASH.svg?for=at.au`: this build's sprite for good; an older build's address is sent here. */
export function flagSpriteRoute(sprites: FlagSprites) {
  return (c: Context) => {
    const asked = (c.req.query("for") ?? "").split(".");
    const sprite = asked.length <= codes.size ? sprites.sprite(asked) : null;
    if (sprite === null) return c.json({ error: { code: "not_found", message: "No such flags" } }, 404);
    if (c.req.path !== sprites.address) {
      c.header("Cache-Control", "no-cache");
      return c.redirect(`${sprites.address}?for=${encodeURIComponent(asked.join("."))}`, 302);
    }
    return c.body(sprite, 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  };
}
