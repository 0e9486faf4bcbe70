/**
 * How long a recorded answer is, read from the file rather than from what the browser says (decision
 * 0048): a 7-second file sent with `durationSeconds=180` was judged as three minutes. The recorder
 * sends WebM (Chromium, Firefox) or Ogg (Firefox); both carry their own times. For a container we do
 * not read (MP4 from Safari, MP3, WAV), the length is capped by the file's size at the lowest rate an
 * Opus recorder writes (6 kbit/s, RFC 6716 section 2.1.1: https://www.rfc-editor.org/rfc/rfc6716#section-2.1.1,
 * read 2026-11-27), so a small file can never pass for a long answer.
 */

/** The lowest bit rate a recording is taken to have, in bits a second. */
const LOWEST_BITS_PER_SECOND = 6000;

/** An EBML variable-length integer at `at`: its length in bytes and its value (marker kept for IDs). */
function vint(
  bytes: Uint8Array,
  at: number,
  keepMarker: boolean,
): { length: number; value: number; unknown: boolean } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8 || at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

const readUnsigned = (bytes: Uint8Array, at: number, length: number) => {
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + (bytes[at + i] ?? 0);
  return value;
};

const EBML_IDS = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
};
/** Elements whose children are read in place (the rest are skipped by their size). */
const entered = new Set([EBML_IDS.segment, EBML_IDS.info, EBML_IDS.cluster, EBML_IDS.blockGroup]);

/**
 * Seconds from a WebM file's first block to its last: each cluster's time plus its blocks' own offsets,
 * in the file's time scale. MediaRecorder writes no Duration and clusters of unknown size, so the blocks
 * are walked (skipped by their sizes, never copied). Undefined when the file holds no block.
 */
export function webmSeconds(bytes: Uint8Array): number | undefined {
  let at = 0;
  let scale = 1_000_000;
  let cluster = 0;
  let last: number | undefined;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    if (!id) break;
    const size = vint(bytes, at + id.length, false);
    if (!size) break;
    const body = at + id.length + size.length;
    if (entered.has(id.value)) {
      at = body;
      continue;
    }
    if (size.unknown) break;
    const end = body + size.value;
    if (end > bytes.length) break;
    if (id.value === EBML_IDS.timecodeScale) scale = readUnsigned(bytes, body, size.value) || scale;
    else if (id.value === EBML_IDS.timecode) cluster = readUnsigned(bytes, body, size.value);
    else if (id.value === EBML_IDS.simpleBlock || id.value === EBML_IDS.block) {
      const track = vint(bytes, body, false);
      if (track && body + track.length + 2 <= end) {
        const high = bytes[body + track.length] ?? 0;
        const relative = (((high << 8) | (bytes[body + track.length + 1] ?? 0)) << 16) >> 16;
        const time = cluster + relative;
        last = last === undefined ? time : Math.max(last, time);
      }
    }
    at = end;
  }
  return last === undefined ? undefined : (last * scale) / 1e9;
}

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/**
 * Seconds of an Ogg Opus or Vorbis file: the last page's granule position (samples) less Opus's
 * pre-skip, at the stream's rate (48 kHz for Opus, RFC 7845 section 4; Vorbis's from its header).
 * Undefined for another codec or a file without pages.
 */
export function oggSeconds(bytes: Uint8Array): number | undefined {
  if (!ascii(bytes, 0, "OggS")) return undefined;
  const segments = bytes[26] ?? 0;
  const payload = 27 + segments;
  let rate: number;
  let preSkip = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ascii(bytes, payload, "OpusHead") && payload + 12 <= bytes.length) {
    rate = 48_000;
    preSkip = view.getUint16(payload + 10, true);
  } else if (ascii(bytes, payload, "\u0001vorbis") && payload + 16 <= bytes.length) {
    rate = view.getUint32(payload + 12, true);
  } else return undefined;
  if (!rate) return undefined;
  for (let at = bytes.length - 27; at >= 0; at -= 1) {
    if (bytes[at] !== 0x4f || !ascii(bytes, at, "OggS") || bytes[at + 4] !== 0) continue;
    const granule = Number(view.getBigInt64(at + 6, true));
    if (granule < 0) continue;
    return Math.max(0, granule - preSkip) / rate;
  }
  return undefined;
}

/**
 * The seconds to judge a spoken answer by: the file's own length when its container says it, else what
 * the browser said, capped by the file's size at the lowest rate (see above).
 */
export function recordingSeconds(bytes: Uint8Array, contentType: string, claimed: number | undefined): number {
  const measured =
    contentType === "audio/webm" ? webmSeconds(bytes) : contentType === "audio/ogg" ? oggSeconds(bytes) : undefined;
  if (measured !== undefined) return measured;
  const cap = (bytes.byteLength * 8) / LOWEST_BITS_PER_SECOND;
  return Math.min(claimed ?? 0, cap);
}
