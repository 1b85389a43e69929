/**
 * A shop's day against the emulator (docs/shop.md, "The day"): the morning's price list, the orders
 * (a manual order completed later by the emulator's clock, an SMM order that ends partly delivered, a
 * delivery that fails, a disrupted item sold as its alternative, an answer dropped after the purchase
 * was made), `pending --follow` settling every one of them with one receipt and one `--exec` each,
 * and the evening's `report`, read from the journal without asking, equal to the emulator's balance
 * movement to the rupiah.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { buyOne } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { disruptedItemWithAlternative } from "../support/shop-day-alternatives.js";
import { until } from "../support/until.js";
import { resellerAs } from "./commands-harness.js";

const harness = useEmulator({ clock: manualClock(Date.now()) });
// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };

it("morning price list, orders, pending --follow, evening books equal to the balance's movement", async () => {
  const reseller = resellerAs(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
  const start = harness.accountOf(reseller.apiKey);
  const before = start.balance;
  const run = async (args: string[], exitCode = 0) => {
    const r = await reseller.run(args);
    expect(r.exitCode, `${args.join(" ")}\n${r.stderr}`).toBe(exitCode);
    return r;
  };

  // Morning: the catalogue brought up to date, selling prices, the list for customers.
  await run(["items", "--changes"]);
  await run(["prices", "set", "--markup", "10%", "--round", "500"]);
  expect((await run(["prices", "--format", "text"])).stdout).toContain("DAFTAR HARGA");

  // Orders.
  await run(buyOne(27, "logo warung kopi", "--ref-id", "day-manual", "--yes"));
  await run(
    ["buy", "--item", "23", "--qty", "300", "--target", "https://instagram.com/partial_kopi"].concat(
      "--ref-id",
      "day-smm",
      "--yes",
    ),
  );
  await run(buyOne(12, "0812", "--no-check", "--ref-id", "day-failed", "--yes"));
  await run(buyOne(11, "081234567893", "--ref-id", "day-pulsa", "--yes"));
  // The purchase is made, its answer and every look-up after it lost: exit 5, never bought twice.
  harness.emulator.faults.configure({ drop_after_commit_next: 6, match: { path: "/v1/trx" } });
  await run(buyOne(11, "081234567894", "--ref-id", "day-lost", "--yes"), 5);
  harness.emulator.faults.reset();

  // A disrupted item: the customer gets the alternative reviewed in advance (`reseller alternatives
  // set 13 14 12`, `buy --alternatives`), charged once, at no more than the original's selling price.
  // Left pending, it is followed below like the rest.
  const disrupted = await disruptedItemWithAlternative(harness, reseller, "081234569901", { wait: false });

  // Pending: followed to the end while the emulator's clock runs (the pulsa at 5 s, SMM at 1 minute,
  // the manual order at 5).
  const execs = join(reseller.configDir, "handed.jsonl");
  const receiptsFile = join(reseller.configDir, "receipts.txt");
  const follow = reseller.start(
    [
      "pending",
      "--follow",
      ...["--interval", "1", "--max-interval", "1"],
      ...["--receipts", receiptsFile, "--exec", `cat >> '${execs}'`],
    ],
    { mode: "json", timeoutMs: 60_000 },
  );
  await until("following", () => follow.output().stderr.includes("Following 6 orders"));
  let ticks = 0;
  const ticking = setInterval(() => {
    if (ticks++ < 40) harness.emulator.clock.advance(10_000);
  }, 100);
  const followed = await follow.done.finally(() => clearInterval(ticking));
  expect(followed.exitCode, followed.stderr).toBe(0);
  const ended = followed.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(Object.fromEntries(ended.map((o) => [o.ref_id, o.outcome]))).toEqual({
    "day-manual": "delivered",
    "day-smm": "partial",
    "day-failed": "delivery_failed",
    "day-pulsa": "delivered",
    "day-lost": "delivered",
    [disrupted.soldRefId]: "delivered",
  });
  // One run of --exec per order, one receipt per order the customer is told about.
  const handed = readFileSync(execs, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l).ref_id);
  expect(handed.sort()).toEqual(ended.map((o) => o.ref_id).sort());
  const receipts = readFileSync(receiptsFile, "utf8");
  for (const ref of handed) expect(receipts.split(`No. Ref: ${ref}\n`)).toHaveLength(2);
  expect(receipts.match(/^https:\/\/wa\.me\//gm)).toHaveLength(handed.length);
  // The disrupted item's customer is told of the alternative they got, never of the original.
  expect(receipts).not.toContain(`No. Ref: ${disrupted.refId}\n`);

  // Every purchase the service charged today is one of the orders followed, each charged once: the
  // disrupted item's own order, refused, charged nothing.
  const end = harness.accountOf(reseller.apiKey);
  const charged = end.transactions.filter((t) => !start.transactions.some((s) => s.ref_id === t.ref_id));
  expect(charged.map((t) => t.ref_id).sort()).toEqual(handed);
  const after = end.balance;
  const sum = (f: (t: (typeof charged)[number]) => number) => charged.reduce((n, t) => n + f(t), 0);

  // Evening: the books, from the journal alone, equal what left the balance.
  const report = (await reseller.run(["report"], { mode: "json", env: midday })).json();
  const verdicts: Record<string, number> = { refused: 1, unknown: 0 }; // the disrupted item's own order
  for (const o of ended) verdicts[o.outcome] = (verdicts[o.outcome] ?? 0) + 1;
  expect(report.by_verdict).toMatchObject(verdicts);
  expect(report.spent).toBe(before - after);
  expect(report.spent).toBe(sum((t) => t.amount - t.refunded));
  expect(report.refunded).toBe(sum((t) => t.refunded));
  expect(report.refunded).toBeGreaterThan(0);
  // Nothing left pending.
  await run(["pending", "--once"]);
});
