import { hash, verify } from "@node-rs/argon2";

/**
 * Passwords of students and staff alike: argon2id (the library's default algorithm), only the hash is
 * stored, at the costs decision 0006 gives: 19 MiB, two passes, one lane.
 */
export const passwordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The integration tests' cost (decision 0052): 64 KiB and one pass, a trifle for the many sign-ups and
 * logins they make. vitest.config.ts sets TEST_PASSWORD_HASHING for them, and it counts only under
 * Vitest, so no server ever hashes at it; `modules/passwords.test.ts` holds the site's parameters to
 * decision 0006.
 */
const testHashing = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
const parameters = process.env.VITEST && process.env.TEST_PASSWORD_HASHING === "fast" ? testHashing : passwordHashing;

export const hashPassword = (password: string) => hash(password, parameters);

// Verifying against this when no account matches keeps both answers equally slow.
const dummyHash = hash("not a real password, only for timing", parameters);

/** Whether `password` is the one of `storedHash`; with no account (undefined) or no password yet (null, an invited staff member) it takes as long and says no. */
export async function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const valid = await verify(storedHash ?? (await dummyHash), password);
  return typeof storedHash === "string" && valid;
}
