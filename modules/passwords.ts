import { hash, verify } from "@node-rs/argon2";

/** Passwords of students and staff alike: argon2id, only the hash is stored. */
export const hashPassword = (password: string) => hash(password);

// Verifying against this when no account matches keeps both answers equally slow.
const dummyHash = hash("not a real password, only for timing");

/** Whether `password` is the one of `storedHash`; with no account (undefined) or no password yet (null, an invited staff member) it takes as long and says no. */
export async function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const valid = await verify(storedHash ?? (await dummyHash), password);
  return typeof storedHash === "string" && valid;
}
