/**
 * Receipts for the customer through main() (test/support/run-main.ts) against the emulator: an H2H
 * purchase with its serial, a licence from stock, a game top-up with the account name the check
 * found, and a failed delivery, in Indonesian and English; the selling price in force when bought,
 * never the cost.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { notRegularFiles } from "../support/special-files.js";
import { makeTempDir } from "../support/temp-dir.js";
import { resellerInProcess, whileAdvancing, type Reseller } from "./commands-harness.js";

const harness = useEmulator({ seed: 7 });
let shop: Reseller;
beforeAll(async () => {
  shop = resellerInProcess(harness);
  // Pulsa at cost + Rp 2.000; everything else +10%, rounded up to Rp 500.
  for (const args of [
    ["prices", "set", "--markup", "10%", "--round", "500"],
    ["prices", "set", "--markup", "2000", "--category", "Pulsa"],
  ])
    expect((await shop.run(args)).exitCode).toBe(0);
});
afterAll(() => rmSync(shop.configDir, { recursive: true, force: true }));

/** Buys and waits for the delivery (the emulator's clock runs ahead meanwhile); returns the ref_id. */
async function bought(ref: string, args: string[], exitCode = 0): Promise<string> {
  const r = await whileAdvancing(harness.emulator, shop.run(["buy", ...args, "--ref-id", ref, "--wait", "--yes"]));
  expect(r.exitCode, r.stderr).toBe(exitCode);
  return ref;
}

const receipt = async (args: string[]) => {
  const r = await shop.run(["receipt", ...args]);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
};

