import { Hono } from "hono";
import type { CatalogueService } from "../../modules/catalogue/catalogue.ts";
import { narrows } from "../../modules/catalogue/course-filters.ts";
import { parseCourseFilters, parsePage, parseSearchTerm } from "../../modules/catalogue/input.ts";
import { PAGE_SIZE } from "../../modules/catalogue/shown.ts";
import { parseId } from "../../modules/ids.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import type { ServerEnv } from "../context.ts";
import { presentCourse, presentUniversity } from "./presenters.ts";

/**
 * The spec's catalogue backend (section 7): public GETs, same paths and answer keys. A search also takes
 * the pages' filters and order as query parameters (decision 0030); `rupees` gives the rates they read.
 */
export function catalogueApi(
  catalogue: CatalogueService,
  searchLimit: RateLimitRule,
  rupees: () => Promise<ReadonlyMap<string, number>>,
) {
  const api = new Hono<ServerEnv>();

  api.get("/universities", async (c) => {
    const page = parsePage(c.req.query("page"));
    const result = await catalogue.listUniversities({ page });
    return c.json({ data: result.items.map(presentUniversity), page, pageSize: result.pageSize, total: result.total });
  });

  api.get("/universities/:universityID", async (c) => {
    const university = await catalogue.getUniversity(parseId(c.req.param("universityID"), "University"));
    return c.json({ data: [presentUniversity(university)] });
  });

  api.get("/courses/:courseID", async (c) => {
    const course = await catalogue.getCourse(parseId(c.req.param("courseID"), "Course"));
    return c.json({ coursesData: [presentCourse(course)] });
  });

  // Suggestions while typing in the navbar box (decision 0026): answered from memory, kept by the cache.
  api.get("/suggestions", async (c) => {
    await c.var.limit(searchLimit);
    return c.json({ suggestions: await catalogue.suggest(c.req.query("q") ?? "") });
  });

  api.get("/search/:term", async (c) => {
    await c.var.limit(searchLimit);
    const page = parsePage(c.req.query("page"));
    const term = c.req.param("term");
    const filters = parseCourseFilters(new URL(c.req.url).searchParams);
    const found = await catalogue.findCourses({ term: parseSearchTerm(term), page, filters, rupees: await rupees() });
    const result = found.result ?? { items: [], page, pageSize: PAGE_SIZE, total: 0 };
    // A search narrowed by filters is not a sign of what the catalogue lacks (decision 0030): not counted.
    if (page === 1 && !narrows(filters) && (await catalogue.recordSearch(term, result.total)))
      c.header("Cache-Control", "private, no-store");
    return c.json({ coursesData: result.items.map(presentCourse), page, pageSize: result.pageSize, total: result.total });
  });

  api.get("/:universityID/courses", async (c) => {
    const courses = await catalogue.listUniversityCourses(parseId(c.req.param("universityID"), "University"));
    return c.json({ coursesData: courses.map(presentCourse) });
  });

  api.get("/:countryName/universities", async (c) => {
    const page = parsePage(c.req.query("page"));
    const country = await catalogue.findCountry(c.req.param("countryName"));
    const result = await catalogue.listUniversities({ page, countryId: country.id });
    return c.json({
      data: result.items.map(presentUniversity),
      country: country.name,
      page,
      pageSize: result.pageSize,
      total: result.total,
    });
  });

  return api;
}
