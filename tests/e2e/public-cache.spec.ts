import { expect, httpClient, signUpStudent, test } from "./fixtures.ts";

test("a student's page is never shared: visitors get no name, e-mail or cookie, and students get their own", async () => {
  // A page no earlier test asked for, so the first visitor fills the cache.
  const path = `/countries?cache-check=${Date.now()}`;
  const meeraClient = await httpClient();
  const meera = await signUpStudent(meeraClient, { name: "Meera Cachewala" });
  const visitor = await httpClient();

  const asMeera = await meeraClient.get(path);
  expect(await asMeera.text()).toContain("Profile of Meera Cachewala");
  expect(asMeera.headers()["cache-control"]).toBe("private, no-store");

  for (let round = 0; round < 2; round += 1) {
    const response = await visitor.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    // A CDN may share the visitors' copy briefly; Vary: Cookie keeps signed-in requests away from it.
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(response.headers().vary).toMatch(/\bCookie\b/);
    const html = await response.text();
    expect(html).not.toContain("Meera Cachewala");
    expect(html).not.toContain(meera.email);
    expect(html).toContain("Sign Up");
  }

  // Now the visitors' copy is cached: another student still gets their own page.
  const kabirClient = await httpClient();
  await signUpStudent(kabirClient, { name: "Kabir Cachewala" });
  const asKabir = await (await kabirClient.get(path)).text();
  expect(asKabir).toContain("Profile of Kabir Cachewala");
  expect(asKabir).not.toContain("Meera Cachewala");
  for (const client of [meeraClient, kabirClient, visitor]) await client.dispose();
});

test("a student's private screens and their data are sent no-store", async () => {
  const client = await httpClient();
  await signUpStudent(client);
  for (const path of [
    "/home",
    "/home.data",
    "/profile",
    "/profile.data",
    "/profile/counsellor",
    "/profile/counsellor.data",
    "/user/saved-courses",
    "/user/applications",
    "/user/applications.data",
  ]) {
    const response = await client.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  await client.dispose();
});

test("only what is the same for every visitor may be kept by a CDN", async () => {
  const visitor = await httpClient();
  const api = await visitor.get("/api/catalogue/universities?page=1");
  expect(api.status()).toBe(200);
  expect(api.headers()["cache-control"]).toContain("s-maxage=60");
  for (const path of ["/no-such-page-for-a-cdn", "/api/catalogue/universities/999999999", "/api/v1/countries"]) {
    const response = await visitor.get(path);
    expect(response.headers()["cache-control"] ?? "", path).not.toContain("s-maxage");
  }
  await visitor.dispose();
});
