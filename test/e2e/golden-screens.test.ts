/**
 * Golden screens: every list and every section of a transaction, laid out at 80, 100 and 120 columns
 * from fixed answers served over real HTTP (long names, Rp 1.000.000.000 amounts, 13-digit customer
 * numbers), must keep whole what a reseller reads or copies: no money, id, time (to the minute),
 * status or customer datum cut with `…` or split across lines, and no line wider than the window.
 * test/pty/golden-screens.test.ts shows the same screens once in a real terminal.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { runInProcess } from "../support/run-main.js";
import { useEmulator } from "../support/emulator.js";
import { useHostileServer } from "../support/hostile-server.js";
import {
  ansi,
  billion,
  catalogue,
  columnCells,
  compactMinute,
  customers,
  expectNothingSplit,
  expectScreen,
  goldenScreens,
  inIndonesian,
  iso,
  jakarta,
  minute,
  ownWords,
  recordValues,
  resellerMachine,
  screenEnv,
  serveFixedAnswers,
  smmOrder,
  trxRows,
  wholeWords,
} from "../support/golden-screens.js";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { resellerInProcess, whileAdvancing } from "./commands-harness.js";

const widths = [80, 100, 120];

describe("golden screens from fixed answers", () => {
  const server = useHostileServer();
  serveFixedAnswers(server);
  const show = async (args: string[], width: number, configDir?: string) => {
    const dir = configDir ?? (await resellerMachine(server.baseUrl));
    const r = await runInProcess(args, {
      env: { ...screenEnv(server.baseUrl, dir), RESELLER_FORCE_TTY: "1", COLUMNS: String(width) },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).not.toBe("");
    if (process.env.SHOW_SCREENS) console.log(`== ${args.join(" ")} @${width}\n${r.stdout}`);
    return r.stdout;
  };

  describe.each(widths)("at %i columns", (width) => {
    const screenOf = (name: string) => goldenScreens.find((g) => g.name === name)!;
    const check = async (name: string) => {
      const golden = screenOf(name);
      const screen = await show(
        golden.args,
        width,
        golden.unknown || golden.smm
          ? await resellerMachine(server.baseUrl, { unknown: golden.unknown === true, smm: golden.smm === true })
          : undefined,
      );
      expectScreen(screen, width, golden.data());
      return screen;
    };

    it("items: id, price and stock whole; every row its product; a name cut keeps its end", async () => {
      const screen = await check("items");
      for (const e of catalogue) expect(screen, screen).toMatch(new RegExp(`│ ${e.id} +│`));
      // What each row sells: the process and minimum order give way before the product does.
      expect(columnCells(screen, "Product"), screen).toEqual(catalogue.map((e) => e.product));
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

    it("history: time to the minute, money, ref_ids, invoices and customers whole; a long SMM link whole too", async () => {
      const screen = await check("history");
      // The item's name (from the catalogue copy) whole, wrapped between words at worst.
      // A table, or at a narrow width the records it stacks into (a time is read as one, never broken).
      const stacked = /^Time {2,}\S/m.test(screen.replace(ansi, ""));
      const items = stacked ? recordValues(screen, "Item") : columnCells(screen, "Item");
      for (const e of catalogue)
        expect(
          items.some((cell) => cell.endsWith(` × ${e.name}`)),
          screen,
        ).toBe(true);
      expect(screen).not.toContain("instagram.com/toko_pulsa_makmur_jaya_official_store_2026…");
      expect(
        screen
          .replace(ansi, "")
          .split("\n")
          .filter((line) => line.includes(smmOrder.target)),
      ).toHaveLength(1);
    });

    it("reconcile: the ref_id and the invoice it found", async () => {
      await check("reconcile");
    });

    it("trx show: every section keeps its money, ids, serials, licence, customers and SMM counts whole", async () => {
      const screen = await check("trx show");
      for (const section of ["Items", "Deliver to customer", "H2H results", "SMM progress"])
        expect(screen).toContain(section);
      // SMM progress: no word split over lines (`Instag` / `ram`), no header cut (`Star…`).
      expect(screen).not.toMatch(/Star…|Prov…/);
      for (const word of ["Instagram", "Followers", "Indonesia", "Partial", "completed", "progress"]) {
        expect(
          screen
            .replace(ansi, "")
            .split("\n")
            .some((line) => line.includes(word.slice(0, 4)) && !line.includes(word)),
          `"${word}" split at ${width}:\n${screen}`,
        ).toBe(false);
      }
    });
  });

  /**
   * Every golden screen at 60, 80 and 120 columns in both languages: no word, amount or id split over
   * lines, each datum whole, the words checked against what the command's piped rows and JSON hold.
   */
  describe.each([
    ["English", {}],
    ["Indonesian", indonesian],
  ])("in %s", (_language, languageEnv: Record<string, string>) => {
    it.each(goldenScreens.map((g) => [g.name, g] as const))(
      "%s: nothing split at 60, 80 and 120 columns",
      async (_name, golden) => {
        // A machine of its own for each run: reconcile settles what it finds.
        const envOf = async () => ({
          ...screenEnv(
            server.baseUrl,
            await resellerMachine(server.baseUrl, { unknown: golden.unknown === true, smm: golden.smm === true }),
          ),
          ...languageEnv,
        });
        const [piped, json] = await Promise.all([
          runInProcess(golden.args, { env: await envOf() }),
          runInProcess([...golden.args, "--json"], { env: await envOf() }),
        ]);
        const whole = wholeWords(piped.stdout, json.stdout);
        for (const width of [60, 80, 120]) {
          const r = await runInProcess(golden.args, {
            env: { ...(await envOf()), RESELLER_FORCE_TTY: "1", COLUMNS: String(width) },
          });
          expect(r.exitCode, r.stderr).toBe(0);
          expectNothingSplit(r.stdout, width, whole);
          const lines = r.stdout.replace(ansi, "").split("\n");
          // Ids, money, counts and times (a licence's each field); the words of the data are said in each language.
          for (const datum of golden
            .data()
            .flatMap((d) => d.replace(/ \([a-z ]+\)$/, "").split(" | "))
            .filter((d) => /\d/.test(d) && !/^\d+[a-z]$/.test(d))
            .map((d) => (languageEnv === indonesian ? inIndonesian(d) : d)))
            expect(
              lines.some((line) => line.includes(datum)),
              `"${datum}" whole at ${width} columns:\n${r.stdout}\n${r.stderr}`,
            ).toBe(true);
        }
      },
    );
  });

  /**
   * An Indonesian golden screen holds no English word of the tool's own, status words included: what
   * the service wrote stands quoted as its own (`(layanan: "…")`), and item names are the service's.
   */
  it.each(goldenScreens.map((g) => [g.name, g] as const))(
    "%s in Indonesian at 80 columns: no English word of the tool's own",
    async (_name, golden) => {
      const dir = await resellerMachine(server.baseUrl, { unknown: golden.unknown === true, smm: golden.smm === true });
      const r = await runInProcess(golden.args, {
        env: { ...screenEnv(server.baseUrl, dir), ...indonesian, RESELLER_FORCE_TTY: "1", COLUMNS: "80" },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      if (process.env.SHOW_SCREENS) console.log(`== ${golden.args.join(" ")} (id)\n${r.stdout}\n${r.stderr}`);
      expect(englishIn(ownWords(r.stdout + r.stderr), statusWords), r.stdout + r.stderr).toEqual([]);
    },
  );

  /**
   * trx list and history at 80 columns are tables, not rows stacked into labelled lines: a time is
   * compact (`20:40` today, `28 Nov 20:40` this year) under a header naming the zone once; at 60
   * columns the rows are stacked, each time whole under the same label.
   */
  describe.each([
    ["English", {}, { "trx list": "Created", history: "Time" }],
    ["Indonesian", indonesian, { "trx list": "Dibuat", history: "Waktu" }],
  ])("in %s", (_language, languageEnv: Record<string, string>, headers: Record<string, string>) => {
    const timesOf: Record<string, () => string[]> = {
      "trx list": () => trxRows.map((_, i) => jakarta(-10 * (i + 1))),
      history: () => [...trxRows.map((_, i) => iso(-10 * (i + 1) - 1)), iso(-45)],
    };
    const spoken = (datum: string) => (languageEnv === indonesian ? inIndonesian(datum) : datum);
    it.each(["trx list", "history"])(
      "%s: a table at 80 columns, times compact under a header naming the zone; stacked at 60",
      async (name) => {
        const golden = goldenScreens.find((g) => g.name === name)!;
        const header = `${headers[name]} (WIB)`;
        const screenAt = async (width: number) => {
          const dir = await resellerMachine(server.baseUrl, { smm: golden.smm === true });
          const r = await runInProcess(golden.args, {
            env: { ...screenEnv(server.baseUrl, dir), ...languageEnv, RESELLER_FORCE_TTY: "1", COLUMNS: String(width) },
          });
          expect(r.exitCode, r.stderr).toBe(0);
          if (process.env.SHOW_SCREENS) console.log(`== ${golden.args.join(" ")} @${width}\n${r.stdout}`);
          return r.stdout;
        };
        const times = timesOf[name]!();
        // Compact by the day the command ran in, somewhere between these two moments: were the
        // shop's midnight between them, either day's form is the right one.
        const before = Date.now();
        const at80 = await screenAt(80);
        const after = Date.now();
        expect(recordValues(at80, header), at80).toEqual([]);
        const compactOn = (nowMs: number) => times.map((t) => spoken(compactMinute(t, nowMs)));
        expect([compactOn(before), compactOn(after)], at80).toContainEqual(columnCells(at80, header));
        const at60 = await screenAt(60);
        const stacked = recordValues(at60, header);
        expect(stacked, at60).toHaveLength(times.length);
        expect(
          stacked.every((value, i) => value.startsWith(spoken(minute(times[i]!)))),
          at60,
        ).toBe(true);
      },
    );
  });

  /**
   * reconcile at 80 and 120 columns is a table in both languages, not rows stacked into records: each
   * row's answer a word under Answer, what the word means said once under the table (a sentence on
   * every row kept it stacked even at 120), the ref_ids and invoices whole by row number.
   */
  describe.each([
    ["English", {}, { time: "Time (WIB)", answer: "Answer", found: "found", means: "the service has the purchase" }],
    ["Indonesian", indonesian, { time: "Waktu (WIB)", answer: "Jawaban", found: "ada", means: "layanan mencatat" }],
  ])("reconcile in %s", (_language, languageEnv: Record<string, string>, words) => {
    it.each([80, 120])("at %i columns: a table, each answer a word, its meaning said once below", async (width) => {
      const dir = await resellerMachine(server.baseUrl, { unknown: true });
      const r = await runInProcess(["reconcile"], {
        env: { ...screenEnv(server.baseUrl, dir), ...languageEnv, RESELLER_FORCE_TTY: "1", COLUMNS: String(width) },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      const screen = r.stdout;
      if (process.env.SHOW_SCREENS) console.log(`== reconcile @${width}\n${screen}`);
      expectScreen(
        screen,
        width,
        trxRows.flatMap((t) => [t.ref_id, t.invoice]),
      );
      expect(recordValues(screen, words.time), screen).toEqual([]);
      expect(columnCells(screen, words.time), screen).toHaveLength(trxRows.length);
      expect(columnCells(screen, words.answer), screen).toEqual(trxRows.map(() => words.found));
      expect(columnCells(screen, "Ref ID"), screen).toEqual(trxRows.map((t) => t.ref_id));
      expect(columnCells(screen, "Invoice"), screen).toEqual(trxRows.map((t) => t.invoice));
      const meanings = recordValues(screen, words.found);
      expect(meanings, screen).toHaveLength(1);
      expect(meanings[0]).toMatch(new RegExp(`^${words.means}\\b`));
    });
  });

  it("trx show in Indonesian at 80 and 60 columns: an SMM order's count delivered is Terkirim, never Kirim (send)", async () => {
    for (const width of [80, 60]) {
      const r = await runInProcess(["trx", "show", trxRows[0]!.ref_id], {
        env: {
          ...screenEnv(server.baseUrl, await resellerMachine(server.baseUrl)),
          ...indonesian,
          RESELLER_FORCE_TTY: "1",
          COLUMNS: String(width),
        },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      const screen = r.stdout.replace(ansi, "");
      expect(screen).toMatch(/(^|│ )Terkirim +(│|877 \(87%\))/m);
      expect(screen).not.toMatch(/(^|│ )Kirim\b/m);
    }
  });

  it("piped: raw columns, times in UTC, new columns appended", async () => {
    const dir = await resellerMachine(server.baseUrl);
    const env = screenEnv(server.baseUrl, dir);
    const trx = (await runInProcess(["trx", "list", "--no-refresh"], { env })).stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    // created, ref_id, invoice, status, amount, then item ids, quantities and customers.
    expect(trx[0]).toEqual([
      `${new Date(Date.parse(jakarta(-10))).toISOString().slice(0, 19)}Z`,
      trxRows[0]!.ref_id,
      trxRows[0]!.invoice,
      "completed",
      String(billion),
      "41",
      "1",
      customers[0],
    ]);
    const history = (await runInProcess(["balance", "history"], { env })).stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    // Amounts signed as the balance moved: out is negative.
    expect(history[0]!.slice(0, 7), history.join("\n")).toEqual([
      `${new Date(Date.parse(jakarta(-10))).toISOString().slice(0, 19)}Z`,
      "purchase",
      String(-billion),
      "9876543210",
      String(9_876_543_210 - billion),
      `Pembelian ${catalogue[0]!.name} x1`,
      trxRows[0]!.invoice,
    ]);
    const locks = (await runInProcess(["lock", "list"], { env })).stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(locks[0]).toEqual(["LCK-a1b2c3d4-e5f6-7890-abcd-ef1234567890", "43", "1000000", iso(9), "540"]);
  });
});

describe("golden screen of buy --file --wait: the bulk results table", () => {
  const harness = useEmulator();
  // 13-digit customer numbers, several licences for one line, serials: all handed over whole; and a
  // player id nobody has, refused by the provider and refunded, whose problem may wrap between words.
  const orders = (n: number) =>
    [
      "item_id,quantity,note",
      `11,1,081255550${n}001`,
      `1,${n + 1},`,
      `13,1,62812555${n}0002`,
      `22,1,9999${n}0001`,
    ].join("\n");

  it.each(widths.map((w, n) => [w, n] as const))(
    "at %i columns: line, item, customer, outcome, money, serials, licences, refund, invoice and ref_id whole",
    async (width, n) => {
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
      const file = join(reseller.configDir, "orders.csv");
      writeFileSync(file, orders(n));
      const out = join(reseller.configDir, "results.jsonl");
      const r = await whileAdvancing(
        harness.emulator,
        reseller.run(["buy", "--file", file, "--wait", "--no-validate", "--yes", "--out", out], {
          mode: "table",
          env: { COLUMNS: String(width) },
        }),
        5,
        200,
      );
      expect(r.exitCode, r.stderr).toBe(1);
      if (process.env.SHOW_SCREENS) console.log(`== buy --file --wait @${width}\n${r.stdout}`);
      const results = readFileSync(out, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      results.sort((a: { row: number }, b: { row: number }) => a.row - b.row);
      expect(results.map((x: { outcome: string }) => x.outcome)).toEqual([
        "delivered",
        "delivered",
        "delivered",
        "delivery_failed",
      ]);
      const handOver: string[] = results.flatMap((x: { hand_over?: string[] }) => x.hand_over ?? []);
      expect(handOver.some((h) => /^SN \d{20}$/.test(h))).toBe(true);
      expect(handOver.filter((h) => /Email: /.test(h)).length).toBeGreaterThan(0);
      const data = results.flatMap((x: { ref_id: string; invoice: string; amount: number; customer?: string }) => [
        x.ref_id,
        x.invoice,
        formatRupiah(x.amount),
        ...(x.customer ? [x.customer] : []),
      ]);
      // Each licence whole on a line of its own or beside its row: never cut, never split.
      expectScreen(r.stdout, width, [
        ...data,
        ...handOver.flatMap((h) => h.split("\n")),
        "delivered",
        "delivery failed",
        "Rp 19.000",
      ]);
      expect(r.stdout).toMatch(/\bLine\b/);
    },
  );
});

/**
 * What each row sells, at 80 columns, with the emulator's catalogue of 400 (several games in several
 * regions, three operators' 10.000): a catalogue row always carries its product, `balance history`
 * its whole description and `trx list` its whole item, wrapped between words at worst.
 */
describe("golden screens at 80 columns with a catalogue of 400: every row says what it sells", () => {
  const harness = useEmulator({ catalogueSize: 400 });
  const at80 = { mode: "table" as const, env: { COLUMNS: "80" } };

  it("items --category 'Top Up Game' --search 86: fourteen rows of 86 Diamonds, each with its game and region", async () => {
    const reseller = resellerInProcess(harness);
    const piped = await reseller.run(["items", "--category", "Top Up Game", "--search", "86"]);
    const expected = piped.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"))
      .map(([, , product, name]) => [product, name]);
    expect(expected).toHaveLength(14);
    const r = await reseller.run(["items", "--category", "Top Up Game", "--search", "86"], at80);
    expect(r.exitCode, r.stderr).toBe(0);
    expectScreen(r.stdout, 80, []);
    expect(columnCells(r.stdout, "Product"), r.stdout).toEqual(expected.map(([product]) => product));
    expect(columnCells(r.stdout, "Name")).toEqual(expected.map(() => "86 Diamonds"));
    // No two rows read the same.
    const rows = columnCells(r.stdout, "Product").map((p, i) => `${p} ${columnCells(r.stdout, "Name")[i]}`);
    expect(new Set(rows).size).toBe(14);
  });

  it("items: 12, 15 and 17 read Telkomsel, XL and Indosat, not three times 10.000", async () => {
    const r = await resellerInProcess(harness).run(["items"], at80);
    expect(r.exitCode, r.stderr).toBe(0);
    expectScreen(r.stdout, 80, []);
    const ids = columnCells(r.stdout, "ID");
    const products = columnCells(r.stdout, "Product");
    const names = columnCells(r.stdout, "Name");
    const rowOf = (id: string) => `${products[ids.indexOf(id)]} ${names[ids.indexOf(id)]}`;
    expect([rowOf("12"), rowOf("15"), rowOf("17")]).toEqual([
      "Pulsa Telkomsel 10.000",
      "Pulsa XL 10.000",
      "Pulsa Indosat 10.000",
    ]);
    expect(
      products.every((p) => p !== "" && p !== "-"),
      r.stdout,
    ).toBe(true);
  });

  it("balance history and trx list: the whole description and the whole item of each purchase", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await reseller.run(["items"]); // the catalogue copy that names the items of trx list
    const bought: [string, string][] = [
      ["1094", "12345678(1234)"],
      ["15", "081812345678"],
      ["1066", "12345678(1234)"],
    ];
    for (const [item, note] of bought) {
      const r = await reseller.run(["buy", "--item", item, "--qty", "1", "--note", note, "--yes", "--no-check"]);
      expect(r.exitCode, r.stderr).toBe(0);
    }
    const descriptions = (await reseller.run(["balance", "history"])).stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t")[5]);
    const history = await reseller.run(["balance", "history"], at80);
    expectScreen(history.stdout, 80, []);
    expect(columnCells(history.stdout, "Description"), history.stdout).toEqual(descriptions);
    expect(descriptions[0]).toBe("Pembelian Mobile Legends Malaysia 86 Diamonds x1");

    const list = await reseller.run(["trx", "list"], at80);
    expectScreen(list.stdout, 80, []);
    expect(columnCells(list.stdout, "Item").slice(0, 3), list.stdout).toEqual([
      "1 × Mobile Legends Malaysia 86 Diamonds",
      "1 × Pulsa XL 10.000",
      "1 × Mobile Legends Philippines 86 Diamonds",
    ]);
  });

  it("history: a purchase, a sandbox order and a stock lock, each saying what it is and its item's product whole", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await reseller.run(["items"]); // the catalogue copy that names the journal's items
    const steps = [
      ["buy", "--item", "1094", "--qty", "1", "--note", "12345678(1234)", "--yes", "--no-check"],
      ["sandbox", "--item", "1066", "--qty", "1", "--ref-id", "gs-sandbox"],
      ["lock", "add", "--item", "3", "--qty", "1"],
    ];
    for (const step of steps) {
      const r = await reseller.run(step);
      expect(r.exitCode, r.stderr).toBe(0);
    }
    const names = new Map(
      (await reseller.run(["items"])).stdout
        .trim()
        .split("\n")
        .map((line) => line.split("\t"))
        .map((cells) => [cells[0], `${cells[2]} ${cells[3]}`] as const),
    );
    const r = await reseller.run(["history"], at80);
    expect(r.exitCode, r.stderr).toBe(0);
    expectScreen(r.stdout, 80, []);
    expect(columnCells(r.stdout, "Item"), r.stdout).toEqual([
      `stock lock: 1 × ${names.get("3")}`,
      `sandbox order: 1 × ${names.get("1066")}`,
      `1 × ${names.get("1094")}`,
    ]);
  });
});

/**
 * A bulk result table at 80 columns where orders went wrong: a problem's cell holds its code, and the
 * whole message is said below the table by row number, wrapped between words (a refused row's cell
 * was ten lines of words); the item is whole, wrapped between words at worst.
 */
describe("golden screen of a bulk run with problems, at 80 columns", () => {
  const harness = useEmulator();

  it("the problem's cell its code alone, the item whole; the problems below the table by row number, whole", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    harness.emulator.setItemAvailable(13, false);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, ["item_id,quantity,note", "12,1,081234567801", "13,1,081234567802"].join("\n"));
    const r = await reseller.run(["buy", "--file", file, "--yes"], { mode: "table", env: { COLUMNS: "80" } });
    harness.emulator.setItemAvailable(13, true);
    expect(r.exitCode, r.stderr).toBe(1);
    expectScreen(r.stdout, 80, []);
    const lines = r.stdout.replace(ansi, "").split("\n");
    // The box: a top, a header, a rule, one line for each of the two rows, a bottom.
    const box = lines.slice(
      lines.findIndex((l) => l.startsWith("┌")),
      lines.findIndex((l) => l.startsWith("└")) + 1,
    );
    // The problem's cell holds its code alone; only the item may wrap, between words.
    expect(box.length, r.stdout).toBeLessThanOrEqual(8);
    expect(box.find((l) => /│ 2 +│ 3 +│/.test(l))).toMatch(/│ (refused|not sent) +│ .*│ PRODUCT_TEMPORARILY/);
    expect(columnCells(r.stdout, "Hand over / problem")[1]).toMatch(/^PRODUCT_TEMPORARILY\S*$/);
    // Each row says what it sells, whole: not `1 × Pulsa Tel…10.000`.
    expect(columnCells(r.stdout, "Item"), r.stdout).toEqual([
      "1 × Pulsa Telkomsel 10.000",
      "1 × Pulsa Telkomsel 25.000",
    ]);
    // Below, by row number: the code and the whole message, its lines under its start.
    const below = lines.slice(lines.findIndex((l) => /^2 {2}PRODUCT_TEMPORARILY_UNAVAILABLE: /.test(l)));
    expect(below.length, r.stdout).toBeGreaterThan(0);
    const said = below
      .filter((l) => l.trim())
      .map((l) => l.trim())
      .join(" ");
    expect(said).toMatch(
      /^2 {2}PRODUCT_TEMPORARILY_UNAVAILABLE: This product is unavailable right now; .*nothing was charged\./,
    );
  });
});
