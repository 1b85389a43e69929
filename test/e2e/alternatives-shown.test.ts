/**
 * An order bought as the alternative of another is shown so: `trx show` names the order it was bought
 * instead of and why that one was given up, `history` marks its row, both in the reseller's language
 * within 80 columns, and `--json` adds `alternative_of` beside the fields scripts already read.
 */
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { expectScreen } from "../support/golden-screens.js";
import { indonesian } from "../support/language.js";
import { pipedRows, resellerInProcess } from "./commands-harness.js";

const english = { LANG: "en_US.UTF-8" };

describe("an alternative shown after it was bought", () => {
  const harness = useEmulator();
  afterEach(() => harness.emulator.setItemAvailable(13, true));

  it("trx show and history name the order it stands in for, in both languages and in --json", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const bought = await shop.run(
      ["buy", "--item", "13", "--qty", "1", "--note", "081234567801", "--yes", "--alternatives"],
      { mode: "json" },
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    const refId = bought.json().alternative_of.ref_id as string;
    const alternative = `${refId}-alt1`;
    expect(bought.json().data.ref_id).toBe(alternative);

    for (const [env, label, why, mark] of [
      [english, "Alternative of", "disrupted", `↳ instead of ${refId}`],
      [indonesian, "Pengganti dari", "gangguan", `↳ pengganti ${refId}`],
    ] as const) {
      const shown = await shop.run(["trx", "show", alternative], { mode: "table", env: { ...env, COLUMNS: "80" } });
      if (process.env.SHOW_SCREENS) console.log(shown.stdout);
      expect(shown.exitCode, shown.stderr).toBe(0);
      expectScreen(shown.stdout, 80, [alternative]);
      expect(shown.stdout).toMatch(new RegExp(`${label}\\b[^\\n]*${refId} \\(Pulsa Telkomsel 25\\.000, ${why}\\)`));

      const listed = await shop.run(["history"], { mode: "table", env: { ...env, COLUMNS: "80" } });
      if (process.env.SHOW_SCREENS) console.log(listed.stdout);
      expect(listed.exitCode, listed.stderr).toBe(0);
      expectScreen(listed.stdout, 80, [alternative, refId]);
      expect(listed.stdout.replace(/[│\s]+/g, " ")).toContain(mark);
    }

    // --json: a new field, the service's own fields as they were.
    const json = await shop.run(["trx", "show", alternative], { mode: "json" });
    expect(json.json().alternative_of).toEqual({ ref_id: refId, item_id: 13, item: "Pulsa Telkomsel 25.000" });
    const plain = await shop.run(["trx", "show", alternative]);
    expect(pipedRows(plain.stdout).find((r) => r[0] === "alternative_of")).toEqual([
      "alternative_of",
      refId,
      "13",
      "disrupted",
    ]);

    const entries = (await shop.run(["history", "--no-refresh"], { mode: "json" })).json() as any[];
    const byRef = new Map(entries.map((e) => [e.ref_id, e]));
    // The same shape as buy --json and trx show --json give it: the item by name too.
    expect(byRef.get(alternative)).toMatchObject({ outcome: "done" });
    expect(byRef.get(alternative).alternative_of).toEqual({
      ref_id: refId,
      item_id: 13,
      item: "Pulsa Telkomsel 25.000",
    });
    expect(byRef.get(alternative).alternative_of).toEqual(bought.json().alternative_of);
    expect(byRef.get(refId)).toMatchObject({ outcome: "refused" });
    expect(byRef.get(refId)).not.toHaveProperty("alternative_of");
    const piped = pipedRows((await shop.run(["history", "--no-refresh"])).stdout);
    expect(piped.find((r) => r[2] === alternative)?.at(-1)).toBe(refId);
    // A new column at the end: the refused original's is empty, the columns before it where they were.
    expect(piped.find((r) => r[2] === alternative)).toHaveLength(16);
    expect(piped.find((r) => r[2] === refId)?.[15] ?? "").toBe("");
  });
});
