/**
 * The service's status words and the tool's own labels on Indonesian screens: `trx show` of a
 * delivered, a partly delivered and a failed order, `trx list`, `history` (a top-up link not paid
 * yet too) and a repeat refusal say
 * berhasil, sebagian, gagal, dibayar… and name their labels in Indonesian; English screens say what
 * they said, and piped rows and --json are the same bytes in both languages.
 */
import { describe, expect, it } from "vitest";
import { resellerInProcess, whileAdvancing } from "./commands-harness.js";
import { useEmulator } from "../support/emulator.js";
import { englishIn, indonesian, statusWords } from "../support/language.js";

const english = { LANG: "en_US.UTF-8" };
const harness = useEmulator();
/** A terminal 80 columns wide. */
const terminal = { mode: "table" as const };

/**
 * The English words of the tool's own, status words and labels included, on an Indonesian screen. The
 * service's own text is left out first: a transaction's note (its `Catatan` and the lines under it) and
 * the note quoted in a failure; so is `provider` after `pesan`/`status`, as Indonesian resellers say it.
 */
const englishOn = (screen: string) =>
  englishIn(
    screen
      .replace(/^Catatan .*(\n {4,}.*)*$/gm, " ")
      .replace(/\. All items failed;[^;]*;/g, ";")
      .replace(/\b(pesan|status) provider\b/gi, " "),
    statusWords,
  );

