/**
 * The journal's store: lookups through the derived index fold every record of an entry wherever it
 * was written, past months are sealed and not read unless asked, a journal written by the current
 * release is migrated losing nothing, and the index stays right with concurrent writers and readers,
 * crashes, a held lock and damage.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  foldRecords,
  type IntentRecord,
  Journal,
  type JournalEntry,
  type JournalRecord,
} from "../../src/journal/journal.js";
import { makeConfigDir } from "../support/cli.js";
import { buyIntent } from "../support/journal-records.js";

const day = 86_400_000;
const clock = (iso: string) => () => Date.parse(iso);

const intent = (entry: string, at: string, extra: Partial<IntentRecord> = {}): JournalRecord =>
  buyIntent({ entry, at, request: { carts: [{ item_id: 12, quantity: 1, note: "081234567890" }] }, ...extra });
const outcome = (entry: string, at: string, extra: Record<string, unknown>): JournalRecord =>
  ({ v: 1, type: "outcome", entry, at, ...extra }) as JournalRecord;

/** How the current release reads its journal.jsonl: every line, a torn one's glued record kept. */
function releaseRead(text: string): JournalRecord[] {
  const parse = (t: string): JournalRecord | undefined => {
    try {
      const v = JSON.parse(t) as Partial<JournalRecord>;
      return v && v.v === 1 && typeof v.entry === "string" && typeof v.type === "string"
        ? (v as JournalRecord)
        : undefined;
    } catch {
      return undefined;
    }
  };
  const records: JournalRecord[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const whole = parse(line);
    if (whole) {
      records.push(whole);
      continue;
    }
    const last = line.lastIndexOf('{"v":1,');
    const glued = last > 0 ? parse(line.slice(last)) : undefined;
    if (glued) records.push(glued);
  }
  return records;
}

/**
 * A journal as the current release writes it, over four months: every kind and record type, two
 * profiles and two service addresses, outcomes written weeks after their intent, torn lines.
 */
function releaseJournal(dir: string, orders: number): string {
  mkdirSync(dir, { recursive: true });
  const start = Date.parse("2026-07-01T00:00:00.000Z");
  const step = (120 * day) / orders;
  const kinds = ["buy", "topup", "lock", "sandbox"] as const;
  const lines: string[] = [];
  const late: { after: number; record: JournalRecord }[] = [];
  for (let i = 0; i < orders; i++) {
    const t = start + i * step;
    const at = (plus = 0) => new Date(t + plus).toISOString();
    const e = `e${i.toString(16).padStart(6, "0")}`;
    const kind = kinds[i % 4]!;
    const write = (r: JournalRecord) => lines.push(JSON.stringify(r));
    write(
      intent(e, at(), {
        kind,
        profile: i % 3 ? "default" : "shop2",
        base_url: i % 5 ? "https://api.example.id" : "http://127.0.0.1:8080",
        ref_id: kind === "topup" ? null : `RSL-${i}`,
      }),
    );
    write({ v: 1, type: "attempt", entry: e, at: at(1), attempt: 1 });
    switch (i % 7) {
      case 0:
        write({
          v: 1,
          type: "attempt_failed",
          entry: e,
          at: at(2),
          attempt: 1,
          error: "UND_ERR_SOCKET",
          may_have_reached: true,
        });
        write(outcome(e, at(3), { outcome: "unknown", reason: "no answer after 1 attempt", code: "UND_ERR_SOCKET" }));
        // Settled by reconcile weeks later, far down the journal, for most; some stay unknown.
        if (i % 14 === 0)
          late.push({
            after: i + Math.floor(orders / 4),
            record: outcome(e, "", {
              outcome: "done",
              invoice: `INV-${i}`,
              amount: 11_500,
              status: "completed",
              by: "reconcile",
            }),
          });
        break;
      case 1:
        write(outcome(e, at(3), { outcome: "refused", code: "BALANCE_IS_INSUFFICIENT", http_status: 400 }));
        break;
      case 2:
        write(outcome(e, at(3), { outcome: "not_sent", code: "ECONNREFUSED", reason: "refused" }));
        break;
      case 3:
        // Pending: the process died before it knew.
        break;
      default:
        write(
          outcome(e, at(3), { outcome: "done", invoice: `INV-${i}`, amount: 5_600 + i, status: "paid", by: "answer" }),
        );
        write({
          v: 1,
          type: "status",
          entry: e,
          at: at(60_000),
          status: i % 2 ? "completed" : "failed",
          invoice: `INV-${i}`,
        });
    }
    while (late.length && late[0]!.after <= i) lines.push(JSON.stringify({ ...late.shift()!.record, at: at(5) }));
    // A power loss mid-write: the next record lands on the torn line.
    if (i % 97 === 50)
      lines.push(
        `{"v":1,"type":"outcome","entry":"${e}","at":"${at(4)}","outco${JSON.stringify(outcome(e, at(5), { outcome: "unknown", reason: "after a crash" }))}`,
      );
    if (i % 211 === 100) lines.push("garbage that was never a record");
  }
  for (const { record } of late)
    lines.push(JSON.stringify({ ...record, at: new Date(start + 121 * day).toISOString() }));
  const text = `${lines.join("\n")}\n`;
  writeFileSync(join(dir, "journal.jsonl"), text, { mode: 0o600 });
  return text;
}

