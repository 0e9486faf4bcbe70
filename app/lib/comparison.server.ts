import type { AppLoadContext } from "react-router";
import { formatCompareList, parseCompareList } from "../../modules/catalogue/compare.ts";
import { COMPARE_COOKIE, readCookie } from "../../platform/cookies.ts";

/**
 * Where a comparison is kept (decision 0043): a signed-in student's on their account, so it follows them
 * to another device; a visitor's in the `ignite_compare` cookie (decision 0027). The rules are the same.
 */
export function comparisonOf(request: Request, context: AppLoadContext) {
  const student = context.student;
  const cookie = readCookie(request.headers.get("Cookie"), COMPARE_COOKIE);
  /** The Set-Cookie headers the answer must carry. */
  const setCookies: string[] = [];
  return {
    setCookies,
    /** The ids as kept, in the order added. */
    async ids(): Promise<number[]> {
      if (!student) return parseCompareList(cookie);
      if (cookie === undefined) return context.students.comparedCourses(student.studentId);
      // A cookie a signed-in student still has (kept from before the list moved to the account) joins it.
      setCookies.push(context.cookies.compare(""));
      const visitor = parseCompareList(cookie);
      if (!visitor.length) return context.students.comparedCourses(student.studentId);
      return (await context.students.mergeComparedCourses(student.studentId, visitor)).ids;
    },
    /** Keeps this list (the caller has applied the rules). */
    async save(ids: readonly number[]) {
      if (student) await context.students.saveComparedCourses(student.studentId, ids);
      else setCookies.push(context.cookies.compare(formatCompareList(ids)));
    },
    /** After showing: a list naming what is no longer shown (or a cookie holding anything else) is rewritten. */
    async keepShown(kept: readonly number[], shown: readonly number[]) {
      if (student) {
        if (formatCompareList(kept) !== formatCompareList(shown)) await this.save(shown);
      } else if (cookie !== undefined && cookie !== formatCompareList(shown)) await this.save(shown);
    },
  };
}

/**
 * At sign-in and sign-up: what the visitor compared joins the account's list (the account's first) and
 * the cookie is cleared. Returns the headers to add and, when some courses did not fit, where to go
 * instead: the comparison, which says so and names them.
 */
export async function mergeComparisonAtSignIn(request: Request, context: AppLoadContext, studentId: number) {
  const cookie = readCookie(request.headers.get("Cookie"), COMPARE_COOKIE);
  if (cookie === undefined) return { setCookies: [] as string[], goTo: null };
  const visitor = parseCompareList(cookie);
  const leftOut = visitor.length ? (await context.students.mergeComparedCourses(studentId, visitor)).leftOut : [];
  return {
    setCookies: [context.cookies.compare("")],
    goTo: leftOut.length ? `/compare?left-out=${formatCompareList(leftOut)}` : null,
  };
}
