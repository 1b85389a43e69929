/**
 * The top-up countdown rewrites one line in place each second: at 80 columns it must fit whole at
 * its longest in both languages, or it wraps and leaves a copy of itself on every tick.
 */
import { describe, expect, it } from "vitest";
import { countdownLine } from "../../src/commands/topup.js";
import { catalogueOf, type Messages } from "../../src/messages/messages.js";
import { en } from "../../src/messages/en.js";
import { formatDuration } from "../../src/output/format.js";
import { textWidth } from "../../src/output/layout.js";

const plain = (width: number | undefined, say: Messages) => ({
  paintStderr: (_tone: unknown, text: string) => text,
  stderrWidth: width,
  say,
});

// The longest a remaining time is written: 59m 59s, 47h 59m, and the days beyond.
const longest = [3599, 48 * 3600 - 60, 99 * 86400].map((seconds) => formatDuration(seconds, en));

describe.each(["en", "id"] as const)("the top-up countdown in %s", (language) => {
  it("fits 80 columns with the keys to leave at its longest", () => {
    const say = catalogueOf(language);
    for (const remaining of longest) {
      const line = countdownLine(plain(80, say), remaining);
      expect(textWidth(line), line).toBeLessThanOrEqual(80);
      expect(line).toMatch(/q, Enter/);
    }
  });

  it("leaves the keys out in a window too narrow for both, and keeps them where nothing limits it", () => {
    const say = catalogueOf(language);
    const hour = formatDuration(3599, say);
    const narrow = countdownLine(plain(50, say), hour);
    expect(narrow).not.toMatch(/q, Enter/);
    expect(narrow).toContain(hour);
    expect(countdownLine(plain(undefined, say), hour)).toMatch(/q, Enter/);
  });
});
