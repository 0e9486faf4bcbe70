import pLimit from "p-limit";
import sharp from "sharp";
import { documentMessages, PHOTO_MAX_EDGE, PHOTO_MAX_MEGAPIXELS } from "../../vocabulary/documents.ts";
import { AppError } from "../errors.ts";

const PHOTO_MAX_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;

// Image work must never starve the rest of the server (password hashing shares the thread pool):
// one photo is decoded at a time, on one image thread; a few more wait, and past that we say we are busy.
sharp.concurrency(1);
const photoWork = pLimit(1);
const MAX_WAITING_PHOTOS = 8;

const unreadable = () =>
  new AppError("invalid_input", documentMessages.unreadablePhoto, { file: documentMessages.unreadablePhoto });

/**
 * Re-encodes a photo: upright by its EXIF orientation, within 512x512, WebP; every piece of metadata is
 * dropped. The canvas size is read from the header first, so a small file that claims an enormous canvas
 * (a decompression bomb) is refused before anything is decoded.
 */
export async function reencodePhoto(bytes: Uint8Array): Promise<Uint8Array> {
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw unreadable();
  }
  if (!size.width || !size.height) throw unreadable();
  if (size.width * size.height > PHOTO_MAX_PIXELS) {
    throw new AppError("invalid_input", documentMessages.photoTooManyPixels, { file: documentMessages.photoTooManyPixels });
  }
  if (photoWork.pendingCount >= MAX_WAITING_PHOTOS) throw new AppError("unavailable", documentMessages.busy);
  return photoWork(async () => {
    try {
      return await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize(PHOTO_MAX_EDGE, PHOTO_MAX_EDGE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw unreadable();
    }
  });
}
