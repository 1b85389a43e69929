/**
 * The words `report --since` takes, in both languages whatever the language in use: the day each
 * starts and the day after the last it counts, in the shop's time zone.
 */
import { describe, expect, it } from "vitest";
import { reportRange } from "../../src/commands/report.js";
import { dayStart } from "../../src/shop/shop-time.js";

// Saturday 28 November 2026, 20.40 WIB.
const now = Date.parse("2026-11-28T13:40:00Z");
const zone = "Asia/Jakarta";
const days = (since: string) => {
  const { sinceMs, untilMs } = reportRange(since, undefined, now, zone);
  const day = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().slice(0, 10);
  return [day(sinceMs), day(untilMs)];
};

describe("report --since", () => {
  it.each([
    ["today", "2026-11-28", "2026-11-29"],
    ["hari ini", "2026-11-28", "2026-11-29"],
    ["yesterday", "2026-11-27", "2026-11-28"],
    ["kemarin", "2026-11-27", "2026-11-28"],
    ["Kemarin", "2026-11-27", "2026-11-28"],
    ["7d", "2026-11-22", "2026-11-29"],
    ["7h", "2026-11-22", "2026-11-29"],
    ["7 hari", "2026-11-22", "2026-11-29"],
    ["30h", "2026-10-30", "2026-11-29"],
    ["this week", "2026-11-23", "2026-11-29"],
    ["minggu  ini", "2026-11-23", "2026-11-29"],
    ["this month", "2026-11-01", "2026-11-29"],
    ["bulan ini", "2026-11-01", "2026-11-29"],
  ])("%s counts from %s up to %s", (since, from, to) => {
    expect(days(since)).toEqual([from, to]);
  });

  it("starts at the shop's midnight", () => {
    expect(reportRange("kemarin", undefined, now, zone).sinceMs).toBe(dayStart("2026-11-27", zone));
  });

  it.each(["0h", "7 jam", "lusa", "7hours"])("refuses %s, naming the words it takes", (since) => {
    expect(() => reportRange(since, undefined, now, zone)).toThrow(/today, yesterday, 7d, 30d, this week/);
  });
});
