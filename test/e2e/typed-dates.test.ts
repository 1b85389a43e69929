/**
 * Dates typed for --since and --until in history and report: one that names no day on the calendar is
 * refused (exit 2) naming it, never rolled over into another month (2026-02-30 read as 2 March).
 */
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";

const impossible: [args: string[], flag: string, date: string, why: RegExp][] = [
  [["report", "--since", "2026-02-30"], "--since", "2026-02-30", /2026-02 has 28 days/],
  [["report", "--since", "2026-00-10"], "--since", "2026-00-10", /months 01 to 12, not 00/],
  [["history", "--since", "2026-13-45"], "--since", "2026-13-45", /months 01 to 12, not 13/],
  [["report", "--since", "2026-11-31"], "--since", "2026-11-31", /2026-11 has 30 days/],
  [["report", "--since", "2026-11-01", "--until", "2026-11-31"], "--until", "2026-11-31", /2026-11 has 30 days/],
  [["history", "--since", "2026-02-29T10:00:00+07:00"], "--since", "2026-02-29", /2026-02 has 28 days/],
];

describe("an impossible date", () => {
  it.each(impossible)("%j is refused, exit 2, naming the date", async (args, flag, date, why) => {
    const env = { RESELLER_CONFIG_DIR: makeConfigDir() };
    const r = await runInProcess(args, { env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${flag} ${date} is no date on the calendar`);
    expect(r.stderr).toMatch(why);
    const json = await runInProcess([...args, "--json"], { env });
    expect(json.exitCode).toBe(2);
    expect(json.errorJson().error).toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining(date) });
  });

  it("a real one is read: 29 February of a leap year, the last of November", async () => {
    const env = { RESELLER_CONFIG_DIR: makeConfigDir() };
    for (const args of [
      ["history", "--since", "2028-02-29"],
      ["report", "--since", "2026-11-01", "--until", "2026-11-30", "--json"],
    ]) {
      const r = await runInProcess(args, { env });
      expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    }
  });
});
