import sharp from "sharp";
import { documentMessages, PHOTO_MAX_EDGE } from "../../vocabulary/documents.ts";
import { AppError } from "../errors.ts";

/** Refuses decompression bombs: a 5 MB file may still claim an enormous canvas. 50 MP covers phone cameras. */
const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

/** Re-encodes a photo: upright by its EXIF orientation, within 512x512, WebP; every piece of metadata is dropped. */
export async function reencodePhoto(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await sharp(bytes, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS })
      .rotate()
      .resize(PHOTO_MAX_EDGE, PHOTO_MAX_EDGE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError("invalid_input", documentMessages.unreadablePhoto, { file: documentMessages.unreadablePhoto });
  }
}
