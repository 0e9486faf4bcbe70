/**
 * Recordings as browsers' MediaRecorder writes them, built byte by byte for tests of a spoken answer's
 * length (decision 0048): a WebM of Opus frames in clusters of unknown size with no Duration (Chromium's
 * way), and an Ogg Opus stream with its head, tags and audio pages (Firefox's). One 20 ms frame of
 * silence per block or packet.
 */
const FRAME_MS = 20;
/** An Opus frame of silence (TOC byte of a 20 ms CELT frame, then its padding). */
const SILENT_FRAME = [0xf8, 0xff, 0xfe];

const bytesOf = (value: number, length: number) =>
  Array.from({ length }, (_, i) => Math.floor(value / 256 ** (length - 1 - i)) % 256);
/** An EBML element: its ID bytes, an 8-byte size, and its payload. */
const element = (id: number[], payload: number[]) => [...id, 0x01, ...bytesOf(payload.length, 7), ...payload];
const text = (value: string) => [...new TextEncoder().encode(value)];

/** A WebM recording of `seconds` of Opus audio, as Chromium's MediaRecorder writes it. */
export function webmRecording(seconds: number): Uint8Array {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    [
      ...element([0x42, 0x86], [1]),
      ...element([0x42, 0xf7], [1]),
      ...element([0x42, 0xf2], [4]),
      ...element([0x42, 0xf3], [8]),
      ...element([0x42, 0x82], text("webm")),
      ...element([0x42, 0x87], [4]),
      ...element([0x42, 0x85], [2]),
    ],
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    [
      ...element([0x2a, 0xd7, 0xb1], bytesOf(1_000_000, 3)),
      ...element([0x4d, 0x80], text("Chrome")),
      ...element([0x57, 0x41], text("Chrome")),
    ],
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae],
      [
        ...element([0xd7], [1]),
        ...element([0x73, 0xc5], bytesOf(48_151_623, 4)),
        ...element([0x83], [2]),
        ...element([0x86], text("A_OPUS")),
        ...element([0xe1], [...element([0xb5], [0x40, 0xe7, 0x70, 0x00, 0x00, 0x00, 0x00, 0x00]), ...element([0x9f], [1])]),
      ],
    ),
  );
  const clusters: number[] = [];
  const frames = Math.round((seconds * 1000) / FRAME_MS);
  for (let start = 0; start < frames; start += 250) {
    // A cluster every 5 s, of unknown size, its blocks' times relative to its own.
    clusters.push(0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    clusters.push(...element([0xe7], bytesOf(start * FRAME_MS, 4)));
    for (let frame = start; frame < Math.min(frames, start + 250); frame += 1) {
      clusters.push(...element([0xa3], [0x81, ...bytesOf((frame - start) * FRAME_MS, 2), 0x80, ...SILENT_FRAME]));
    }
  }
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...info, ...tracks, ...clusters];
  return new Uint8Array([...header, ...segment]);
}

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, from zero), over a page with its CRC field zero. */
function oggCrc(page: number[]): number {
  let crc = 0;
  for (const byte of page) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    crc >>>= 0;
  }
  return crc;
}

const le = (value: number | bigint, length: number) =>
  Array.from({ length }, (_, i) => Number((BigInt(value) >> BigInt(8 * i)) & 0xffn));

function oggPage(flags: number, granule: bigint, sequence: number, packets: number[][]): number[] {
  const lacing = packets.flatMap((p) => [...Array(Math.floor(p.length / 255)).fill(255), p.length % 255]);
  const page = [...text("OggS"), 0, flags, ...le(granule, 8), ...le(0x1234abcd, 4), ...le(sequence, 4), 0, 0, 0, 0];
  page.push(lacing.length, ...lacing, ...packets.flat());
  const crc = le(oggCrc(page), 4);
  page.splice(22, 4, ...crc);
  return page;
}

/** An Ogg Opus recording of `seconds`, as Firefox's MediaRecorder writes it (pre-skip 312 samples). */
export function oggRecording(seconds: number): Uint8Array {
  const preSkip = 312;
  const head = [...text("OpusHead"), 1, 1, ...le(preSkip, 2), ...le(48_000, 4), 0, 0, 0];
  const tags = [...text("OpusTags"), ...le(7, 4), ...text("Firefox"), ...le(0, 4)];
  const pages = [...oggPage(0x02, 0n, 0, [head]), ...oggPage(0, 0n, 1, [tags])];
  const frames = Math.round((seconds * 1000) / FRAME_MS);
  let sequence = 2;
  for (let start = 0; start < frames; start += 50) {
    const count = Math.min(50, frames - start);
    const granule = BigInt(preSkip + (start + count) * 960);
    const last = start + count >= frames;
    pages.push(
      ...oggPage(
        last ? 0x04 : 0,
        granule,
        sequence,
        Array.from({ length: count }, () => SILENT_FRAME),
      ),
    );
    sequence += 1;
  }
  return new Uint8Array(pages);
}