describe("statuses and labels in Indonesian", () => {
  it("trx show of a delivered, a partial and a failed order, trx list and history: no English status or label", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    const buy = (args: string[]) => whileAdvancing(harness.emulator, r.run([...args, "--wait", "--yes"]), 10, 150);
    expect(
      (await buy(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "st-ok"])).exitCode,
    ).toBe(0);
    const partial = await buy([
      "buy",
      "--item",
      "23",
      "--qty",
      "300",
      "--target",
      "https://instagram.com/partial_shop_st",
      "--ref-id",
      "st-sebagian",
    ]);
    expect(partial.exitCode, partial.stderr).toBe(1);
    const failed = await buy([
      "buy",
      "--item",
      "22",
      "--qty",
      "1",
      "--note",
      "999990201",
      "--no-validate",
      "--ref-id",
      "st-gagal",
    ]);
    expect(failed.exitCode, failed.stderr).toBe(1);

    // A top-up paid: history knows it once it asks.
    expect((await r.run(["topup", "--amount", "20000", "--channel", "QRIS", "--yes"])).exitCode).toBe(0);
    const token = harness.accountOf(harness.apiKeyOf("Rumah Game Murah")).top_ups.at(-1)!.payment_token;
    expect((await fetch(`${harness.emulator.baseUrl}/pay/${token}`, { method: "POST" })).status).toBeLessThan(400);
    expect((await r.run(["history", "--refresh"])).exitCode).toBe(0);

    const screens: Record<string, string> = {};
    for (const [name, args] of [
      ["delivered", ["trx", "show", "st-ok"]],
      ["partial", ["trx", "show", "st-sebagian"]],
      ["failed", ["trx", "show", "st-gagal"]],
      ["list", ["trx", "list"]],
      ["history", ["history"]],
    ] as const) {
      const id = await r.run([...args], { ...terminal, env: { ...indonesian, COLUMNS: "80" } });
      const en = await r.run([...args], { ...terminal, env: { ...english, COLUMNS: "80" } });
      expect(id.exitCode, id.stderr).toBe(en.exitCode);
      screens[name] = id.stdout + id.stderr;
      if (process.env.SHOW_SCREENS) console.log(`== ${args.join(" ")}\n${screens[name]}\n${en.stdout}${en.stderr}`);
      // Piped and --json: the same bytes in both languages.
      const [pipedId, pipedEn] = [
        await r.run([...args], { env: indonesian }),
        await r.run([...args], { env: english }),
      ];
      expect(pipedId.stdout).toBe(pipedEn.stdout);
      const [jsonId, jsonEn] = [
        await r.run([...args], { mode: "json", env: indonesian }),
        await r.run([...args], { mode: "json", env: english }),
      ];
      expect(jsonId.stdout).toBe(jsonEn.stdout);
    }
    expect(screens.delivered).toMatch(/^Status +berhasil$/m);
    // The service says the order completed; its SMM order, partial.
    expect(screens.partial).toMatch(/^Progres SMM\n[\s\S]*^Status +sebagian$/m);
    expect(screens.failed).toMatch(/^Status +gagal$/m);
    expect(screens.history).toMatch(/^Hasil +dibayar$/m);
    for (const [name, screen] of Object.entries(screens)) expect([name, englishOn(screen)]).toEqual([name, []]);
  });

  it("an order with nothing to hand over yet names its status in Indonesian", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const note = "logo kedai kopi, warna coklat";
    const bought = await r.run(["buy", "--item", "27", "--qty", "1", "--note", note, "--ref-id", "st-manual", "--yes"]);
    expect(bought.exitCode, bought.stderr).toBe(0);
    const id = await r.run(["trx", "show", "st-manual"], { ...terminal, env: { ...indonesian, COLUMNS: "80" } });
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.stdout).toMatch(/^Belum ada yang bisa diserahkan \(status dibayar\)\./m);
    expect(englishOn(id.stdout + id.stderr)).toEqual([]);
  });

  it("a top-up whose link is not paid yet: history says the link was made in Indonesian; piped, the journal's word", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    expect((await r.run(["topup", "--amount", "30000", "--channel", "QRIS", "--yes"])).exitCode).toBe(0);
    const id = await r.run(["history", "--no-refresh"], { ...terminal, env: { ...indonesian, COLUMNS: "80" } });
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.stdout).toMatch(/│ Hasil +│[\s\S]*│ link pembayaran dibuat +│/);
    expect(id.stdout).not.toMatch(/created/);
    const en = await r.run(["history", "--no-refresh"], { ...terminal, env: { ...english, COLUMNS: "80" } });
    expect(en.stdout).toMatch(/\blink created\b/);
    const [pipedId, pipedEn] = [
      await r.run(["history", "--no-refresh"], { env: indonesian }),
      await r.run(["history", "--no-refresh"], { env: english }),
    ];
    expect(pipedId.stdout).toBe(pipedEn.stdout);
    expect(pipedId.stdout).toMatch(/\tlink created\t/);
  });

  it("an SMM order's progress at 80 columns: a short header gives way before the item's name is wrapped", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const target = "https://tiktok.com/@warung/video/7312345678901234567";
    const args = ["buy", "--item", "24", "--qty", "100", "--target", target, "--wait", "--yes"];
    const id = await whileAdvancing(
      harness.emulator,
      r.run(args, { ...terminal, env: { ...indonesian, COLUMNS: "80" } }),
      10,
      150,
    );
    expect(id.exitCode, id.stderr).toBe(0);
    const progress = id.stdout.slice(id.stdout.indexOf("Progres SMM"));
    expect(progress).toMatch(/│ Pemasok +│/);
    expect(progress).toMatch(/│ TikTok Likes +│ \d+ +│ berhasil +│/);
  });

  it("a repeat refused: the earlier outcome and time said in Indonesian", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const args = ["buy", "--item", "12", "--qty", "1", "--note", "081234567891", "--yes", "--no-input"];
    expect((await r.run(args, { env: indonesian })).exitCode).toBe(0);
    const again = await r.run(args, { env: { ...indonesian, COLUMNS: "80" } });
    if (process.env.SHOW_SCREENS) console.log(again.stderr);
    expect(again.exitCode).toBe(2);
    // Said once, in the message: the time as Indonesian writes it, and the earlier outcome.
    const said = again.stderr.replace(/\n {2}/g, " ");
    expect(said).toMatch(/sudah dibeli \d{1,2} \w{3,4} \d{4} \d\d\.\d\d\.\d\d WIB .*, diproses\)/);
    expect(englishOn(again.stderr)).toEqual([]);
  });
});