const unsettledOf = (entries: JournalEntry[]) =>
  entries.filter((e) => e.outcome === "pending" || e.outcome === "unknown");

/** A lock naming a live holder as reseller writes one: pid, host, the process's start time, a token. */
function holderLine(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return `${pid} ${hostname()} ${stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]} t0k3n\n`;
}

describe("a journal written by the current release", () => {
  it("is migrated on first use losing nothing: same entries, every lookup as a full fold, old months sealed", () => {
    const dir = makeConfigDir();
    const original = releaseJournal(dir, 3_000);
    const expected = foldRecords(releaseRead(original));
    const journal = new Journal(dir, { now: clock("2026-12-02T00:00:00.000Z") });

    // The first lookup builds the index and seals the past months (the whole old file, renamed).
    expect(journal.byRefId("RSL-8")).toEqual([expected.find((e) => e.ref_id === "RSL-8")]);
    expect(existsSync(join(dir, "journal.jsonl"))).toBe(false);
    const segments = readdirSync(join(dir, "journal.d", "segments"));
    expect(segments).toEqual(["000001-2026-07.jsonl"]);
    expect(readFileSync(join(dir, "journal.d", "segments", segments[0]!), "utf8")).toBe(original);

    expect(journal.entries()).toEqual(expected);
    expect(journal.read().damaged).toBe(releaseDamaged(original));
    // A sample across every kind and outcome (the generator cycles by 4 and by 7).
    const sample = expected.filter((_e, i) => i % 23 === 0);
    for (const e of sample) expect(journal.byEntryId(e.entry)).toEqual(e);
    // A top-up has no ref_id and only some outcomes an invoice: each lookup is checked on a fair share of the sample.
    const withRefId = sample.filter((e) => e.ref_id);
    const withInvoice = sample.filter((e) => e.invoice);
    expect(Math.min(withRefId.length, withInvoice.length)).toBeGreaterThan(sample.length / 4);
    for (const e of withRefId)
      expect(journal.byRefId(e.ref_id!)).toEqual(expected.filter((x) => x.ref_id === e.ref_id).reverse());
    for (const e of withInvoice)
      expect(journal.byInvoice(e.invoice!)).toEqual(expected.filter((x) => x.invoice === e.invoice).reverse());
    expect(journal.unsettled()).toEqual(unsettledOf(expected));
    expect(unsettledOf(expected).length).toBeGreaterThan(100);
    expect([...journal.newestFirst()]).toEqual([...expected].reverse());

    // Buying goes on in a fresh active log, and a late outcome for an entry of a sealed month folds in.
    const [stillUnknown] = journal.unsettled().filter((e) => e.outcome === "unknown");
    journal.append(
      outcome(stillUnknown!.entry, "2026-12-02T00:00:01.000Z", {
        outcome: "done",
        invoice: "INV-LATE",
        amount: 1,
        by: "reconcile",
      }),
    );
    journal.append(intent("new-1", "2026-12-02T00:00:02.000Z"));
    expect(journal.byInvoice("INV-LATE")).toEqual([
      expect.objectContaining({ entry: stillUnknown!.entry, outcome: "done", by: "reconcile" }),
    ]);
    expect(journal.unsettled().map((e) => e.entry)).not.toContain(stillUnknown!.entry);
    expect(journal.unsettled().at(-1)).toMatchObject({ entry: "new-1", outcome: "pending" });
    expect([...journal.newestFirst()][0]).toMatchObject({ entry: "new-1" });
  });
});

