/** The one table layout: what each column gives up, in which order, and what it never does. */
import { describe, expect, it } from "vitest";
import {
  endCut,
  layoutCost,
  middleCut,
  planTable,
  wrapText,
  type Column,
  type LaidCell,
} from "../../src/output/layout.js";
import { formatIsoUtc } from "../../src/output/format.js";
import { money, Output, type Cell } from "../../src/output/output.js";

const cells = (...texts: string[]): LaidCell[] => texts.map((text) => ({ text }));
const time = (full: string, seconds: string, minute: string): LaidCell => ({ text: full, shorter: [seconds, minute] });

describe("middleCut and endCut", () => {
  it.each([
    ["Pulsa Telkomsel 10.000", 17, "Pulsa Telk…10.000"],
    ["Pulsa Telkomsel Transfer Saldo 1.000.000.000", 21, "Pulsa T…1.000.000.000"],
    ["Netflix Premium 1 Bulan (Sharing)", 20, "Netflix Pr…(Sharing)"],
    ["Short", 10, "Short"],
  ])("%j in %i columns: %j", (text, width, cut) => {
    expect(middleCut(text, width)).toBe(cut);
    expect([...middleCut(text, width)].length).toBeLessThanOrEqual(width);
  });

  it("cuts free text at its end", () => {
    expect(endCut("Pembelian Pulsa Telkomsel", 12)).toBe("Pembelian P…");
  });

  it("wraps between words, never inside one, and never parts an amount from its Rp", () => {
    expect(wrapText("Instagram Followers Indonesia", 12)).toEqual(["Instagram", "Followers", "Indonesia"]);
    expect(wrapText("081234567890123", 8)).toEqual(["081234567890123"]);
    expect(wrapText("gagal (dana Rp 2.625 dikembalikan)", 14)).toEqual(["gagal (dana", "Rp 2.625", "dikembalikan)"]);
    expect(wrapText("1 × Mobile Legends 86 Diamonds", 12)).toEqual(["1 × Mobile", "Legends 86", "Diamonds"]);
  });
});

describe("planTable", () => {
  const columns: Column[] = [
    { header: "ID" },
    { header: "Category", fit: "end", drop: 2 },
    { header: "Name", fit: "middle", min: 12 },
    { header: "Price" },
    { header: "SKU", fit: "end", drop: 1 },
    { header: "Created" },
  ];
  const rows = [
    [
      ...cells(
        "41",
        "Voucher Game Online",
        "Mobile Legends 5000 Diamonds 1.000.000",
        "Rp 1.000.000.000",
        "ML-DIAMOND-5000",
      ),
      time("2026-11-24 07:20:33 (3 min ago)", "2026-11-24 07:20:33", "2026-11-24 07:20"),
    ],
  ];
  const total = (plan: NonNullable<ReturnType<typeof planTable>>) =>
    plan.widths.reduce((a, b) => a + b, 0) + layoutCost(plan.widths.length, plan.borders);

  it("keeps everything at its width when it fits", () => {
    const plan = planTable(columns, rows, 200)!;
    expect(plan.shown).toEqual([0, 1, 2, 3, 4, 5]);
    expect(plan.level).toBe(0);
  });

  it("gives way in order: the time's hint, then the SKU, then the category, then seconds, then the name is cut", () => {
    const steps = [150, 128, 110, 95, 80].map((width) => planTable(columns, rows, width)!);
    // At 60 a box would leave the name too few columns to keep its nominal behind a few letters: the
    // box gives way (Output then draws borderless rows), and without borders the name keeps it.
    expect(planTable(columns, rows, 60)).toBeUndefined();
    steps.push(planTable(columns, rows, 60, { borders: false })!);
    expect(steps[5]!.widths[steps[5]!.shown.indexOf(2)]).toBeGreaterThanOrEqual("1.000.000".length + 6);
    expect(steps[0]!.level).toBe(0);
    expect(steps[1]).toMatchObject({ level: 1, shown: [0, 1, 2, 3, 4, 5] });
    expect(steps[2]).toMatchObject({ level: 1, shown: [0, 1, 2, 3, 5] });
    expect(steps[3]).toMatchObject({ shown: [0, 2, 3, 5] });
    expect(steps[4]).toMatchObject({ level: 2, shown: [0, 2, 3, 5] });
    for (const [i, plan] of steps.entries())
      expect(total(plan), `step ${i}`).toBeLessThanOrEqual([150, 128, 110, 95, 80, 60][i]!);
    // At 60 only the name has given way; the money and the time to the minute keep their width.
    const sixty = steps[5]!;
    expect(sixty.widths[sixty.shown.indexOf(3)]).toBe("Rp 1.000.000.000".length);
    expect(sixty.widths[sixty.shown.indexOf(5)]).toBe("2026-11-24 07:20".length);
    expect(sixty.widths[sixty.shown.indexOf(2)]).toBeLessThan("Mobile Legends 5000 Diamonds 1.000.000".length);
  });

  it("drops an empty column before cutting anything, and uses short headers", () => {
    const plan = planTable(
      [
        { header: "Name", fit: "middle" },
        { header: "Detail", fit: "end" },
        { header: "Start count", short: "Start" },
      ],
      [cells("Pulsa Telkomsel 10.000", "-", "12")],
      34,
    )!;
    expect(plan.shown).toEqual([0, 2]);
    expect(plan.headers).toEqual(["Name", "Start"]);
    expect(plan.widths[0]).toBe("Pulsa Telkomsel 10.000".length);
  });

  it("never cuts a kept column: undefined when only cutting one would fit, borderless rows fit where a box does not", () => {
    const kept: Column[] = [{ header: "Amount" }, { header: "Balance" }, { header: "Invoice" }];
    const row = [cells("Rp 1.000.000.000", "Rp 9.876.543.210", "INV-20261124-000001")];
    const width = 16 + 16 + 19 + 2 * 2;
    expect(planTable(kept, row, width)).toBeUndefined();
    expect(planTable(kept, row, width, { borders: false })).toMatchObject({ borders: false, widths: [16, 16, 19] });
    expect(planTable(kept, row, width - 1, { borders: false })).toBeUndefined();
  });

  it("wraps a wrapped column no narrower than its longest word", () => {
    const plan = planTable(
      [{ header: "Item", fit: "wrap" }, { header: "Order" }],
      [cells("Instagram Followers Indonesia", "1234567890123")],
      30,
    )!;
    expect(plan.widths[0]).toBeGreaterThanOrEqual("Indonesia".length);
  });
});

