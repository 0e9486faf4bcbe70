import { createHash, randomBytes } from "node:crypto";

/** Opaque secrets (session tokens, proofs): the holder keeps the token, the database only its SHA-256. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
/** Longer than any token we issue: anything longer is not ours and is not looked up. */
export const MAX_TOKEN_LENGTH = 100;
