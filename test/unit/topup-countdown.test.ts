/**
 * The top-up countdown rewrites one line in place each second: at 80 columns it must fit whole at
 * its longest in both languages, or it wraps and leaves a copy of itself on every tick.
 */
import { afterAll, describe, expect, it } from "vitest";
import { countdownLine } from "../../src/commands/topup.js";
import { catalogueOf, speak } from "../../src/messages/messages.js";
import { en } from "../../src/messages/en.js";
import { formatDuration } from "../../src/output/format.js";
import { textWidth } from "../../src/output/layout.js";

const plain = (width: number | undefined) => ({
  paintStderr: (_tone: unknown, text: string) => text,
  stderrWidth: width,
});

// The longest a remaining time is written: 59m 59s, 47h 59m, and the days beyond.
const longest = [3599, 48 * 3600 - 60, 99 * 86400].map((seconds) => formatDuration(seconds, en));

describe.each(["en", "id"] as const)("the top-up countdown in %s", (language) => {
  afterAll(() => speak("en"));

  it("fits 80 columns with the keys to leave at its longest", async () => {
    await speak(language);
    for (const remaining of longest) {
      const line = countdownLine(plain(80), remaining);
      expect(textWidth(line), line).toBeLessThanOrEqual(80);
      expect(line).toMatch(/q, Enter/);
    }
  });

  it("leaves the keys out in a window too narrow for both, and keeps them where nothing limits it", async () => {
    await speak(language);
    const hour = formatDuration(3599, await catalogueOf(language));
    const narrow = countdownLine(plain(50), hour);
    expect(narrow).not.toMatch(/q, Enter/);
    expect(narrow).toContain(hour);
    expect(countdownLine(plain(undefined), hour)).toMatch(/q, Enter/);
  });
});
