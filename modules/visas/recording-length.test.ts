import { describe, expect, it } from "vitest";
import { oggRecording, webmRecording } from "../../tests/support/recordings.ts";
import { recordingSeconds } from "./recording-length.ts";

/** A spoken answer's length is the file's, not the browser's word for it (decision 0048). */
describe("a recording's length", () => {
  it("is read from a WebM file's blocks, whatever the browser says", () => {
    expect(recordingSeconds(webmRecording(7), "audio/webm", 180)).toBeCloseTo(7, 1);
    expect(recordingSeconds(webmRecording(30), "audio/webm", 30)).toBeCloseTo(30, 1);
    expect(recordingSeconds(webmRecording(7), "audio/webm", undefined)).toBeCloseTo(7, 1);
  });

  it("is read from an Ogg Opus file's last granule, less its pre-skip", () => {
    expect(recordingSeconds(oggRecording(7), "audio/ogg", 180)).toBeCloseTo(7, 2);
    expect(recordingSeconds(oggRecording(30), "audio/ogg", 30)).toBeCloseTo(30, 2);
  });

  it("of a file whose container it cannot read is capped by its size at the lowest rate", () => {
    const small = new Uint8Array(9_000);
    // 9,000 bytes at 6 kbit/s hold 12 seconds at most.
    expect(recordingSeconds(small, "audio/mp4", 180)).toBe(12);
    expect(recordingSeconds(small, "audio/mp4", 8)).toBe(8);
    // A WebM cut off before its first block says nothing more.
    expect(recordingSeconds(webmRecording(7).slice(0, 150), "audio/webm", 180)).toBeLessThan(0.3);
  });
});
