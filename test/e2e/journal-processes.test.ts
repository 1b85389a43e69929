/**
 * The journal of an earlier release imported into the records database by the built CLI: a
 * hundred thousand records in monthly segments and the active log, the import killed (SIGKILL) at
 * random points and resumed, and two processes that start on it at once.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { journalEventCount } from "../support/journal-records.js";
import { until } from "../support/until.js";
import { resellerAs, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
/** 50,000 orders (100,000 records) by hand; fewer in the suite, where each import costs seconds on a loaded machine. */
const importOrders = Number(process.env.RESELLER_TEST_IMPORT_ORDERS ?? 10_000);

const intent = (entry: string, at: string, i: number) =>
  `{"v":1,"entry":"${entry}","type":"intent","at":"${at}","kind":"buy","profile":"default","base_url":"http://127.0.0.1:1","ref_id":"OLD-${i}","request":{"carts":[{"item_id":12,"quantity":1,"note":"0812${String(i).padStart(8, "0")}"}]},"pid":1,"host":"h"}`;
const outcome = (entry: string, at: string, i: number) =>
  `{"v":1,"entry":"${entry}","type":"outcome","at":"${at}","outcome":"done","invoice":"INV-OLD-${i}","amount":10650,"status":"paid","by":"answer"}`;

/**
 * `orders` purchases (an intent and an outcome each) as an earlier release kept them: two sealed
 * monthly segments and the active log, the outcome of each file's last purchase in the next file,
 * an unreadable line, and the derived index beside them. Returns the records' count.
 */
function oldJournal(configDir: string, orders: number): number {
  const files: string[][] = [[], [], []];
  const start = Date.UTC(2026, 7, 1);
  for (let i = 0; i < orders; i++) {
    const file = Math.min(2, Math.floor((i * 3) / orders));
    const entry = `0a${i.toString(16).padStart(10, "0")}`;
    const at = new Date(start + i * 60_000).toISOString();
    files[file]!.push(intent(entry, at, i));
    const last = Math.floor(((i + 1) * 3) / orders) !== Math.floor((i * 3) / orders) && file < 2;
    files[last ? file + 1 : file]!.push(outcome(entry, at, i));
  }
  files[0]!.push("not a record: a line a crash tore");
  const segments = join(configDir, "journal.d", "segments");
  mkdirSync(segments, { recursive: true, mode: 0o700 });
  mkdirSync(join(configDir, "journal.d", "index"), { mode: 0o700 });
  writeFileSync(join(configDir, "journal.d", "index", "meta.json"), "{}");
  writeFileSync(join(segments, "000001-2026-08.jsonl"), `${files[0]!.join("\n")}\n`, { mode: 0o600 });
  writeFileSync(join(segments, "000002-2026-09.jsonl"), `${files[1]!.join("\n")}\n`, { mode: 0o600 });
  writeFileSync(join(configDir, "journal.jsonl"), `${files[2]!.join("\n")}\n`, { mode: 0o600 });
  return orders * 2;
}

/** Bytes a process has read so far (its own program included); undefined once it has ended. */
function bytesRead(pid: number): number | undefined {
  try {
    return Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1]);
  } catch {
    return undefined;
  }
}

async function listed(r: Reseller): Promise<{ ref_id: string; outcome: string }[]> {
  const history = await r.run(["history", "--since", "2000-01-01", "--all-services"], {
    mode: "json",
    timeoutMs: 240_000,
  });
  expect(history.exitCode, history.stderr).toBe(0);
  return history.json();
}

describe("a journal of an earlier release", () => {
  it(`${importOrders * 2} records in segments and the active log, the import killed at random points and resumed: 0 lost, 0 doubled`, async () => {
    const r = resellerAs(harness);
    const orders = importOrders;
    const records = oldJournal(r.configDir, orders);
    const activeSize = statSync(join(r.configDir, "journal.jsonl")).size;
    const oldSize = activeSize * 3;
    let killed = 0;
    for (let trial = 0; trial < 3; trial++) {
      // A random point of the import: when the process has read that share of the old files.
      const point = 2_000_000 + Math.random() * oldSize;
      const running = r.start(["history", "--limit", "1"], { timeoutMs: 240_000 });
      const pid = running.child.pid!;
      await until(
        "the import to reach its point",
        () => (bytesRead(pid) ?? Number.POSITIVE_INFINITY) >= point,
        240_000,
        20,
      );
      if (running.child.kill("SIGKILL")) killed++;
      await running.done;
      // Nothing imported half: the records are all there, or none.
      expect([0, records]).toContain(journalEventCount(r.configDir));
    }
    const entries = await listed(r);
    expect(entries).toHaveLength(orders);
    expect(new Set(entries.map((e) => e.ref_id)).size).toBe(orders);
    expect(entries.every((e) => e.outcome === "done")).toBe(true);
    // Every readable record once: the torn line is left in the kept file.
    expect(journalEventCount(r.configDir)).toBe(records);
    expect(existsSync(join(r.configDir, "journal.jsonl"))).toBe(false);
    expect(existsSync(join(r.configDir, "journal.d"))).toBe(false);
    expect(statSync(join(r.configDir, "journal.jsonl.imported")).size).toBe(activeSize);
    expect(existsSync(join(r.configDir, "journal.d.imported", "segments", "000001-2026-08.jsonl"))).toBe(true);
    expect(killed, "at least one import was killed midway").toBeGreaterThan(0);
  }, 600_000);

  it("two processes starting on it at once: one imports, the other waits, nothing is imported twice", async () => {
    const r = resellerAs(harness);
    const orders = 6_000;
    const records = oldJournal(r.configDir, orders);
    const [a, b] = await Promise.all([listed(r), listed(r)]);
    expect(a).toHaveLength(orders);
    expect(b).toHaveLength(orders);
    expect(journalEventCount(r.configDir)).toBe(records);
  }, 300_000);
});