/** Lines the release's reader could not read at all. */
function releaseDamaged(text: string): number {
  return text.split("\n").filter((l) => l.trim() && releaseRead(l).length === 0).length;
}

describe("records of one entry far apart in time", () => {
  it("an intent in a sealed month and its outcome and status months later fold together, by every lookup", () => {
    const dir = makeConfigDir();
    const january = new Journal(dir, { now: clock("2026-01-20T00:00:00.000Z") });
    january.append(intent("a", "2026-01-10T00:00:00.000Z"));
    january.append(outcome("a", "2026-01-10T00:00:01.000Z", { outcome: "unknown", reason: "no answer" }));
    january.append(intent("b", "2026-01-11T00:00:00.000Z"));
    expect(january.unsettled().map((e) => e.entry)).toEqual(["a", "b"]);

    const march = new Journal(dir, { now: clock("2026-03-05T00:00:00.000Z") });
    // The first read in a new month seals the last one.
    expect(march.byRefId("ref-b")).toHaveLength(1);
    march.append(intent("c", "2026-03-05T00:00:00.000Z"));
    march.append(
      outcome("a", "2026-03-05T00:00:01.000Z", { outcome: "done", invoice: "INV-A", amount: 11_500, by: "reconcile" }),
    );
    march.append({
      v: 1,
      type: "status",
      entry: "a",
      at: "2026-03-05T00:00:02.000Z",
      status: "completed",
      invoice: "INV-A",
    });
    expect(readdirSync(join(dir, "journal.d", "segments"))).toEqual(["000001-2026-01.jsonl"]);

    const found = march.byRefId("ref-a");
    expect(found).toEqual([
      expect.objectContaining({
        entry: "a",
        at: "2026-01-10T00:00:00.000Z",
        outcome: "done",
        invoice: "INV-A",
        status: "completed",
        updated_at: "2026-03-05T00:00:02.000Z",
      }),
    ]);
    expect(march.byInvoice("INV-A")).toEqual(found);
    expect(march.byEntryId("a")).toEqual(found[0]);
    expect(march.unsettled().map((e) => e.entry)).toEqual(["b", "c"]);
    expect([...march.newestFirst()].map((e) => [e.entry, e.outcome])).toEqual([
      ["c", "pending"],
      ["b", "pending"],
      ["a", "done"],
    ]);
  });

  it("newest first, an entry's records met a long way before its intent and just before it fold in the order they were written", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    const at = (n: number) => new Date(Date.parse("2026-11-01T00:00:00.000Z") + n * 1000).toISOString();
    const written: JournalRecord[] = [
      intent("x", at(0)),
      outcome("x", at(1), { outcome: "unknown", reason: "no answer" }),
    ];
    // More records in between than a reader holds close at hand: the later outcome waits a long way from its intent.
    for (let i = 0; i < 1_500; i++)
      written.push(
        intent(`f${i}`, at(2 + i)),
        outcome(`f${i}`, at(2 + i), { outcome: "done", invoice: `INV-F${i}`, by: "answer" }),
      );
    written.push(outcome("x", at(2_000), { outcome: "not_done", by: "reconcile" }));
    for (const r of written) journal.append(r);

    const newest = [...journal.newestFirst()];
    expect(newest).toEqual(foldRecords(written).reverse());
    // The latest outcome stands: read in the wrong order, the older `unknown` would.
    expect(newest.at(-1)).toMatchObject({ entry: "x", outcome: "not_done", by: "reconcile", updated_at: at(2_000) });
  });

  it("a record appended by a process that opened the log just before it was sealed is found in the segment", () => {
    const dir = makeConfigDir();
    new Journal(dir, { now: clock("2026-01-20T00:00:00.000Z") }).append(intent("s", "2026-01-20T00:00:00.000Z"));
    const february = new Journal(dir, { now: clock("2026-02-01T00:00:00.000Z") });
    expect(february.byRefId("ref-s")).toHaveLength(1);
    const segment = join(dir, "journal.d", "segments", "000001-2026-01.jsonl");
    // Its write lands after the rename, in the file it had open.
    appendFileSync(
      segment,
      `${JSON.stringify(outcome("s", "2026-02-01T00:00:00.500Z", { outcome: "done", invoice: "INV-S" }))}\n`,
    );
    expect(february.byInvoice("INV-S")).toEqual([expect.objectContaining({ entry: "s", outcome: "done" })]);
    expect(february.unsettled()).toEqual([]);
  });

  it("done is a fact: an unknown written after it never makes the entry unsettled; unknown after not_done does", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    const at = new Date().toISOString();
    journal.append(intent("d", at));
    journal.append(outcome("d", at, { outcome: "done", invoice: "INV-D" }));
    journal.append(intent("n", at));
    journal.append(outcome("n", at, { outcome: "not_done", by: "reconcile" }));
    expect(journal.unsettled()).toEqual([]);
    journal.append(outcome("d", at, { outcome: "unknown", reason: "late" }));
    journal.append(outcome("n", at, { outcome: "unknown", reason: "asked again" }));
    expect(journal.unsettled().map((e) => [e.entry, e.outcome])).toEqual([["n", "unknown"]]);
  });
});

