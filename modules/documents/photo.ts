import { documentMessages, PHOTO_MAX_EDGE, PHOTO_MAX_MEGAPIXELS } from "../../vocabulary/documents.ts";
import { reencodePicture } from "../pictures.ts";

/**
 * Re-encodes a profile photo: upright, within 512x512, WebP, every piece of metadata dropped; a
 * decompression bomb is refused before it is decoded (modules/pictures.ts).
 */
export const reencodePhoto = (bytes: Uint8Array): Promise<Uint8Array> =>
  reencodePicture(bytes, {
    maxPixels: PHOTO_MAX_MEGAPIXELS * 1_000_000,
    width: PHOTO_MAX_EDGE,
    height: PHOTO_MAX_EDGE,
    fit: "inside",
    messages: {
      unreadable: documentMessages.unreadablePhoto,
      tooManyPixels: documentMessages.photoTooManyPixels,
      busy: documentMessages.busy,
    },
  });