describe("receipt", () => {
  it("an H2H purchase: the serial whole, the customer's number, the selling price, sukses; in English too", async () => {
    const ref = await bought("rcpt-h2h", ["--item", "12", "--qty", "1", "--note", "081234567890"]);
    const trx = (await shop.run(["trx", "show", ref], { mode: "json" })).json();
    const serial = JSON.stringify(trx).match(/"(?:sn|serial_number|serial)":"(\d{10,})"/)?.[1];
    expect(serial).toBeDefined();
    const id = await receipt([ref]);
    expect(id).toContain("STRUK PEMBELIAN\nTanggal: ");
    expect(id).toMatch(/^Tanggal: \d{1,2} \w+ \d{4} \d\d\.\d\d WIB$/m);
    expect(id).toContain(`No. Ref: ${ref}\n`);
    expect(id).toContain("\nTujuan: 081234567890\n");
    expect(id).toContain(`\nSN: ${serial}\n`);
    // Rp 11.500 at cost, sold at Rp 13.500: the cost never reaches the customer.
    expect(id).toContain("\nHarga: Rp 13.500\n");
    expect(id).not.toContain("11.500");
    expect(id).toContain("\nStatus: SUKSES\n");

    const en = await receipt([ref, "--lang", "en"]);
    expect(en).toContain("RECEIPT\nDate: ");
    expect(en).toMatch(/^Date: \d{1,2} \w+ \d{4} \d\d:\d\d WIB$/m);
    expect(en).toContain("\nCustomer: 081234567890\n");
    expect(en).toContain(`\nSN: ${serial}\n`);
    expect(en).toContain("\nPrice: Rp 13.500\n");
    expect(en).toContain("\nStatus: SUCCESSFUL\n");

    // --lang anywhere on the line is the receipt's; the reseller's own language setting is not the customer's.
    expect(await receipt(["--lang", "en", ref])).toBe(en);
    const reseller = await shop.run(["receipt", ref], { env: { RESELLER_LANG: "en" } });
    expect(reseller.stdout).toBe(id);

    const json = (await shop.run(["receipt", ref], { mode: "json" })).json();
    expect(json).toMatchObject({
      status: "success",
      status_text: "SUKSES",
      verdict: "delivered",
      ref_id: ref,
      total: 13_500,
      refund: null,
      lines: [{ customer: "081234567890", serials: [serial], price: 13_500 }],
    });
    expect(json.text).toBe(id);
  });

  it("a licence from stock, whole, one line each, and a wa.me link with the text filled in", async () => {
    const ref = await bought("rcpt-licence", ["--item", "3", "--qty", "1"]);
    const json = (await shop.run(["receipt", ref, "--wa", "0812-3456-7890"], { mode: "json" })).json();
    expect(json.lines[0].licences.length).toBeGreaterThan(0);
    const text = await receipt([ref, "--wa", "0812-3456-7890"]);
    expect(text).toContain(`Akun/Lisensi:\n${json.lines[0].licences.join("\n")}\n`);
    const link = text.trimEnd().split("\n").at(-1)!;
    expect(link.startsWith("https://wa.me/6281234567890?text=")).toBe(true);
    expect(decodeURIComponent(link.split("?text=")[1]!)).toBe(json.text);
    // 10% on Rp 18.000 is Rp 19.800, rounded up to Rp 20.000.
    expect(text).toContain("\nHarga: Rp 20.000\n");
  });

  it("--wa takes a mobile number, by the rule a phone item's --note follows, or refuses it (exit 2) before asking the service", async () => {
    const ref = await bought("rcpt-wa", ["--item", "3", "--qty", "1", "--again"]);
    for (const [number, why] of [
      ["abc", /only digits/],
      ["", /it is empty/],
      ["../../x", /only digits/],
      ["12", /starts with 08/],
    ] as const) {
      const asked = apiRequests(harness).length;
      const r = await shop.run(["receipt", ref, "--wa", number]);
      expect(r.exitCode, `--wa "${number}": ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`--wa "${number}" is not a mobile number`);
      expect(r.stderr).toMatch(why);
      expect(apiRequests(harness).length).toBe(asked);
    }
    const json = await shop.run(["receipt", ref, "--wa", "12"], { mode: "json" });
    expect(json.errorJson().error.code).toBe("INVALID_INPUT");
  });

  it("a game top-up names the account the check found", async () => {
    const ref = await bought("rcpt-game", ["--item", "22", "--qty", "1", "--note", "123456789"]);
    const validated = (
      await shop.run(["validate", "--item", "22", "--customer-id", "123456789"], { mode: "json" })
    ).json();
    const name = validated.data.account_name ?? validated.data.username ?? validated.data.nickname;
    expect(name).toBeTruthy();
    expect(await receipt([ref])).toContain(`\nTujuan: 123456789\nNama: ${name}\n`);
    expect(await receipt([ref, "--lang", "en"])).toContain(`\nCustomer: 123456789\nName: ${name}\n`);
  });

  it("a failed delivery: gagal — dana dikembalikan, with what the customer gets back", async () => {
    // A number the provider refuses, sent as given.
    const ref = await bought("rcpt-failed", ["--item", "12", "--qty", "1", "--note", "0812", "--no-check"], 1);
    const id = await receipt([ref]);
    expect(id).toContain("\nStatus: GAGAL — dana dikembalikan\n");
    expect(id).toContain("\nDana dikembalikan: Rp 13.500\n");
    expect(id).not.toMatch(/^SN:/m);
    const en = await receipt([ref, "--lang", "en"]);
    expect(en).toContain("\nStatus: FAILED — money refunded\n");
    expect(en).toContain("\nRefunded: Rp 13.500\n");
  });

  it("the shop's name from `config set shop_name` heads the receipt and the price list", async () => {
    expect((await shop.run(["config", "set", "shop_name", "Toko Makmur"])).exitCode).toBe(0);
    try {
      expect((await receipt(["rcpt-h2h"])).startsWith("*Toko Makmur*\nSTRUK PEMBELIAN\n")).toBe(true);
      const list = await shop.run(["prices", "--format", "text", "--search", "telkomsel"]);
      expect(list.stdout.startsWith("*DAFTAR HARGA TOKO MAKMUR*\nPer ")).toBe(true);
    } finally {
      await shop.run(["config", "set", "shop_name", ""]);
    }
  });

  it("the shop's time_zone from `config set` or RESELLER_TIME_ZONE dates the receipt; a zone that is none is refused", async () => {
    const dated = (text: string) => /^Tanggal: .* (\d\d)\.(\d\d) (\w+)$/m.exec(text)!.slice(1);
    const [hour, minute, zone] = dated(await receipt(["rcpt-h2h"]));
    expect(zone).toBe("WIB");
    const set = await shop.run(["config", "set", "time_zone", "Asia/Makassar"]);
    expect(set.exitCode, set.stderr).toBe(0);
    try {
      // Makassar is an hour ahead of Jakarta: the same moment, in WITA.
      const wita = String((Number(hour) + 1) % 24).padStart(2, "0");
      expect(dated(await receipt(["rcpt-h2h"]))).toEqual([wita, minute, "WITA"]);
      const wit = (await shop.run(["receipt", "rcpt-h2h"], { env: { RESELLER_TIME_ZONE: "Asia/Jayapura" } })).stdout;
      expect(dated(wit)).toEqual([String((Number(hour) + 2) % 24).padStart(2, "0"), minute, "WIT"]);

      const refused = await shop.run(["config", "set", "time_zone", "Asia/Atlantis"]);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toMatch(/time_zone must be a time zone such as Asia\/Jakarta .*"Asia\/Atlantis"/);
      expect(dated(await receipt(["rcpt-h2h"]))[2]).toBe("WITA");
    } finally {
      await shop.run(["config", "set", "time_zone", "Asia/Jakarta"]);
    }
  });

  it("no price when no rule priced the sale", async () => {
    const other = resellerInProcess(harness);
    try {
      const r = await whileAdvancing(
        harness.emulator,
        other.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "rcpt-noprice", "--yes"]),
      );
      expect(r.exitCode, r.stderr).toBe(0);
      const text = (await other.run(["receipt", "rcpt-noprice"])).stdout;
      expect(text).not.toMatch(/Harga|Rp /);
    } finally {
      rmSync(other.configDir, { recursive: true, force: true });
    }
  });
});

describe("receipt of a partly delivered SMM order", () => {
  it("sebagian: how many arrived, and the customer's share back in selling prices", async () => {
    const unit = (await shop.run(["item", "23"], { mode: "json" })).json().data.price;
    // The whole line priced at once: 300 at cost, +10%, rounded up to Rp 500.
    const total = Math.ceil(Math.ceil(unit * 300 * 1.1) / 500) * 500;
    const ref = await bought(
      "rcpt-partial",
      ["--item", "23", "--qty", "300", "--target", "https://instagram.com/partial_shop"],
      1,
    );
    const json = (await shop.run(["receipt", ref], { mode: "json" })).json();
    expect(json, JSON.stringify(json)).toMatchObject({ status: "partial", verdict: "partial", total });
    const delivered = json.lines[0].delivered;
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThan(300);
    expect(json.refund).toBe(Math.round((total * (300 - delivered)) / 300));
    const id = await receipt([ref]);
    expect(id).toContain(`\nTerkirim: ${delivered} dari 300\n`);
    expect(id).toContain("\nStatus: SEBAGIAN — sisa dana dikembalikan\n");
    expect(id).toContain(`\nDana dikembalikan: Rp ${json.refund.toLocaleString("id-ID")}\n`);
    const en = await receipt([ref, "--lang", "en"]);
    expect(en).toContain(`\nDelivered: ${delivered} of 300\n`);
    expect(en).toContain("\nStatus: PARTLY DELIVERED — the rest refunded\n");
  });
});

describe("receipts when buying", () => {
  it("buy --receipt prints the receipt after the delivery, and --json carries its fields", async () => {
    const r = await whileAdvancing(
      harness.emulator,
      shop.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567892", "--receipt", "--yes"]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /\nSTRUK PEMBELIAN\nTanggal: .*\nNo\. Ref: RSL-[\w-]+\n\nProduk: .*\nTujuan: 081234567892\nSN: \d+\n\nHarga: Rp 13\.500\nStatus: SUKSES\n\nTerima kasih\.\n$/,
    );
    const json = await whileAdvancing(
      harness.emulator,
      shop.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567893", "--receipt", "--yes"], { mode: "json" }),
    );
    expect(json.exitCode, json.stderr).toBe(0);
    expect(json.json().receipt).toMatchObject({
      status: "success",
      total: 13_500,
      lines: [{ customer: "081234567893" }],
    });
  });

  it("buy --file --receipts FILE: one receipt per delivered order, separated, none for a failed one", async () => {
    const dir = makeTempDir("reseller-receipts-");
    {
      const orders = join(dir, "orders.csv");
      writeFileSync(orders, "item_id,quantity,note\n12,1,081234560001\n12,1,0812\n3,1,\n12,1,081234560002\n");
      const file = join(dir, "receipts.txt");
      const r = await whileAdvancing(
        harness.emulator,
        shop.run(["buy", "--file", orders, "--receipts", file, "--no-check", "--again", "--yes"]),
      );
      expect(r.exitCode).toBe(1);
      const receipts = readFileSync(file, "utf8").split("\n====================\n\n");
      expect(receipts).toHaveLength(3);
      for (const text of receipts) {
        expect(text.startsWith("STRUK PEMBELIAN\n")).toBe(true);
        expect(text).toContain("\nStatus: SUKSES\n");
      }
      const customers = receipts.map((t) => /Tujuan: (\d+)/.exec(t)?.[1] ?? "licence").sort();
      expect(customers).toEqual(["081234560001", "081234560002", "licence"]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it("buy --file --receipts appends to the file, keeping the receipts already in it; a device or FIFO is refused naming --receipts, nothing bought", async () => {
    const dir = makeTempDir("reseller-receipts-");
    const orders = join(dir, "orders.csv");
    writeFileSync(orders, "item_id,quantity,note\n12,1,081234560031\n");
    const file = join(dir, "receipts.txt");
    writeFileSync(file, "STRUK PEMBELIAN\nNo. Ref: an-earlier-sale\n", { mode: 0o644 });
    const r = await whileAdvancing(
      harness.emulator,
      shop.run(["buy", "--file", orders, "--receipts", file, "--no-check", "--again", "--yes"]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const receipts = readFileSync(file, "utf8").split("\n====================\n\n");
    expect(receipts).toHaveLength(2);
    expect(receipts[0]).toBe("STRUK PEMBELIAN\nNo. Ref: an-earlier-sale\n");
    expect(receipts[1]).toContain("Tujuan: 081234560031");
    expect(statSync(file).mode & 0o777).toBe(0o600);

    for (const special of notRegularFiles()) {
      const before = statSync(special.path).mode;
      const bought = harness.accountOf().transactions.length;
      const refused = await shop.run(["buy", "--file", orders, "--receipts", special.path, "--again", "--yes"]);
      expect(refused.exitCode, `${special.kind}: ${refused.stderr}`).toBe(2);
      expect(refused.stderr).toContain(`Cannot write receipts to ${special.path}`);
      expect(refused.stderr).toContain("with --receipts");
      expect(refused.stderr).not.toContain("--out");
      expect(statSync(special.path).mode).toBe(before);
      expect(harness.accountOf().transactions.length).toBe(bought);
    }
  });

  it("--receipt belongs to one order, --receipts to a file", async () => {
    const one = await shop.run(["buy", "--file", "orders.csv", "--receipt"]);
    expect(one.exitCode).toBe(2);
    expect(one.stderr).toContain("--receipts FILE");
    const many = await shop.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--receipts", "r.txt"]);
    expect(many.exitCode).toBe(2);
    expect(many.stderr).toContain("--receipts goes with --file");
  });
});
