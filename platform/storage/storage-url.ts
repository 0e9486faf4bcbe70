/** Where the files live in an S3-compatible store: STORAGE_URL read (decision 0039). */
export interface S3Location {
  bucket: string;
  /** Put before every key, e.g. "ignite/uploads/"; empty for the bucket's top. */
  prefix: string;
  /** The store's address (MinIO, R2, a test server); absent for AWS itself. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; what most stores other than AWS need. */
  forcePathStyle: boolean;
  /** From the URL; absent: the SDK's usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const prefixText = /^[A-Za-z0-9._/-]*$/;
const knownParameters = new Set(["endpoint", "region", "forcePathStyle"]);

/**
 * Reads `s3://[ACCESS_KEY:SECRET@]BUCKET[/PREFIX][?endpoint=URL&region=REGION&forcePathStyle=true|false]`.
 * The region is the URL's, else `defaultRegion` (AWS_REGION), else us-east-1; the bucket goes in the path
 * whenever an endpoint is given, unless forcePathStyle=false. Answers the location, or what is wrong.
 */
export function parseStorageUrl(text: string, defaultRegion?: string): S3Location | { error: string } {
  if (!URL.canParse(text)) return { error: "must be a URL such as s3://bucket?endpoint=http://127.0.0.1:9000" };
  const url = new URL(text);
  if (url.protocol !== "s3:") return { error: "must start with s3:// (leave it unset for files on disk under DATA_DIR)" };
  const bucket = url.hostname;
  if (!bucketName.test(bucket))
    return { error: `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)` };
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+/, "");
  if (
    !prefixText.test(prefix) ||
    prefix.split("/").some((part, i, all) => part === ".." || (part === "" && i < all.length - 1))
  ) {
    return { error: "the path after the bucket (the key prefix) may hold letters, digits, . _ - and single slashes" };
  }
  for (const name of url.searchParams.keys()) {
    if (!knownParameters.has(name)) return { error: `unknown parameter "${name}" (known: ${[...knownParameters].join(", ")})` };
  }
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !(URL.canParse(endpoint) && ["http:", "https:"].includes(new URL(endpoint).protocol))) {
    return { error: "endpoint must be an http:// or https:// address" };
  }
  const pathStyle = url.searchParams.get("forcePathStyle");
  if (pathStyle !== null && pathStyle !== "true" && pathStyle !== "false")
    return { error: "forcePathStyle must be true or false" };
  const region = url.searchParams.get("region") || defaultRegion || "us-east-1";
  if (!/^[a-z0-9-]{2,40}$/.test(region)) return { error: `"${region}" is not a region name` };
  if (Boolean(url.username) !== Boolean(url.password))
    return { error: "give both the access key and the secret (s3://KEY:SECRET@bucket), or neither" };
  return {
    bucket,
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
    endpoint,
    region,
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === "true",
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}