function screen(width: number, headers: (string | Column)[], rows: Cell[][]): string {
  let out = "";
  const output = new Output({
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: () => undefined },
    mode: "table",
    stdoutIsTTY: true,
    stderrIsTTY: false,
    now: () => Date.parse("2026-11-24T00:00:00Z"),
    width,
  });
  output.table(headers, rows);
  return out;
}

describe("Output.table on a terminal", () => {
  it.each([40, 60, 80])(
    "at %i columns: no line wider, money and ids whole, whatever the layout it falls back to",
    (width) => {
      const text = screen(
        width,
        [{ header: "Created" }, { header: "Item", fit: "middle" }, { header: "Amount" }, { header: "Ref ID" }],
        [
          [
            {
              human: "2026-11-24 07:20:33 (3 min ago)",
              plain: "",
              shorter: ["2026-11-24 07:20:33", "2026-11-24 07:20"],
            },
            "Pulsa Telkomsel 10.000",
            money(1_000_000_000),
            { human: "RSL-20261124-Q1W2E3R4T5", plain: "", copy: true },
          ],
        ],
      );
      for (const line of text.split("\n")) expect([...line].length, text).toBeLessThanOrEqual(width);
      expect(text).toContain("Rp 1.000.000.000");
      expect(text).toContain("RSL-20261124-Q1W2E3R4T5");
      expect(text).toContain("2026-11-24 07:20");
    },
  );
});

describe("a column declared by its header alone", () => {
  it("is cut when it holds text, never when it holds only money, numbers or times", () => {
    const text = screen(
      56,
      ["Time", "Detail", "Amount", "Qty"],
      [
        [
          { human: "2026-11-24 07:20:33 (3 min ago)", plain: "", shorter: ["2026-11-24 07:20:33", "2026-11-24 07:20"] },
          "settled by reconcile after the answer was lost",
          money(1_000_000_000),
          1_000_000,
        ],
      ],
    );
    for (const line of text.split("\n")) expect([...line].length, text).toBeLessThanOrEqual(56);
    expect(text).toContain("Rp 1.000.000.000");
    expect(text).toMatch(/^Time +Detail/m);
    expect(text).toContain("1000000");
    expect(text).toContain("2026-11-24 07:20");
    expect(text).toMatch(/settled…|settled by…|settled b…/);
  });
});

describe("formatIsoUtc: one convention for piped times", () => {
  it.each([
    ["2026-11-24T07:20:33+07:00", "2026-11-24T00:20:33Z"],
    ["2026-11-24T00:20:33.123Z", "2026-11-24T00:20:33Z"],
    ["2026-11-24T00:20:33.000000Z", "2026-11-24T00:20:33Z"],
    ["2026-11-24 07:20:33", "2026-11-24 07:20:33"],
    ["soon", "soon"],
    [null, ""],
  ])("%j -> %j", (value, expected) => {
    expect(formatIsoUtc(value)).toBe(expected);
  });
});
