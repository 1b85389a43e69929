/** Money, time and terminal-safety formatting, and the three output modes of ctx.output. */
import { describe, expect, it } from "vitest";
import { formatDuration, formatRupiah, formatTimestamp, showTimesIn } from "../../src/output/format.js";
import { catalogueOf, type Messages } from "../../src/messages/messages.js";
import { en } from "../../src/messages/en.js";
import { parseRupiah } from "../../src/rules/amount.js";
import {
  money,
  Output,
  statusCell,
  type OutputMode,
  type OutputOptions,
  type RichCell,
} from "../../src/output/output.js";
import { neutralize, plainCell } from "../../src/output/sanitize.js";
import { unbroken, wrapMessage } from "../../src/output/message.js";
import { printError } from "../../src/output/print-error.js";
import { NetworkError, ServiceError } from "../../src/errors.js";
import { JqFilterError, type JqFilter } from "../../src/output/jq.js";

/** Runs `check` with the machine's zone set to `zone` (Node applies a change of TZ at once). */
function inZone(zone: string, check: () => void): void {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe("formatRupiah", () => {
  it.each([
    [0, "Rp 0"],
    [999, "Rp 999"],
    [1000, "Rp 1.000"],
    [1_250_000, "Rp 1.250.000"],
    [2_500_000_000, "Rp 2.500.000.000"],
    [-5000, "-Rp 5.000"],
    [-1_250_000, "-Rp 1.250.000"],
  ])("%d -> %s", (amount, text) => {
    expect(formatRupiah(amount)).toBe(text);
  });

  it("shows a dash for a missing amount rather than Rp NaN", () => {
    expect(formatRupiah(null)).toBe("-");
    expect(formatRupiah(undefined)).toBe("-");
    expect(formatRupiah(Number.NaN)).toBe("-");
  });
});

describe("parseRupiah", () => {
  it.each([
    ["10000", 10_000],
    ["10.000", 10_000],
    ["10,000", 10_000],
    ["Rp 1.250.000", 1_250_000],
    ["rp. 50.000", 50_000],
    [" 10 000 ", 10_000],
  ])("%j -> %d", (text, amount) => {
    expect(parseRupiah(text)).toBe(amount);
  });

  it.each(["", "abc", "-5000", "10.5e3", "Rp", "12a", "10000.5", "50.0000", "1.25.000"])("refuses %j", (text) => {
    expect(parseRupiah(text)).toBeUndefined();
  });

  it("round-trips what formatRupiah prints", () => {
    for (const n of [0, 7, 10_000, 1_250_000, 987_654_321]) expect(parseRupiah(formatRupiah(n))).toBe(n);
  });
});

describe("formatTimestamp", () => {
  const now = Date.parse("2026-11-21T14:30:00Z");
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it.each([
    [581, "(in 9m 41s)"],
    [30, "(in 30s)"],
    [2, "(now)"],
    [-45, "(45s ago)"],
    [-180, "(3 min ago)"],
    [-2 * 3600, "(2 h ago)"],
    [-3 * 86400, "(3 days ago)"],
    [3 * 3600 + 60, "(in 3h 01m)"],
  ])("%d s from now reads %s", (offset, hint) => {
    expect(formatTimestamp(at(offset), now, en)).toMatch(
      new RegExp(`^\\d{1,2} \\w{3,4} \\d{4} \\d\\d:\\d\\d:\\d\\d WIB ${hint.replace(/[()]/g, "\\$&")}$`),
    );
  });

  // Each case sets the machine's zone and the shop's: the time shown is the shop's, named, as its
  // receipts show it; a formatter printing the machine's zone, UTC or always +07:00 fails one of them.
  it.each([
    ["UTC", "Asia/Jakarta", "2026-11-28T13:40:03Z", "2026-11-28T20:40:03+07:00", "28 Nov 2026 20:40:03 WIB"],
    ["Asia/Jakarta", "Asia/Jakarta", "2026-11-21T20:15:09Z", "2026-11-22T03:15:09+07:00", "22 Nov 2026 03:15:09 WIB"],
    ["Asia/Jakarta", "Asia/Makassar", "2026-11-21T14:30:00Z", "2026-11-21T21:30:00+07:00", "21 Nov 2026 22:30:00 WITA"],
    [
      "America/Sao_Paulo",
      "Asia/Jayapura",
      "2026-11-21T02:30:00Z",
      "2026-11-21T09:30:00+07:00",
      "21 Nov 2026 11:30:00 WIT",
    ],
    [
      "Asia/Kolkata",
      "Asia/Tokyo",
      "2026-11-21T14:30:00Z",
      "2026-11-21T21:30:00+07:00",
      "21 Nov 2026 23:30:00 UTC+09:00",
    ],
  ])(
    "on a machine in %s, a shop in %s: %s reads the shop's time with its zone",
    (machine, shop, utc, serviceTime, shown) => {
      inZone(machine, () => {
        showTimesIn(shop);
        try {
          expect(formatTimestamp(utc, now, en).slice(0, shown.length)).toBe(shown);
          // The same instant written with the service's +07:00 offset is the same time.
          expect(formatTimestamp(serviceTime, now, en).slice(0, shown.length)).toBe(shown);
        } finally {
          showTimesIn("Asia/Jakarta");
        }
      });
    },
  );

  it("writes the time and how far it is from now; in Indonesian with a dot and Indonesia's month", () => {
    expect(formatTimestamp("2026-11-21T14:39:41Z", now, en)).toBe("21 Nov 2026 21:39:41 WIB (in 9m 41s)");
    const id = catalogueOf("id");
    expect(formatTimestamp("2026-08-21T13:40:00Z", Date.parse("2026-08-21T13:40:00Z"), id)).toBe(
      "21 Agu 2026 20.40.00 WIB (sekarang)",
    );
  });

  it("a table's column of times names the zone in its header; short of room, today's by the clock, this year's without the year", () => {
    // 21:30 WIB on 21 Nov 2026 (capture's clock).
    const values = ["2026-11-21T13:40:00Z", "2026-11-20T13:40:00+00:00", "2025-11-28T20:40:00+07:00", "soon"];
    const times = capture("table").output.timeColumn("Time", values);
    expect(times.column.header).toBe("Time (WIB)");
    const cells = times.cells as RichCell[];
    expect(cells.map((c) => c.shorter?.at(-1))).toEqual(["20:40", "20 Nov 20:40", "28 Nov 2025 20:40", undefined]);
    // Fullest, no zone in the cell: the header says it.
    expect(cells[0]!.human).toMatch(/^21 Nov 2026 20:40:00 \(50 \S+ ago\)$/);
    expect(cells.map((c) => c.plain)).toEqual([
      "2026-11-21T13:40:00Z",
      "2026-11-20T13:40:00Z",
      "2025-11-28T13:40:00Z",
      "soon",
    ]);
    const history = capture("table").output.timeColumn("Time", values, { seconds: false }).cells as RichCell[];
    expect(history.slice(0, 3).map((c) => [c.human, ...(c.shorter ?? [])])).toEqual([
      ["21 Nov 2026 20:40", "20:40"],
      ["20 Nov 2026 20:40", "20 Nov 20:40"],
      ["28 Nov 2025 20:40", "28 Nov 2025 20:40"],
    ]);
    const id = capture("table", true, catalogueOf("id")).output.timeColumn("Waktu", values);
    expect(id.column.header).toBe("Waktu (WIB)");
    expect((id.cells as RichCell[]).slice(0, 3).map((c) => c.shorter?.at(-1))).toEqual([
      "20.40",
      "20 Nov 20.40",
      "28 Nov 2025 20.40",
    ]);
  });

  it("passes through text that is not a time, and dashes a missing one", () => {
    expect(formatTimestamp("soon", now, en)).toBe("soon");
    expect(formatTimestamp(null, now, en)).toBe("-");
    expect(formatTimestamp("", now, en)).toBe("-");
  });

  it("formats durations as a lock list shows them", () => {
    expect(formatDuration(581, en)).toBe("9m 41s");
    expect(formatDuration(59, en)).toBe("59s");
    expect(formatDuration(600, en)).toBe("10m 00s");
    expect(formatDuration(-3, en)).toBe("0s");
  });
});

describe("neutralize", () => {
  const ESC = "\u001b";

  it("shows a screen-clearing CSI instead of obeying it", () => {
    const out = neutralize(`Netflix${ESC}[2J${ESC}[H`);
    expect(out).not.toContain(ESC);
    expect(out).toBe("Netflix\\x1b[2J\\x1b[H");
  });

  it("defuses OSC window-title sequences ended by BEL or ST", () => {
    const out = neutralize(`a${ESC}]0;pwned\u0007b${ESC}]2;x${ESC}\\c`);
    expect(out).not.toMatch(/[\u0000-\u001f]/);
    expect(out).toContain("\\x07");
  });

  it("defuses the 8-bit C1 CSI and other C1 controls", () => {
    const out = neutralize("red\u009b31mtext\u0085");
    expect(out).toBe("red\\x9b31mtext\\x85");
  });

  it("shows bidirectional overrides so a licence reads as what it is", () => {
    const out = neutralize("abc\u202etxt.exe\u2066x\u2069");
    expect(out).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain("\\u202e");
  });

  it("escapes newlines and carriage returns unless told to keep newlines", () => {
    expect(neutralize("line1\nline2\rX")).toBe("line1\\nline2\\rX");
    expect(neutralize("line1\nline2", { keepNewlines: true })).toBe("line1\nline2");
    expect(neutralize("over\rwrite", { keepNewlines: true })).toBe("over\\rwrite");
  });

  it("leaves ordinary text, tabs and non-Latin letters alone", () => {
    expect(neutralize("Pulsa Telkomsel 10.000 — ✓ 日本\tok")).toBe("Pulsa Telkomsel 10.000 — ✓ 日本\tok");
  });

  it("keeps a plain cell on one row: no tabs, no newlines", () => {
    expect(plainCell("a\tb\nc")).toBe("a b\\nc");
  });
});

function capture(mode: OutputMode, tty = mode === "table", say?: Messages, more: Partial<OutputOptions> = {}) {
  let out = "";
  let err = "";
  const output = new Output({
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    mode,
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    now: () => Date.parse("2026-11-21T14:30:00Z"),
    say,
    ...more,
  });
  return { output, out: () => out, err: () => err };
}

describe("Output modes", () => {
  const headers = ["Code", "Channel", "Fee"];
  const rows = [
    ["QRIS", "QRIS (semua e-wallet)", money(750)],
    ["BCAVA", "BCA Virtual Account", money(1_250_000)],
  ];

  it("table mode draws borders and formats Rupiah", () => {
    const { output, out } = capture("table");
    output.table(headers, rows);
    expect(out()).toMatch(/[┌│└]/);
    expect(out()).toContain("Rp 1.250.000");
    expect(out()).toContain("Channel");
  });

  it("plain mode prints tab-separated rows of raw integers and no header", () => {
    const { output, out } = capture("plain");
    output.table(headers, rows);
    expect(out()).toBe("QRIS\tQRIS (semua e-wallet)\t750\nBCAVA\tBCA Virtual Account\t1250000\n");
  });

  it("plain mode keeps a hostile cell on its row", () => {
    const { output, out } = capture("plain");
    output.table(["Name"], [["evil\tname\nnext\u001b[2J"]]);
    expect(out().split("\n")).toHaveLength(2);
    expect(out()).not.toContain("\u001b");
  });

  it("table mode neutralises escape sequences in cells", () => {
    const { output, out } = capture("table");
    output.table(["Name"], [["evil\u001b]0;title\u0007"]]);
    expect(out()).not.toContain("\u001b]");
    expect(out()).toContain("\\x1b]0;title\\x07");
  });

  it("records: label and value on a terminal, snake_case label and raw value when piped", () => {
    const table = capture("table");
    table.output.record([
      ["Balance", money(2_500_000)],
      ["Expires", table.output.time("2026-11-21T14:39:41Z")],
    ]);
    expect(table.out()).toMatch(/^Balance +Rp 2\.500\.000\n/);
    expect(table.out()).toContain("(in 9m 41s)");

    const plain = capture("plain");
    plain.output.record([
      ["Minimum order", 100],
      ["Expires", plain.output.time("2026-11-21T14:39:41Z")],
      ["Note", null],
    ]);
    expect(plain.out()).toBe("minimum_order\t100\nexpires\t2026-11-21T14:39:41Z\nnote\t\n");
  });

  it("json prints one document: one line when piped, indented on a terminal", () => {
    const body = { message: "OK", data: { balance: 2_500_000, extra_field: [1, 2] } };
    const piped = capture("json", false);
    piped.output.json(body);
    expect(piped.out()).toBe(`${JSON.stringify(body)}\n`);

    const tty = capture("json", true);
    tty.output.json(body);
    expect(tty.out().split("\n").length).toBeGreaterThan(3);
    expect(JSON.parse(tty.out())).toEqual(body);
  });

  it("messages for people go to stderr, results to stdout", () => {
    const { output, out, err } = capture("plain");
    output.info("Looking up…");
    output.success("Done");
    output.warn("Careful");
    output.result("LCK-ABC", "highlight");
    expect(out()).toBe("LCK-ABC\n");
    expect(err()).toContain("Looking up…");
    expect(err()).toContain("Done");
    expect(err()).toContain("Careful");
  });

  it("a result line wraps between words but never inside words joined by an unbroken space, shown as one space", () => {
    let out = "";
    const output = new Output({
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      mode: "table",
      stdoutIsTTY: true,
      stderrIsTTY: true,
      now: () => 0,
      width: 30,
    });
    // At 30 columns `paid` would end the first line and `(delivered)` start the next, glossing nothing.
    output.result(`INV-20261129-000001  paid${unbroken}(delivered)  Pulsa`);
    expect(out).toBe("INV-20261129-000001\npaid (delivered)  Pulsa\n");
    expect(out).not.toContain(unbroken);
  });

  it("a message wraps a span of time with its unit: `48 h` never parted into `48` and `h:`", () => {
    const hint = "If the customer wants it twice, buy again with --again (repeat window 48 h: --repeat-window)";
    expect(wrapMessage(hint, 80, 6, 2)).toBe(
      "If the customer wants it twice, buy again with --again (repeat window\n  48 h: --repeat-window)",
    );
    expect(wrapMessage("rentang cek ulang 48 jam", 21)).toBe("rentang cek ulang\n48 jam");
  });

  it("headings appear only on a terminal, so piped rows stay rows", () => {
    const plain = capture("plain");
    plain.output.heading("Items");
    expect(plain.out()).toBe("");
    const table = capture("table");
    table.output.heading("Items");
    expect(table.out()).toContain("Items");
  });

  it("status cells carry a tone by meaning", () => {
    const tone = (status: Parameters<typeof statusCell>[0]) => (statusCell(status, en) as RichCell).tone;
    expect(tone("completed")).toBe("good");
    expect(tone("Success")).toBe("good");
    expect(tone("failed")).toBe("bad");
    expect(tone("cancelled")).toBe("bad");
    expect(tone("pending")).toBe("warn");
    expect(tone({ text: "In progress", kind: "processing" })).toBe("warn");
    expect(statusCell(null, en)).toBeUndefined();
  });
});

describe("messages for people quote the service safely", () => {
  it("neutralises escape sequences in info, success and warn, keeping line breaks", () => {
    const c = capture("plain");
    c.output.info("Bought \u001b]0;pwned\u0007Pulsa\nnext line");
    c.output.success("name \u001b[2J");
    c.output.warn("note \u009b31m");
    expect(c.err()).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(c.err()).toContain("Bought \\x1b]0;pwned\\x07Pulsa\nnext line");
  });

  it("a record's labels, which may be the service's own field names, are shown, not obeyed", () => {
    const c = capture("table");
    c.output.record([["Evil\u001b]0;pwn\u0007", "value"]]);
    expect(c.out()).not.toMatch(/[\u001b\u0007]/);
    expect(c.out()).toContain("Evil\\x1b]0;pwn\\x07");
  });

  it("an error's code, hint and --json document from the service are shown, not obeyed", () => {
    const error = new ServiceError(400, "X\u001b]52;c;cm0gLXJmIH4=\u0007", "Refused.", undefined, {
      suggestion: "Try \u001b[2J\u009b31m again.",
    });
    let human = "";
    printError(error, {
      say: en,
      stderr: { write: (t: string) => void (human += t) },
      json: false,
      verbose: false,
      paint: (_tone, text) => text,
    });
    expect(human).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(human).toContain("X\\x1b]52;c;cm0gLXJmIH4=\\x07");
    expect(human).toMatch(/^Hint: Try \\x1b\[2J\\x9b31m again\.$/m);
    let json = "";
    printError(new ServiceError(400, "BAD", "m\u009b31m\u202e", undefined), {
      say: en,
      stderr: { write: (t: string) => void (json += t) },
      json: true,
      verbose: false,
      paint: (_tone, text) => text,
    });
    expect(json).not.toMatch(/[\u009b\u202e]/);
    expect(JSON.parse(json).error.message).toBe("m\u009b31m\u202e");
  });

  it("an error's progress stands on its own line under the raiser's words, and beside them in --json", () => {
    const error = new NetworkError("ECONNRESET", "The service dropped the connection before answering.", true);
    error.progress =
      "The catalogue could not be fetched whole. Then by pages, 3 of 6 pages arrived, and page 4 failed.";
    const print = (json: boolean) => {
      let text = "";
      const code = printError(error, {
        say: en,
        stderr: { write: (t: string) => void (text += t) },
        json,
        verbose: false,
        paint: (_tone, t) => t,
      });
      return { text, code };
    };
    const human = print(false);
    expect(human.code).toBe(4);
    expect(human.text.split("\n").slice(0, 2)).toEqual([
      "Error: The service dropped the connection before answering. (ECONNRESET)",
      `  ${error.progress}`,
    ]);
    const json = print(true);
    expect(json.code).toBe(4);
    expect(JSON.parse(json.text).error).toMatchObject({
      code: "ECONNRESET",
      message: "The service dropped the connection before answering.",
      progress: error.progress,
    });
  });

  it("a failure's outcome line says whether anything was charged, for every verdict a failure has", () => {
    const said = (outcome: string) => {
      const error = new NetworkError("ECONNREFUSED", "The service could not be reached.", false);
      error.details = { outcome };
      let text = "";
      printError(error, {
        say: en,
        stderr: { write: (t: string) => void (text += t) },
        json: false,
        verbose: false,
        paint: (_tone, t) => t,
      });
      return text.split("\n").find((l) => l.startsWith("  outcome: "));
    };
    expect(said("not_sent")).toBe("  outcome: not sent; nothing charged");
    expect(said("refused")).toBe("  outcome: refused; nothing charged");
    expect(said("delivery_failed")).toBe("  outcome: delivery failed; charged, then refunded");
    expect(said("partial")).toBe("  outcome: partly delivered; charged, the undelivered part refunded");
    expect(said("unknown")).toBe("  outcome: unknown; may have been charged: `reseller reconcile` finds out");
  });

  it("draws reseller's own pictures untouched", () => {
    const c = capture("table");
    c.output.drawing("\u001b[47m  \u001b[0m");
    expect(c.err()).toBe("\u001b[47m  \u001b[0m\n");
  });
});

describe("jsonArray", () => {
  const entries = [
    { ref_id: "RSL-1", amount: 10_650, request: { carts: [{ item_id: 12, quantity: 1 }] } },
    { ref_id: "RSL-2", note: "a\nb" },
    {},
  ];
  it.each([
    ["piped", false],
    ["on a terminal", true],
  ])("prints exactly what json() prints of the whole array, %s, item by item", async (_where, tty) => {
    for (const list of [entries, entries.slice(0, 1), []]) {
      const whole = capture("json", tty);
      whole.output.json(list);
      const streamed = capture("json", tty);
      await streamed.output.jsonArray(
        (function* () {
          yield* list;
        })(),
      );
      expect(streamed.out()).toBe(whole.out());
    }
  });

  it("reads no further item while the reader is behind, and goes on once it has caught up", async () => {
    const items = Array.from({ length: 100 }, (_v, i) => ({ ref_id: `RSL-${i}`, note: "x".repeat(10_000) }));
    let pulled = 0;
    let out = "";
    let release: (() => void) | undefined;
    let waits = 0;
    const output = new Output({
      // Like a stream on a full non-blocking pipe: every write is held, and says so.
      stdout: {
        write: (text: string) => {
          out += text;
          return false;
        },
        drained: () => {
          waits++;
          return new Promise<void>((done) => (release = done));
        },
      },
      stderr: { write: () => true },
      mode: "json",
      stdoutIsTTY: false,
      stderrIsTTY: false,
      now: () => 0,
    });
    const done = output.jsonArray(
      (function* () {
        for (const item of items) {
          pulled++;
          yield item;
        }
      })(),
    );
    // It runs up to its first wait at once: one write went out and is held.
    expect(waits).toBe(1);
    expect(pulled).toBeLessThan(10);
    const heldAt = pulled;
    // Whatever else runs meanwhile, the items are not read on while the reader is behind.
    await new Promise((tick) => setImmediate(tick));
    expect(pulled).toBe(heldAt);
    expect(waits).toBe(1);
    // The reader catches up every time from now on, the last write's wait included.
    let finished = false;
    void done.then(() => (finished = true));
    for (let i = 0; i < 1_000 && !finished; i++) {
      release!();
      await new Promise((tick) => setTimeout(tick, 0));
    }
    await done;
    expect(pulled).toBe(items.length);
    expect(waits).toBeGreaterThan(10);
    expect(JSON.parse(out)).toEqual(items);
  });
});

describe("--jq while jq still loads", () => {
  /** An Output given jq as it loads: the filter upper-cases a document, or fails on `{"fail":…}`. */
  function loading() {
    let ready: ((filter: JqFilter) => void) | undefined;
    let failed: ((error: unknown) => void) | undefined;
    const jq = new Promise<JqFilter>((done, fail) => {
      ready = done;
      failed = fail;
    });
    const filter: JqFilter = (json) => {
      if (json.includes("fail")) return { text: "", error: new JqFilterError("JQ_ERROR", "--jq: cannot") };
      return { text: `${json.toUpperCase()}\n` };
    };
    return {
      ...capture("json", false, undefined, { jq }),
      load: () => ready?.(filter),
      fail: (error: unknown) => failed?.(error),
    };
  }

  it("documents wait for it, then print in their order; once it is loaded, at once", async () => {
    const run = loading();
    run.output.json({ a: 1 });
    run.output.jsonLine({ b: 2 });
    expect(run.out()).toBe("");
    expect(run.output.holdsForJq).toBe(true);
    run.load();
    await run.output.settled();
    expect(run.out()).toBe('{"A":1}\n{"B":2}\n');
    expect(run.output.holdsForJq).toBe(false);
    run.output.json({ c: 3 });
    expect(run.out()).toBe('{"A":1}\n{"B":2}\n{"C":3}\n');
  });

  it("a jq error stops the documents and messages after it, and settled() throws it", async () => {
    const run = loading();
    run.output.json({ a: 1 });
    run.output.json({ fail: true });
    run.output.warn("The balance is low.");
    run.output.json({ c: 3 });
    run.load();
    await expect(run.output.settled()).rejects.toMatchObject({ code: "JQ_ERROR" });
    expect(run.out()).toBe('{"A":1}\n');
    expect(run.err()).toBe("");
  });

  it("a message said after a waiting document waits with it", async () => {
    const run = loading();
    run.output.json({ a: 1 });
    run.output.warn("The balance is low.");
    expect(run.err()).toBe("");
    run.load();
    await run.output.settled();
    expect(run.out()).toBe('{"A":1}\n');
    expect(run.err()).toBe("! The balance is low.\n");
  });

  it("jq that cannot load prints nothing: settled() throws what stopped it", async () => {
    const run = loading();
    run.output.json({ a: 1 });
    run.fail(new Error("a typo"));
    await expect(run.output.settled()).rejects.toThrow("a typo");
    expect(run.out()).toBe("");
  });
});
