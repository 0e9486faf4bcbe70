import pLimit from "p-limit";
import type Sharp from "sharp";
import { AppError } from "./errors.ts";

// Image work must never starve the rest of the server (password hashing shares the thread pool):
// one picture is decoded at a time, on one image thread, whoever sent it (a student's photo, a
// university's picture); a few more wait, and past that we say we are busy.
const pictureWork = pLimit(1);

/**
 * sharp and its image libraries (about 20 MB resident) are loaded with the first picture, not at start:
 * most instances rarely see one (decision 0021).
 */
let loaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
};
const MAX_WAITING_PICTURES = 8;

export interface PictureRules {
  /** The largest canvas, width times height, read from the header before anything is decoded. */
  maxPixels: number;
  /** Fitted within this box (`inside`) or cropped to it (`cover`), never enlarged. */
  width: number;
  height: number;
  fit: "inside" | "cover";
  messages: { unreadable: string; tooManyPixels: string; busy: string };
}

/**
 * Re-encodes a picture as WebP: upright by its EXIF orientation, within the rules' box, every piece of
 * metadata dropped. The canvas size is read from the header first, so a small file that claims an
 * enormous canvas (a decompression bomb) is refused before anything is decoded. A file that is not a
 * picture sharp can read is the sender's mistake (400), never ours.
 */
export async function reencodePicture(bytes: Uint8Array, rules: PictureRules): Promise<Uint8Array> {
  const unreadable = () => new AppError("invalid_input", rules.messages.unreadable, { file: rules.messages.unreadable });
  const sharp = await loadSharp();
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw unreadable();
  }
  if (!size.width || !size.height) throw unreadable();
  if (size.width * size.height > rules.maxPixels) {
    throw new AppError("invalid_input", rules.messages.tooManyPixels, { file: rules.messages.tooManyPixels });
  }
  if (pictureWork.pendingCount >= MAX_WAITING_PICTURES) throw new AppError("unavailable", rules.messages.busy);
  return pictureWork(async () => {
    try {
      return await sharp(bytes, { limitInputPixels: rules.maxPixels })
        .rotate()
        .resize(rules.width, rules.height, {
          fit: rules.fit,
          position: rules.fit === "cover" ? sharp.strategy.attention : undefined,
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw unreadable();
    }
  });
}
