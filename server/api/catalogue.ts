import { Hono } from "hono";
import type { CatalogueService } from "../../modules/catalogue/catalogue.ts";
import { narrows } from "../../modules/catalogue/course-filters.ts";
import { parseCourseFilters, parsePage, parseSearchTerm, searchTermSchema } from "../../modules/catalogue/input.ts";
import { PAGE_SIZE } from "../../modules/catalogue/shown.ts";
import { parseId } from "../../modules/ids.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import type { ServerEnv } from "../context.ts";
import {
  answer,
  courseFilterParams,
  coursesAnswer,
  describe,
  failures,
  idParam,
  jsonSchema,
  listOf,
  pageParam,
  paging,
  pathParam,
  ref,
} from "./openapi-parts.ts";
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

  api.get(
    "/universities",
    describe({
      operationId: "listUniversities",
      summary: "All universities",
      parameters: [pageParam],
      responses: { 200: answer("A page of universities", listOf(ref("University"), paging)), ...failures(400) },
    }),
    async (c) => {
      const page = parsePage(c.req.query("page"));
      const result = await catalogue.listUniversities({ page });
      return c.json({ data: result.items.map(presentUniversity), page, pageSize: result.pageSize, total: result.total });
    },
  );

  api.get(
    "/universities/:universityID",
    describe({
      operationId: "getUniversity",
      summary: "One university, as the first item of data",
      parameters: [idParam("universityID")],
      responses: { 200: answer("The university", listOf(ref("University"))), ...failures(404) },
    }),
    async (c) => {
      const university = await catalogue.getUniversity(parseId(c.req.param("universityID"), "University"));
      return c.json({ data: [presentUniversity(university)] });
    },
  );

  api.get(
    "/courses/:courseID",
    describe({
      operationId: "getCourse",
      summary: "One course, as the first item of coursesData",
      parameters: [idParam("courseID")],
      responses: { 200: answer("The course", coursesAnswer()), ...failures(404) },
    }),
    async (c) => {
      const course = await catalogue.getCourse(parseId(c.req.param("courseID"), "Course"));
      return c.json({ coursesData: [presentCourse(course)] });
    },
  );

  // Suggestions while typing in the navbar box (decision 0026): answered from memory, kept by the cache.
  api.get(
    "/suggestions",
    describe({
      operationId: "suggest",
      summary: "Up to two destinations, three universities and three courses for a partly typed search term",
      parameters: [{ name: "q", in: "query", required: true, schema: jsonSchema(searchTermSchema, "input") }],
      responses: {
        200: answer("Suggestions, destinations first", {
          type: "object",
          required: ["suggestions"],
          properties: {
            suggestions: {
              type: "array",
              items: {
                type: "object",
                required: ["kind", "label", "detail", "href"],
                properties: {
                  kind: { type: "string", enum: ["destination", "university", "course"] },
                  label: { type: "string" },
                  detail: { type: "string" },
                  href: { type: "string" },
                },
              },
            },
          },
        }),
        ...failures(400, 429),
      },
    }),
    async (c) => {
      await c.var.limit(searchLimit);
      return c.json({ suggestions: await catalogue.suggest(c.req.query("q") ?? "") });
    },
  );

  api.get(
    "/search/:term",
    describe({
      operationId: "searchCourses",
      summary:
        "Search courses by course, university, country and level (one typo per word is forgiven), narrowed by the search pages' filters and ordered as asked",
      parameters: [pathParam("term", jsonSchema(searchTermSchema, "input")), pageParam, ...courseFilterParams],
      responses: { 200: answer("A page of matching courses", coursesAnswer(paging)), ...failures(400, 429) },
    }),
    async (c) => {
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
    },
  );

  api.get(
    "/:universityID/courses",
    describe({
      operationId: "listUniversityCourses",
      summary: "A university's courses",
      parameters: [idParam("universityID")],
      responses: { 200: answer("The courses", coursesAnswer()), ...failures(404) },
    }),
    async (c) => {
      const courses = await catalogue.listUniversityCourses(parseId(c.req.param("universityID"), "University"));
      return c.json({ coursesData: courses.map(presentCourse) });
    },
  );

  api.get(
    "/:countryName/universities",
    describe({
      operationId: "listCountryUniversities",
      summary: "Universities of a country (name, slug or alias, any case)",
      parameters: [pathParam("countryName", { type: "string" }), pageParam],
      responses: {
        200: answer(
          "A page of the country's universities",
          listOf(ref("University"), { country: { type: "string" }, ...paging }),
        ),
        ...failures(400, 404),
      },
    }),
    async (c) => {
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
    },
  );

  return api;
}
