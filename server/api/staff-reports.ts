import { Hono } from "hono";
import type { StaffService } from "../../modules/console/console.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";

/** The reports dashboard's figures as JSON (`from`, `to`: IST days), the same the screen shows. */
export function staffReportsApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  api.get("/reports", requireStaff, async (c) => c.json({ data: await staff.reports.get(c.var.staff, c.req.query()) }));
  return api;
}
