import path from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { flagSpriteRoute, flagSprites, flagSymbol } from "./flag-sprite.ts";

const sprites = flagSprites(path.resolve("node_modules/flag-icons/flags/4x3"));

function app() {
  const hono = new Hono();
  hono.get("/flags/:file{sprite-[0-9a-f]{12}\\.svg}", flagSpriteRoute(sprites));
  return hono;
}

describe("the flag sprite (decision 0043)", () => {
  it("holds exactly the asked flags, each a symbol named by its code with the flag's own drawing", () => {
    const sprite = sprites.sprite(["in", "au", "in"]) ?? "";
    expect([...sprite.matchAll(/<symbol id="([a-z]+)"/g)].map((m) => m[1])).toEqual(["au", "in"]);
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" xmlns:xlink=/);
    expect(sprite).toContain('<symbol id="in" viewBox="0 0 640 480">');
    // India's wheel refers to its own parts by id: they travel with it, and no two flags share an id.
    expect(sprite).toContain('xlink:href="#in-a"');
    const ids = [...sprite.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sprite).not.toContain("flag-icons-");
  });

  it("keeps a flag's fill and drops its own namespace and id", () => {
    const symbol = flagSymbol(
      "xx",
      '<svg xmlns="http://www.w3.org/2000/svg" fill="#ffd900" id="flag-icons-xx" viewBox="0 0 640 480">\n<path d="M0 0h1"/>\n</svg>\n',
    );
    expect(symbol).toBe('<symbol id="xx" viewBox="0 0 640 480" fill="#ffd900"><path d="M0 0h1"/></symbol>');
  });

  it("refuses a code that is not a country's", () => {
    expect(sprites.sprite(["in", "../package"])).toBeNull();
    expect(sprites.sprite([])).toBeNull();
  });

  it("is served as an SVG kept for a year, unchanged; an older address is sent to this one", async () => {
    expect(sprites.address).toMatch(/^\/flags\/sprite-[0-9a-f]{12}\.svg$/);
    const answer = await app().request(`${sprites.address}?for=au.in`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await answer.text()).toBe(sprites.sprite(["au", "in"]));

    const old = await app().request("/flags/sprite-000000000000.svg?for=au.in");
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(`${sprites.address}?for=au.in`);

    expect((await app().request(`${sprites.address}?for=au.zz`)).status).toBe(404);
    expect((await app().request(sprites.address)).status).toBe(404);
  });
});