describe("a process that finds the world changed as it is about to seal", () => {
  const october = "2026-10-15T10:00:00.000Z";
  /** Fifty purchases made in October, as a release wrote them. */
  const octoberJournal = (dir: string) => {
    const lines: string[] = [];
    for (let i = 0; i < 50; i++)
      lines.push(
        JSON.stringify(intent(`o${i}`, october)),
        JSON.stringify(outcome(`o${i}`, october, { outcome: "done", invoice: `INV-o${i}` })),
      );
    writeFileSync(join(dir, "journal.jsonl"), `${lines.join("\n")}\n`);
  };
  /**
   * A November clock that, the first time it is read (as sealing decides the month has turned, after
   * the log was indexed), lets another process act first.
   */
  const novemberAfter = (meanwhile: () => void) => {
    let first = true;
    return () => {
      if (first) {
        first = false;
        meanwhile();
      }
      return Date.parse("2026-11-02T10:00:00.000Z");
    };
  };

  it("the log it indexed was sealed by another and a new one begun: nothing is sealed over them, every purchase stays", () => {
    const dir = makeConfigDir();
    octoberJournal(dir);
    const segment = join(dir, "journal.d", "segments", "000001-2026-10.jsonl");
    const journal = new Journal(dir, {
      now: novemberAfter(() => {
        mkdirSync(join(dir, "journal.d", "segments"), { recursive: true });
        renameSync(join(dir, "journal.jsonl"), segment);
        appendFileSync(join(dir, "journal.jsonl"), `${JSON.stringify(intent("n0", "2026-11-02T09:00:00.000Z"))}\n`);
      }),
    });
    expect(journal.byRefId("ref-o7")).toEqual([expect.objectContaining({ entry: "o7", invoice: "INV-o7" })]);
    expect(journal.entries().map((e) => e.entry)).toEqual([...Array.from({ length: 50 }, (_v, i) => `o${i}`), "n0"]);
    expect(journal.byRefId("ref-n0")).toHaveLength(1);
  });

  it("its lock was taken over meanwhile: it does not seal, answers from what is on disk, and the next holder seals", () => {
    const dir = makeConfigDir();
    octoberJournal(dir);
    const lock = join(dir, "journal.d", "index.lock");
    // A holder on another machine whose lease is fresh: alive, so it keeps the lock.
    const journal = new Journal(dir, {
      now: novemberAfter(() => writeFileSync(lock, "4242 another-machine 7 f00d\n")),
    });
    expect(journal.byRefId("ref-o7")).toEqual([expect.objectContaining({ entry: "o7", invoice: "INV-o7" })]);
    expect(existsSync(join(dir, "journal.jsonl"))).toBe(true);
    expect(existsSync(join(dir, "journal.d", "segments"))).toBe(false);
    rmSync(lock);
    expect(journal.byInvoice("INV-o49")).toHaveLength(1);
    expect(readdirSync(join(dir, "journal.d", "segments"))).toEqual(["000001-2026-10.jsonl"]);
    expect(journal.entries()).toHaveLength(50);
  });
});

