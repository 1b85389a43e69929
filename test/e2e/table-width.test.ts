/**
 * Tables on a terminal fit its width: at 80 and 120 columns no line of stdout is wider than the
 * window, long cells are cut with `…`, and what a reseller copies (serial numbers, licences, payment
 * links, ref_ids, invoices, lock tokens) appears whole and outside every border. The width comes from
 * COLUMNS here (stdout is a pipe laid out as a terminal); test/pty/table-width.test.ts checks a real one.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, whileAdvancing, type Reseller } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();

const ansi = /\u001b\[[0-9;]*m/g;
const lines = (text: string) => text.replace(ansi, "").split("\n");
/** Columns a line takes; the emulator's text has no wide characters. */
const widthOf = (line: string) => [...line].length;

function expectFits(stdout: string, width: number): void {
  const tooWide = lines(stdout).filter((line) => widthOf(line) > width);
  expect(tooWide, `lines wider than ${width} columns in:\n${stdout}`).toEqual([]);
}

/** The value is on a line whole, and no border follows it there: it copies without a `│`. */
function expectWholeOutsideBorders(stdout: string, value: string): void {
  const line = lines(stdout).find((l) => l.includes(value));
  expect(line, `${value} whole somewhere in:\n${stdout}`).toBeDefined();
  expect(line!.slice(line!.indexOf(value) + value.length), `a border after ${value}`).not.toMatch(/[│┃|]/);
}

describe.each([80, 120])("at %i columns", (width) => {
  const table = (reseller: Reseller, args: string[]) =>
    reseller.run(args, { mode: "table", env: { COLUMNS: String(width) } });

  it("buy --wait and trx show of an h2h purchase: the serial number and the ref_id whole, beside the borders", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const bought = await whileAdvancing(
      harness.emulator,
      table(reseller, buyOne(12, "081234567890", "--ref-id", `SN-${width}`, "--wait", "--yes")),
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    const detail = (await reseller.run(["trx", "show", `SN-${width}`], { mode: "json" })).json();
    const serial: string = detail.h2h_results[0].sn;
    expect(serial).toMatch(/^\d{20}$/);
    for (const r of [bought, await table(reseller, ["trx", "show", `SN-${width}`])]) {
      expectFits(r.stdout, width);
      expectWholeOutsideBorders(r.stdout, serial);
      expectWholeOutsideBorders(r.stdout, `SN-${width}`);
      expectWholeOutsideBorders(r.stdout, detail.data.invoice);
    }
  });

  it("a customer target longer than the window: whole on a line of its own in trx show and in history", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const target = `https://instagram.com/${"toko_pulsa_makmur_jaya_official_".repeat(4)}`;
    const r = await table(reseller, [
      "buy",
      "--item",
      "23",
      "--qty",
      "100",
      "--target",
      target,
      "--ref-id",
      `LONG-${width}`,
      "--yes",
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    const shown = await table(reseller, ["trx", "show", `LONG-${width}`]);
    // The link is copied to the customer: never split, so it stands alone on its line (the terminal
    // folds it softly, and copies it as one); every other line fits.
    const tooWide = lines(shown.stdout).filter((line) => widthOf(line) > width);
    expect(tooWide.length, shown.stdout).toBeGreaterThan(0);
    expect(
      tooWide.every((line) => line === target),
      shown.stdout,
    ).toBe(true);
    expect(lines(shown.stdout).some((line) => line.includes(target.slice(0, 40)) && line !== target)).toBe(false);
    // history keeps the customer whole too: the link on a line of its own below the table, nothing cut.
    const history = await table(reseller, ["history"]);
    const historyTooWide = lines(history.stdout).filter((line) => widthOf(line) > width);
    expect(
      historyTooWide.every((line) => line.trim() === target || line.trim().endsWith(` ${target}`)),
      history.stdout,
    ).toBe(true);
    expect(history.stdout).toContain(target);
    expect(history.stdout).not.toMatch(/https:\/\/\S*…/);
  });

  it("an auto purchase's licence is whole and outside the borders", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const r = await whileAdvancing(
      harness.emulator,
      table(reseller, ["buy", "--item", "1", "--qty", "1", "--wait", "--yes", "--ref-id", `LIC-${width}`]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const detail = (await reseller.run(["trx", "show", `LIC-${width}`], { mode: "json" })).json();
    const licence = String(JSON.stringify(detail)).match(/Email: [^"|]+\| Password: [^"\\]+/)![0];
    expectFits(r.stdout, width);
    expectWholeOutsideBorders(r.stdout, licence);
  });

  it("lock add, lock list and history: the lock token and ref_ids whole, every line within the window", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const token = (await reseller.run(["lock", "add", "--item", "3", "--qty", "1"])).stdout.trim();
    expect(token).toMatch(/^LCK-/);
    await reseller.run(["sandbox", "--item", "3", "--qty", "1", "--ref-id", `SANDBOX-REF-${width}-WITH-A-LONGER-NAME`]);
    for (const args of [["lock", "list"], ["history"]]) {
      const r = await table(reseller, args);
      expect(r.exitCode, r.stderr).toBe(0);
      expectFits(r.stdout, width);
      expectWholeOutsideBorders(r.stdout, token);
    }
    expectWholeOutsideBorders((await table(reseller, ["history"])).stdout, `SANDBOX-REF-${width}-WITH-A-LONGER-NAME`);
  });

  it("topup: the payment link whole on a line of its own or beside its label", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const r = await table(reseller, ["topup", "--amount", "100000", "--channel", "QRIS", "--yes"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const link = (await reseller.run(["topup", "--amount", "100000", "--channel", "QRIS", "--yes"])).stdout.split(
      "\t",
    )[0]!;
    expect(link).toMatch(/^https?:\/\//);
    expectFits(r.stdout, width);
    expect(r.stdout).toMatch(/Payment link/);
  });

  it.each([[["channels"]], [["items"]], [["leaderboard"]], [["config", "list"]], [["item", "10"]]])(
    "%s fits",
    async (args) => {
      const reseller = resellerInProcess(harness);
      const r = await table(reseller, args);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).not.toBe("");
      expectFits(r.stdout, width);
    },
  );
});

describe("the width", () => {
  it("a wide window cuts nothing that fits: the channel names whole at 120 columns, cut in the middle at 80", async () => {
    const reseller = resellerInProcess(harness);
    const wide = await reseller.run(["channels"], { mode: "table", env: { COLUMNS: "120" } });
    expect(wide.stdout).toContain("QRIS (semua e-wallet & mobile banking)");
    expect(wide.stdout).not.toContain("…");
    const narrow = await reseller.run(["channels"], { mode: "table", env: { COLUMNS: "80" } });
    expectFits(narrow.stdout, 80);
    expect(narrow.stdout).toMatch(/│ QRIS \(semua [^│…]*…banking\) +│ Rp 750 +│ Rp 10\.000 – Rp 5\.000\.000 +│/);
  });

  it("a window too narrow for any table: each channel as a record, nothing cut", async () => {
    const narrow = await resellerInProcess(harness).run(["channels"], { mode: "table", env: { COLUMNS: "40" } });
    expectFits(narrow.stdout, 40);
    expect(narrow.stdout).not.toContain("…");
    expect(narrow.stdout).toMatch(/^Channel +QRIS \(semua e-wallet & mobile\n +banking\)$/m);
    expect(narrow.stdout).toMatch(/^Limits +Rp 10\.000 – Rp 5\.000\.000$/m);
  });
});
