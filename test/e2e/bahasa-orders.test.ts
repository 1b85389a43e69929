/**
 * Buying and reading orders in Bahasa Indonesia: with LANG=id_ID.UTF-8 the refusals of an amount, a
 * quantity and an orders file's rows (each named `shop.csv baris 2`) speak Indonesian, while a script
 * sees the same exit code and the same bytes on stdout in both languages, and a JSON error the same code.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resellerAs } from "./commands-harness.js";
import { useEmulator } from "../support/emulator.js";
import { englishIn, indonesian } from "../support/language.js";

const english = { LANG: "en_US.UTF-8" };
/** A file's column and field names stay as the file writes them (`kolom note`, `field "qty"`), as flags do. */
const withoutColumns = (screen: string) =>
  screen.replace(/"[a-z_]+"|\b(?:note|quantity|qty|target|opt|comment|nominal)\b/g, " ");

describe("reading orders in Indonesian", () => {
  const harness = useEmulator();
  const reseller = () => resellerAs(harness, harness.apiKeyOf("Jaya Abadi Digital"));

  /** The same command in both languages: the same exit code and stdout, and with --json the same error code. */
  async function bothLanguages(args: string[]) {
    const r = reseller();
    const id = await r.run(args, { env: { ...indonesian, COLUMNS: "80" } });
    const en = await r.run(args, { env: { ...english, COLUMNS: "80" } });
    expect(id.exitCode, id.stderr).toBe(en.exitCode);
    expect(id.stdout).toBe(en.stdout);
    const idJson = await r.run([...args, "--json"], { env: indonesian });
    const enJson = await r.run([...args, "--json"], { env: english });
    expect(idJson.exitCode).toBe(enJson.exitCode);
    expect(idJson.stdout).toBe(enJson.stdout);
    if (enJson.stderr.startsWith("{")) {
      const [idError, enError] = [JSON.parse(idJson.stderr).error, JSON.parse(enJson.stderr).error];
      expect(idError.code).toBe(enError.code);
      expect(idError.status).toBe(enError.status);
    }
    if (process.env.SHOW_SCREENS) console.log(`== ${args.join(" ")}\n${id.stderr}\n${en.stderr}`);
    return { id, en };
  }

  it("a malformed amount: both readings named in Indonesian, exit 2, nothing sent", async () => {
    const { id, en } = await bothLanguages([
      "buy",
      "--item",
      "29",
      "--qty",
      "1",
      "--note",
      "081234567890",
      "--nominal",
      "1.500rb",
      "--yes",
    ]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(
      /^Gagal: --nominal "1\.500rb" bukan nominal Rupiah: dengan "rb" bisa berarti Rp 1\.500\.000 atau Rp 1\.500\.$/m,
    );
    expect(id.stderr).toMatch(/^Saran: Maksudnya Rp 1\.500\.000 \(1500000\) atau Rp 1\.500 \(1500\)\? Tulis seperti /m);
    expect(en.stderr).toMatch(/^Error: --nominal "1\.500rb" is not an amount of Rupiah: with "rb" it could mean/m);
    expect(englishIn(id.stderr)).toEqual([]);
  });

  it("an amount the item does not take: its range in Indonesian, with the code", async () => {
    const args = ["buy", "--item", "29", "--qty", "1", "--note", "081234567890", "--nominal", "5000", "--yes"];
    const { id } = await bothLanguages(args);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(
      /^Gagal: Nominal produk 29 \(.+\) di bawah minimal: harus dari Rp 10\.000 sampai Rp 2\.000\.000 dengan kelipatan Rp 1\.000; yang diminta Rp 5\.000\. \(OPEN_AMOUNT_OUT_OF_RANGE\)$/m,
    );
    expect(englishIn(id.stderr.replace(/\(Saldo [^)]*\)/, ""))).toEqual([]);
  });

  it("a refused quantity: said in Indonesian, exit 2", async () => {
    const { id, en } = await bothLanguages(["buy", "--item", "12", "--qty", "1,5", "--note", "081234567890", "--yes"]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(/^Gagal: --qty harus bilangan bulat positif, bukan "1,5"\.$/m);
    expect(en.stderr).toMatch(/^Error: --qty must be a positive whole number, not "1,5"\.$/m);
    expect(englishIn(id.stderr)).toEqual([]);
  });

  it("an orders file with bad rows: each named by its place, shop.csv baris N, in Indonesian; nothing sent", async () => {
    const r = reseller();
    const file = join(r.configDir, "shop.csv");
    writeFileSync(
      file,
      ["item_id,quantity,note", "12,1.5,081234567890", "29,1,081234567890", "12,1,081234567890,x"].join("\n"),
    );
    const { id, en } = await bothLanguages(["buy", "--file", file, "--yes"]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(/^Gagal: 3 baris perlu diperbaiki; tidak ada yang dikirim: \(INVALID_INPUT\)$/m);
    expect(id.stderr).toMatch(/^ {2}shop\.csv baris 2: quantity harus bilangan bulat positif, bukan "1\.5"\./m);
    expect(id.stderr).toMatch(
      /^ {2}shop\.csv baris 3: produk 29 \(.+\) bernominal bebas .+ \(Catatan berisi target dan kolom nominal/m,
    );
    expect(id.stderr).toMatch(/^ {2}shop\.csv baris 4: ada 4 kolom padahal header-nya 3/m);
    expect(en.stderr).toMatch(/^ {2}shop\.csv line 2: quantity must be a positive whole number/m);
    expect(englishIn(withoutColumns(id.stderr.replace(/\(Saldo [^)]*\)/g, "")))).toEqual([]);
    // A row of an item the service does not have: its place in Indonesian too.
    writeFileSync(file, ["item_id,quantity,note", "99999,1,081234567890"].join("\n"));
    const missing = await r.run(["buy", "--file", file, "--yes"], { env: indonesian });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^Gagal: shop\.csv baris 2: Tidak ada produk aktif dengan id 99999\./m);
    expect(englishIn(missing.stderr)).toEqual([]);
  });

  it("a cart file's bad line: keranjang baris N, in Indonesian", async () => {
    const r = reseller();
    const cart = join(r.configDir, "cart.json");
    writeFileSync(
      cart,
      JSON.stringify([
        { item_id: 12, quantity: 1, note: "081234567890" },
        { item_id: 12, qty: 1 },
      ]),
    );
    const { id } = await bothLanguages(["buy", "--cart", cart, "--yes"]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(/^Gagal: keranjang baris 2: field "qty" tidak dikenal/m);
    expect(englishIn(withoutColumns(id.stderr))).toEqual([]);
  });
});