describe("reading proportional to what is asked", () => {
  it("a sealed month is not read unless asked; when it must be and cannot, the path and the repair are said", () => {
    const dir = makeConfigDir();
    const october = new Journal(dir, { now: clock("2026-10-30T00:00:00.000Z") });
    for (let i = 0; i < 50; i++)
      october.append(intent(`old-${i}`, `2026-10-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00.000Z`));
    expect(october.byRefId("ref-old-3")).toHaveLength(1);
    const november = new Journal(dir, { now: clock("2026-11-20T00:00:00.000Z") });
    // The first read in November seals October; what is appended after goes to a new active log.
    expect(november.byRefId("ref-old-1")).toHaveLength(1);
    for (let i = 0; i < 60; i++)
      november.append(intent(`new-${i}`, `2026-11-${String(1 + (i % 19)).padStart(2, "0")}T00:00:00.000Z`));
    expect(november.byRefId("ref-new-1")).toHaveLength(1);

    // The sealed month becomes unreadable (a link where the segment was).
    const segment = join(dir, "journal.d", "segments", "000001-2026-10.jsonl");
    expect(existsSync(segment)).toBe(true);
    rmSync(segment);
    symlinkSync("/etc/hostname", segment);

    // An hour later: a sealed segment is only looked at for a late append just after sealing.
    const later = new Journal(dir, { now: clock("2026-11-20T01:00:00.000Z") });
    expect(later.byRefId("ref-new-59")).toEqual([expect.objectContaining({ entry: "new-59", outcome: "pending" })]);
    const newest: string[] = [];
    for (const e of later.newestFirst()) {
      newest.push(e.entry);
      if (newest.length === 20) break;
    }
    expect(newest).toEqual(Array.from({ length: 20 }, (_, i) => `new-${59 - i}`));
    expect([...later.newestFirst({ since: "2026-11-10T00:00:00.000Z" })].every((e) => e.at >= "2026-11-10")).toBe(true);
    later.append(intent("buying-still-works", "2026-11-20T00:00:00.000Z"));

    expect(() => later.byRefId("ref-old-3")).toThrow(
      expect.objectContaining({ code: "JOURNAL_UNREADABLE", message: expect.stringContaining(segment) }),
    );
    expect(() => [...later.newestFirst()]).toThrow(
      expect.objectContaining({ code: "JOURNAL_UNREADABLE", message: expect.stringContaining("symbolic link") }),
    );
  });
});

