/**
 * `buy --file` killed (SIGKILL) at random points while `history`, `report` and `reconcile` read the
 * same records database and `webhook listen` writes the service's webhooks into it, then `reconcile`
 * and the same file run again: every order bought once on the service, every one in `history`, and
 * its order.paid received once by the listener. RESELLER_TEST_KILL_TRIALS sets the number of trials
 * (20 by hand; a few in the suite, each a few seconds).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { journalEventCount } from "../support/journal-records.js";
import { deliveryRows } from "../support/records.js";
import { until } from "../support/until.js";
import { resellerAs } from "./commands-harness.js";
import { makeSecret, pointServiceAt, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();
const trials = Number(process.env.RESELLER_TEST_KILL_TRIALS ?? 3);
const rows = 40;

describe("buy --file killed at random points beside readers and a listener", () => {
  it(
    `${trials} trials: after reconcile and a re-run, every order once on the service, in history and at the listener`,
    async () => {
      const apiKey = harness.emulator.demoApiKey;
      harness.emulator.setBalance(apiKey, 1_000_000_000);
      for (let trial = 0; trial < trials; trial++) {
        const r = resellerAs(harness, apiKey);
        const before = harness.accountOf(apiKey).transactions.length;
        const numbers = Array.from(
          { length: rows },
          (_, i) => `0813${String(trial).padStart(3, "0")}${String(i).padStart(5, "0")}`,
        );
        await makeSecret(r);
        const listener = await listen(r);
        await pointServiceAt(r, listener.url);
        const orders = join(r.configDir, "orders.csv");
        writeFileSync(orders, ["item_id,quantity,note", ...numbers.map((n) => `12,1,${n}`)].join("\n"));
        // Each purchase writes at least an intent, an attempt and an outcome: killed somewhere among them.
        const point = 1 + Math.floor(Math.random() * rows * 3);
        const buying = r.start(["buy", "--file", orders, "--concurrency", "4", "--yes"], {
          mode: "json",
          timeoutMs: 120_000,
        });
        const readers: RunningReseller[] = [];
        const reading = (async () => {
          while (buying.child.exitCode === null && buying.child.signalCode === null) {
            const round = [["history", "--limit", "5"], ["report"], ["reconcile"]].map((args) =>
              r.start(args, { mode: "json", timeoutMs: 120_000 }),
            );
            readers.push(...round);
            await Promise.all(round.map((x) => x.done));
          }
        })();
        await until(
          `record ${point} of trial ${trial}`,
          () => journalEventCount(r.configDir) >= point || buying.child.exitCode !== null,
          120_000,
          5,
        );
        buying.child.kill("SIGKILL");
        await buying.done;
        await reading;
        for (const reader of readers) {
          const done = await reader.done;
          // A reader never fails for a purchase being written beside it (reconcile may say some are unknown: 5).
          expect([0, 5], done.stderr).toContain(done.exitCode);
        }

        const settled = await r.run(["reconcile"], { mode: "json", timeoutMs: 120_000 });
        expect([0, 5], settled.stderr).toContain(settled.exitCode);
        const again = await r.run(["buy", "--file", orders, "--yes"], { mode: "json", timeoutMs: 120_000 });
        expect(again.exitCode, again.stderr).toBe(0);

        const results = again.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { ref_id: string; outcome: string });
        // Delivered once the listener noted the service's order.completed in the journal.
        expect(results.filter((x) => x.outcome !== "bought" && x.outcome !== "delivered")).toEqual([]);
        expect(results).toHaveLength(rows);
        const refs = new Set(results.map((x) => x.ref_id));
        expect(refs.size).toBe(rows);
        // Every row bought exactly once: 40 new transactions on the service, one under each row's ref_id.
        const onService = harness.accountOf(apiKey).transactions.slice(before);
        expect(onService.map((t) => t.ref_id).sort(), `trial ${trial}, killed at record ${point}`).toEqual(
          [...refs].sort(),
        );
        const history = await r.run(["history", "--since", "2000-01-01"], { mode: "json", timeoutMs: 120_000 });
        expect(history.exitCode, history.stderr).toBe(0);
        const bought = new Set(onService.map((t) => t.ref_id));
        const listed = (history.json() as { ref_id: string; outcome: string }[]).filter((e) => e.outcome === "done");
        expect(new Set(listed.map((e) => e.ref_id)), `trial ${trial}`).toEqual(bought);

        // The listener beside wrote the service's order.paid of every order, once, and was never stopped by it all.
        const paid = () =>
          deliveryRows(r.configDir)
            .filter((d) => d.event === "order.paid" && bought.has(d.ref_id ?? ""))
            .map((d) => d.ref_id);
        await until(`every order.paid at the listener, trial ${trial}`, () => paid().length >= rows, 60_000);
        expect(paid().sort()).toEqual([...bought].sort());
        const stopped = await listener.stop();
        expect(stopped.exitCode, stopped.stderr).toBe(0);
      }
    },
    120_000 * Math.max(1, trials),
  );
});
