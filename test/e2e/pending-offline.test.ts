/**
 * `reseller pending` with the service unreachable: the orders as last recorded, said on stderr, and
 * for a plain list exit 4, as `history` and `report` do, so a script knows the list may be behind.
 * `--once` keeps cron's codes (1 while an order is not delivered) and says so too. The language
 * changes the words, never the code.
 */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { useEmulator } from "../support/emulator.js";
import { pipedRows, resellerAs } from "./commands-harness.js";
import { bought, manualOrder } from "./pending-harness.js";

const harness = useEmulator({ clock: manualClock(Date.now()) });

describe("pending with the service unreachable", () => {
  it("lists the orders as recorded, says it could not ask, and exits 4; --once exits 1 with the same note", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    await bought(reseller, manualOrder("offline-manual"));
    harness.emulator.faults.configure({ down: true });
    try {
      for (const lang of ["en", "id"]) {
        const plain = await reseller.run(["--lang", lang, "pending"]);
        expect(plain.exitCode, plain.stderr).toBe(4);
        expect(pipedRows(plain.stdout).map((r) => [r[1], r[3]])).toEqual([["offline-manual", "bought"]]);
        expect(plain.stderr).toContain(
          lang === "en"
            ? "1 order not final could not be brought up to date"
            : "1 order yang belum final tidak bisa diperbarui",
        );

        const json = await reseller.run(["--lang", lang, "pending"], { mode: "json" });
        expect(json.exitCode, json.stderr).toBe(4);
        expect(json.json().map((o: { ref_id: string }) => o.ref_id)).toEqual(["offline-manual"]);
      }

      const once = await reseller.run(["pending", "--once"]);
      expect(once.exitCode, once.stderr).toBe(1);
      expect(once.stderr).toContain("could not be brought up to date (the service could not be reached)");
    } finally {
      harness.emulator.faults.reset();
    }

    // Reachable again: the list is current, exit 0, nothing said.
    const back = await reseller.run(["pending"]);
    expect(back.exitCode, back.stderr).toBe(0);
    expect(back.stderr).not.toContain("brought up to date");
  });
});
