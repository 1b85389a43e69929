/**
 * Golden screens: every list and every section of a transaction, laid out at 80, 100 and 120 columns
 * from fixed answers served over real HTTP (long names, Rp 1.000.000.000 amounts, 13-digit customer
 * numbers), must keep whole what a reseller reads or copies: no money, id, time (to the minute),
 * status or customer datum cut with `…` or split across lines, and no line wider than the window.
 * test/pty/golden-screens.test.ts shows the same screens once in a real terminal.
 */
import { describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { runReseller } from "../support/cli.js";
import { useHostileServer } from "../support/hostile-server.js";
import { ansi, billion, catalogue, customers, expectScreen, goldenScreens, iso, jakarta, resellerMachine, screenEnv, serveFixedAnswers, trxRows } from "../support/golden-screens.js";

const widths = [80, 100, 120];

describe("golden screens from fixed answers", () => {
  const server = useHostileServer();
  serveFixedAnswers(server);
  const show = async (args: string[], width: number, configDir?: string) => {
    const dir = configDir ?? (await resellerMachine(server.baseUrl));
    const r = await runReseller(args, { env: { ...screenEnv(server.baseUrl, dir), RESELLER_FORCE_TTY: "1", COLUMNS: String(width) } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).not.toBe("");
    if (process.env.SHOW_SCREENS) console.log(`== ${args.join(" ")} @${width}\n${r.stdout}`);
    return r.stdout;
  };

  describe.each(widths)("at %i columns", (width) => {
    const screenOf = (name: string) => goldenScreens.find((g) => g.name === name)!;
    const check = async (name: string) => {
      const golden = screenOf(name);
      const screen = await show(golden.args, width, golden.unknown ? await resellerMachine(server.baseUrl, { unknown: true }) : undefined);
      expectScreen(screen, width, golden.data());
      return screen;
    };

    it("items: id, price, stock and minimum whole; a name cut keeps its end", async () => {
      const screen = await check("items");
      for (const e of catalogue) expect(screen, screen).toMatch(new RegExp(`│ ${e.id} +│`));
      // The variant's end (its nominal, its duration) tells it from its siblings: it is never cut away.
      for (const e of catalogue) expect(screen).toContain(e.name.split(" ").at(-1)!);
    });

    it("trx list: time to the minute, status, amount, and item and customer from this machine's journal", async () => {
      expect(await check("trx list")).toMatch(/1 × Mobile/);
    });

    it("balance history: amounts, balances and the invoice of each charge", async () => {
      await check("balance history");
    });

    it("channels: fee, min and max whole", async () => {
      await check("channels");
    });

    it("lock list: the token, the quantity, the expiry once and the time left; the item by its kept name", async () => {
      const screen = await check("lock list");
      expect(screen).toMatch(/9m 00s|8m 59s/);
      expect(screen, screen).toMatch(/43 Netflix/);
      expect(screen).not.toMatch(/\(in \d/);
    });

    it("reconcile: the ref_id and the invoice it found", async () => {
      await check("reconcile");
    });

    it("trx show: every section keeps its money, ids, serials, licence, customers and SMM counts whole", async () => {
      const screen = await check("trx show");
      for (const section of ["Items", "Deliver to customer", "H2H results", "SMM progress"]) expect(screen).toContain(section);
      // SMM progress: no word split over lines (`Instag` / `ram`), no header cut (`Star…`).
      expect(screen).not.toMatch(/Star…|Prov…/);
      for (const word of ["Instagram", "Followers", "Indonesia", "Partial", "completed", "progress"]) {
        expect(screen.replace(ansi, "").split("\n").some((line) => line.includes(word.slice(0, 4)) && !line.includes(word)), `"${word}" split at ${width}:\n${screen}`).toBe(false);
      }
    });
  });

  it("piped: raw columns, times in UTC, new columns appended", async () => {
    const dir = await resellerMachine(server.baseUrl);
    const env = screenEnv(server.baseUrl, dir);
    const trx = (await runReseller(["trx", "list"], { env })).stdout.trim().split("\n").map((l) => l.split("\t"));
    // created, ref_id, invoice, status, amount, then item ids, quantities and customers.
    expect(trx[0]).toEqual([new Date(Date.parse(jakarta(-10))).toISOString().slice(0, 19) + "Z", trxRows[0]!.ref_id, trxRows[0]!.invoice, "completed", String(billion), "41", "1", customers[0]]);
    const history = (await runReseller(["balance", "history"], { env })).stdout.trim().split("\n").map((l) => l.split("\t"));
    // Amounts signed as the balance moved: out is negative.
    expect(history[0]!.slice(0, 7), history.join("\n")).toEqual([new Date(Date.parse(jakarta(-10))).toISOString().slice(0, 19) + "Z", "purchase", String(-billion), "9876543210", String(9_876_543_210 - billion), `Pembelian ${catalogue[0]!.name} x1`, trxRows[0]!.invoice]);
    const locks = (await runReseller(["lock", "list"], { env })).stdout.trim().split("\n").map((l) => l.split("\t"));
    expect(locks[0]).toEqual(["LCK-a1b2c3d4-e5f6-7890-abcd-ef1234567890", "43", "1000000", iso(9), "540"]);
  });
});
