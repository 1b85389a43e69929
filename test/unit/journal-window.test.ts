/**
 * The journal's newest-first walk, which history and report read their window by: every entry
 * recorded at or after the window's start and before its end, none outside it, newest first across
 * pages, entries recorded at the same instant included once each. The books count what it selects
 * without checking the times again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openJournal } from "../../src/journal/journal.js";
import { closeRecordsDatabases } from "../../src/records/database.js";
import { makeConfigDir } from "../support/cli.js";
import { buyIntent } from "../support/journal-records.js";

afterEach(() => closeRecordsDatabases());

const start = Date.UTC(2026, 10, 20);
const minute = 60_000;

describe("the journal's newest-first walk", () => {
  it("takes every entry of its window and none outside it, newest first, page after page", () => {
    const journal = openJournal(makeConfigDir());
    // 60 minutes of three purchases each (180 entries, pages of 50 end inside a minute), then one
    // at the window's end and one just before its start.
    for (let m = 0; m < 60; m++)
      for (const n of [0, 1, 2])
        journal.append(buyIntent({ entry: `m${m}-${n}`, at: new Date(start + m * minute).toISOString() }));
    journal.append(buyIntent({ entry: "at-end", at: new Date(start + 60 * minute).toISOString() }));
    journal.append(buyIntent({ entry: "before", at: new Date(start - 1).toISOString() }));

    const walked = [...journal.newestFirst({ sinceMs: start, untilMs: start + 60 * minute })].map((e) => e.entry);
    const expected = Array.from({ length: 60 }, (_, i) => 59 - i).flatMap((m) => [2, 1, 0].map((n) => `m${m}-${n}`));
    expect(walked).toEqual(expected);

    // Without an end: the one at the window's end too, and the one before when the start goes with it.
    expect([...journal.newestFirst({ sinceMs: start })].map((e) => e.entry)).toEqual(["at-end", ...expected]);
    expect([...journal.newestFirst()].map((e) => e.entry)).toEqual(["at-end", ...expected, "before"]);
  });
});
