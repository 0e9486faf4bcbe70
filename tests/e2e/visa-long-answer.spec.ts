import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../playwright.config.ts";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test } from "./fixtures.ts";

/**
 * Decision 0049: a spoken answer as long as students really give (the practice says 10 to 40 seconds is
 * usual) is saved. The browser's fake microphone plays a sound file this test writes itself: 36 seconds of
 * a voice-like tone that rises and falls, with noise, at 16 kHz (16-bit mono WAV).
 */
function speechLikeWav(seconds: number): string {
  const rate = 16_000;
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  let seed = 7;
  for (let i = 0; i < samples; i += 1) {
    const t = i / rate;
    // A pitch near a speaking voice's, syllables about four times a second, and a little hiss.
    const pitch = 140 + 40 * Math.sin(2 * Math.PI * 0.7 * t);
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const noise = (seed / 2 ** 31 - 0.5) * 0.1;
    const value = (0.5 * syllable * Math.sin(2 * Math.PI * pitch * t) + noise) * 0.8;
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  const file = path.join(tmpdir(), `ignite-answer-${process.pid}.wav`);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

const wav = speechLikeWav(36);

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumFlags,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  },
});

test("a student speaks a 32-second answer into the microphone and it is saved with its length", async ({ page }) => {
  test.setTimeout(150_000);
  await loggedInStudent(page, { name: "Kavya Reddy" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/visa/practice");
  await hydrated(page);
  await page.getByLabel("Destination").selectOption("united-states");
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByText("Question 1 of 8")).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Record my answer" }).click();
  // The US practice gives 45 seconds: the button counts down; at 13 left, 32 seconds are spoken.
  const stop = page.getByRole("button", { name: /Stop and save my answer/ });
  await expect(stop).toHaveText(/\(13 s\)/, { timeout: 60_000 });
  await stop.click();
  await expect(page.getByText("Question 2 of 8")).toBeVisible({ timeout: 30_000 });
  const saved = page.getByTestId("answer-1");
  await expect(saved.locator("audio")).toHaveCount(1);
  await expect(saved).toContainText(/Length: 3[2-4] seconds \(usual: 10 to 40\)\. A good length\./);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);
});