describe("an index that stays right", () => {
  it("nothing bought yet: every lookup answers empty and reading makes no files", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    expect([
      journal.byRefId("r"),
      journal.byInvoice("i"),
      journal.byEntryId("e"),
      journal.unsettled(),
      [...journal.newestFirst()],
      journal.entries(),
    ]).toEqual([[], [], undefined, [], [], []]);
    expect(readdirSync(dir)).toEqual([]);
  });

  /** Records as `append` writes them, in one write (each append's fsync is not what these tests are about). */
  const fill = (journal: Journal, n: number, prefix = "x") => {
    const at = new Date().toISOString();
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      lines.push(
        JSON.stringify(intent(`${prefix}${i}`, at)),
        JSON.stringify(outcome(`${prefix}${i}`, at, { outcome: "done", invoice: `INV-${prefix}${i}`, amount: i })),
      );
    }
    appendFileSync(journal.path, `${lines.join("\n")}\n`);
  };

  it.each([
    ["meta.json is not JSON", (index: string) => writeFileSync(join(index, "meta.json"), "{ torn")],
    ["the index is gone", (index: string) => rmSync(index, { recursive: true })],
    [
      "a bucket was cut short",
      (index: string) => {
        const bucket = readdirSync(index)
          .filter((n) => n.startsWith("b"))
          .sort((a, b) => readFileSync(join(index, b)).length - readFileSync(join(index, a)).length)[0]!;
        truncateSync(join(index, bucket), 3);
      },
    ],
    [
      "a power loss left a bucket's last lines as zeros",
      (index: string) => {
        for (const name of readdirSync(index).filter((n) => n.startsWith("b"))) {
          const bytes = readFileSync(join(index, name));
          bytes.fill(0, Math.max(0, bytes.length - 20));
          writeFileSync(join(index, name), bytes);
        }
      },
    ],
    [
      "every bucket points at the wrong records",
      (index: string) => {
        for (const name of readdirSync(index).filter((n) => n.startsWith("b"))) {
          writeFileSync(
            join(index, name),
            readFileSync(join(index, name), "utf8").replace(
              /\t1:(\d+)\n/g,
              (_m, o: string) => `\t1:${Number(o) + 1}\n`,
            ),
          );
        }
      },
    ],
  ])("%s: it is rebuilt and every answer stays right", (_name, damage) => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    fill(journal, 200);
    const expected = journal.entries();
    expect(journal.byRefId("ref-x7")).toHaveLength(1);
    damage(join(dir, "journal.d", "index"));
    for (const e of expected.filter((_e, i) => i % 9 === 0)) expect(journal.byRefId(e.ref_id!)).toEqual([e]);
    expect(journal.byInvoice("INV-x150")).toEqual([expected[150]]);
    expect(JSON.parse(readFileSync(join(dir, "journal.d", "index", "meta.json"), "utf8")).files[0].covered).toBe(
      readFileSync(journal.path).length,
    );
  });

  it("meta.json listing another entry as open: the index is not taken at its word, every unsettled entry is found", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    const longAgo = new Date(Date.now() - day).toISOString();
    const lines = [
      ...Array.from({ length: 9 }, (_v, i) => JSON.stringify(intent(`p${i}`, longAgo))),
      JSON.stringify(intent("s0", longAgo)),
      JSON.stringify(outcome("s0", longAgo, { outcome: "done", invoice: "INV-s0", amount: 1 })),
    ];
    appendFileSync(journal.path, `${lines.join("\n")}\n`);
    const pending = Array.from({ length: 9 }, (_v, i) => `p${i}`);
    expect(journal.unsettled().map((e) => e.entry)).toEqual(pending);
    const metaPath = join(dir, "journal.d", "index", "meta.json");
    const meta = JSON.parse(readFileSync(metaPath, "utf8"));
    meta.open = meta.open.map((entry: string) => (entry === "p4" ? "s0" : entry));
    writeFileSync(metaPath, JSON.stringify(meta));
    expect(journal.unsettled().map((e) => e.entry)).toEqual(pending);
    expect(JSON.parse(readFileSync(metaPath, "utf8")).open.sort()).toEqual(pending);
  });

  it("journal.d/index a link to another dir: nothing is read or written there, the index is rebuilt in a dir of its own", () => {
    const dir = makeConfigDir();
    const elsewhere = makeConfigDir();
    const journal = new Journal(dir);
    fill(journal, 50);
    expect(journal.byRefId("ref-x1")).toHaveLength(1);
    const index = join(dir, "journal.d", "index");
    // The index moved away and linked back: what is there must stay as it is.
    cpSync(index, elsewhere, { recursive: true });
    rmSync(index, { recursive: true });
    symlinkSync(elsewhere, index);
    const there = () => readdirSync(elsewhere).map((name) => [name, readFileSync(join(elsewhere, name), "utf8")]);
    const before = there();
    fill(journal, 20, "y");
    expect(journal.byRefId("ref-y7")).toEqual([expect.objectContaining({ entry: "y7", invoice: "INV-y7" })]);
    expect(journal.byInvoice("INV-x40")).toHaveLength(1);
    expect(journal.unsettled()).toEqual([]);
    expect(there()).toEqual(before);
    expect(lstatSync(index).isDirectory()).toBe(true);
    expect(readdirSync(index)).toContain("meta.json");
  });

  it("a lock held by a live process: lookups read the uncovered tail themselves and still find everything", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    fill(journal, 30);
    expect(journal.byRefId("ref-x1")).toHaveLength(1);
    const meta = readFileSync(join(dir, "journal.d", "index", "meta.json"), "utf8");
    writeFileSync(join(dir, "journal.d", "index.lock"), holderLine(process.pid));
    fill(journal, 5, "y");
    expect(journal.byRefId("ref-y4")).toEqual([
      expect.objectContaining({ entry: "y4", outcome: "done", invoice: "INV-y4" }),
    ]);
    expect(journal.byInvoice("INV-x29")).toHaveLength(1);
    expect(journal.unsettled()).toEqual([]);
    expect(readFileSync(join(dir, "journal.d", "index", "meta.json"), "utf8")).toBe(meta);
    rmSync(join(dir, "journal.d", "index.lock"));
    expect(journal.byRefId("ref-y4")).toHaveLength(1);
    expect(readFileSync(join(dir, "journal.d", "index", "meta.json"), "utf8")).not.toBe(meta);
  });

  it("another process building the first index: a reader waits for it instead of scanning the journal itself", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    fill(journal, 20);
    // A live process (orphaned, so that its exit is reaped while this one waits) holds the lock.
    const holder = Number(
      spawnSync("sh", ["-c", "sleep 1 >/dev/null 2>&1 & echo $!"], { encoding: "utf8" }).stdout.trim(),
    );
    mkdirSync(join(dir, "journal.d"));
    writeFileSync(join(dir, "journal.d", "index.lock"), holderLine(holder));
    expect(journal.byRefId("ref-x3")).toEqual([expect.objectContaining({ entry: "x3", invoice: "INV-x3" })]);
    // Indexed by this reader once the holder was gone, not scanned around.
    expect(existsSync(join(dir, "journal.d", "index", "meta.json"))).toBe(true);
  });

  it("an index that cannot be written (its dir is a file): lookups scan, buying goes on", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    writeFileSync(join(dir, "journal.d"), "not a dir");
    fill(journal, 20);
    expect(journal.byRefId("ref-x3")).toEqual([expect.objectContaining({ entry: "x3", invoice: "INV-x3" })]);
    expect(journal.byInvoice("INV-x19")).toHaveLength(1);
    expect(journal.byEntryId("x0")).toMatchObject({ outcome: "done" });
  });

  it("a record being written (no newline yet) is read but not covered; once whole it is indexed", () => {
    const dir = makeConfigDir();
    const journal = new Journal(dir);
    fill(journal, 3);
    expect(journal.byRefId("ref-x0")).toHaveLength(1);
    appendFileSync(journal.path, JSON.stringify(intent("half", new Date().toISOString())));
    expect(journal.byRefId("ref-half")).toHaveLength(1);
    const covered = () =>
      JSON.parse(readFileSync(join(dir, "journal.d", "index", "meta.json"), "utf8")).files[0].covered;
    expect(covered()).toBeLessThan(readFileSync(journal.path).length);
    appendFileSync(journal.path, "\n");
    expect(journal.byRefId("ref-half")).toHaveLength(1);
    expect(covered()).toBe(readFileSync(journal.path).length);
  });

  it("three processes appending while two others look up and catch the index up: nothing missed, nothing doubled", async () => {
    const dir = makeConfigDir();
    const built = resolve(import.meta.dirname, "../../dist/journal/journal.js");
    expect(existsSync(built), "run `npm run build` first").toBe(true);
    const perWriter = 150;
    const writer = `
      const { Journal } = await import(${JSON.stringify(built)});
      const journal = new Journal(${JSON.stringify(dir)});
      const id = process.argv[1];
      for (let i = 0; i < ${perWriter}; i++) {
        const entry = id + "-" + i, at = new Date().toISOString();
        journal.append({ v: 1, type: "intent", entry, at, kind: "buy", profile: "p", base_url: "http://x", ref_id: "ref-" + entry, request: { note: "n".repeat(300) }, pid: process.pid, host: "h" });
        journal.append({ v: 1, type: "outcome", entry, at, outcome: "done", invoice: "INV-" + entry, amount: i });
      }`;
    const reader = `
      const { Journal } = await import(${JSON.stringify(built)});
      const journal = new Journal(${JSON.stringify(dir)});
      for (let i = 0; i < 60; i++) { journal.byRefId("ref-w0-" + i); journal.unsettled(); }`;
    const run = (script: string, arg: string) =>
      new Promise<void>((done, fail) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script, arg], { stdio: "inherit" });
        child.on("error", fail);
        child.on("close", (code) => (code === 0 ? done() : fail(new Error(`${arg} exited ${code}`))));
      });
    await Promise.all([run(writer, "w0"), run(writer, "w1"), run(writer, "w2"), run(reader, "r0"), run(reader, "r1")]);
    const journal = new Journal(dir);
    for (let w = 0; w < 3; w++) {
      for (let i = 0; i < perWriter; i++) {
        expect(journal.byRefId(`ref-w${w}-${i}`)).toEqual([
          expect.objectContaining({ entry: `w${w}-${i}`, outcome: "done", invoice: `INV-w${w}-${i}`, amount: i }),
        ]);
      }
    }
    expect(journal.unsettled()).toEqual([]);
    expect([...journal.newestFirst()]).toHaveLength(3 * perWriter);
  }, 60_000);
});
