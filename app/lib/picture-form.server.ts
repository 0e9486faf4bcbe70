import type { IncomingPicture } from "../../modules/catalogue/catalogue.ts";

/** The picture a console form posted in its `file` field, or undefined when none was chosen. */
export async function pictureOf(form: FormData): Promise<IncomingPicture | undefined> {
  const file = form.get("file");
  if (file === null || typeof file === "string" || file.size === 0) return undefined;
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
