/**
 * The service client and the catalogue in Bahasa Indonesia: a search that finds nothing, an old copy
 * shown because the service cannot be reached, an answer that cannot be read, a --jq expression jq
 * cannot read and a network failure speak Indonesian under an Indonesian locale, say the same English
 * as before without one, and keep a JSON error's code and details byte for byte.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { closedPort, useEmulator } from "../support/emulator.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { englishIn, indonesian } from "../support/language.js";
import { resellerInProcess } from "./commands-harness.js";

/** Makes the kept copy look `ms` older, as if that much time had passed since it was checked. */
function age(configDir: string, ms: number): void {
  const dir = join(configDir, "catalogue");
  const file = join(dir, readdirSync(dir)[0]!);
  const text = readFileSync(file, "utf8");
  const first = text.slice(0, text.indexOf("\n"));
  const head = JSON.parse(first);
  head.synced_at -= ms;
  writeFileSync(file, JSON.stringify(head).padEnd(first.length, " ") + text.slice(first.length));
}

/**
 * English words of the tool's own left on a screen, leaving aside endpoints (`GET /v1/balance`), jq
 * expressions given as examples (`--jq '.data.balance'`) and a required field's key (`Nomor HP (note)`).
 */
const englishOn = (screen: string) => englishIn(screen.replace(/\/v1\/[\w/]*|'[^']*'|\([a-z_]+\)/g, " "));

/** A JSON error's document with its message (and suggestion) blanked: what must not follow the language. */
const withoutWords = (error: Record<string, unknown>) => ({ ...error, message: "", suggestion: "" });

const harness = useEmulator();

describe("the catalogue", () => {
  it("a search that finds nothing says so in Indonesian; English as before", async () => {
    const reseller = resellerInProcess(harness);
    const id = await reseller.run(["items", "--search", "zzzqqq"], { mode: "table", env: indonesian });
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.stdout).toBe("");
    expect(id.stderr).toContain("Tidak ada produk yang cocok.");
    expect(englishOn(id.stderr)).toEqual([]);

    const en = await reseller.run(["items", "--search", "zzzqqq"], { mode: "table" });
    expect(en.stderr).toContain("No items match.");
  });

  it("a category it does not have is named in Indonesian", async () => {
    const reseller = resellerInProcess(harness);
    const id = await reseller.run(["items", "--category", "Sembako"], { env: indonesian });
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toContain('Katalog tidak punya kategori "Sembako".');
    expect(id.stderr).toContain("Kategori: ");
    expect(englishOn(id.stderr)).toEqual([]);
  });

  it("an old copy shown while the service cannot be reached is said in Indonesian", async () => {
    const reseller = resellerInProcess(harness);
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    age(reseller.configDir, 2 * 60 * 1000);
    harness.emulator.faults.configure({ down: true });
    try {
      const env = { ...indonesian, RESELLER_MAX_RETRIES: "0" };
      const id = await reseller.run(["items", "--search", "tsel10"], { env });
      expect(id.exitCode, id.stderr).toBe(0);
      expect(id.stdout.split("\t")[0]).toBe("12");
      expect(id.stderr).toMatch(/Menampilkan katalog seperti saat dicek 2 menit lalu\./);
      expect(englishOn(id.stderr)).toEqual([]);

      const en = await reseller.run(["items", "--search", "tsel10"], { env: { RESELLER_MAX_RETRIES: "0" } });
      expect(en.stderr).toMatch(/Showing the catalogue as checked 2 min ago\./);
    } finally {
      harness.emulator.faults.reset();
    }
  });

  it("items --changes: the table, its kinds and the lines around it in Indonesian; piped rows as before", async () => {
    const reseller = resellerInProcess(harness);
    const first = await reseller.run(["items", "--changes"], { env: indonesian });
    expect(first.stderr).toContain("Belum ada salinan katalog sebelumnya untuk dibandingkan");
    expect(englishOn(first.stderr)).toEqual([]);
    const price = (await reseller.run(["items", "--json"])).json().items.find((i: { id: number }) => i.id === 13).price;
    harness.emulator.clock.advance(5_000);
    harness.emulator.setItemPrice(13, price + 1_000);
    try {
      const id = await reseller.run(["items", "--changes"], { mode: "table", env: { ...indonesian, COLUMNS: "80" } });
      expect(id.exitCode, id.stderr).toBe(0);
      expect(id.stdout).toMatch(/│ Perubahan +│ ID +│ .*│ Harga lama +│ Harga baru +│/);
      expect(id.stdout).toMatch(/│ harga +│ 13 +│/);
      expect(id.stderr).toMatch(/^1 perubahan sejak /m);
      expect(englishOn(id.stdout + id.stderr)).toEqual([]);
      const again = await reseller.run(["items", "--changes"], { env: indonesian });
      expect(again.stderr).toMatch(/^Tidak ada perubahan sejak /m);
    } finally {
      harness.emulator.setItemPrice(13, price);
    }
  });

  it("item ID: its labels in Indonesian on a terminal; piped, the labels scripts read stay", async () => {
    const reseller = resellerInProcess(harness);
    const id = await reseller.run(["item", "12"], { mode: "table", env: { ...indonesian, COLUMNS: "80" } });
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.stdout).toMatch(/^Minimal order +\d+$/m);
    // The description is the service's own text.
    expect(englishOn(id.stdout.split("\nDeskripsi")[0]!)).toEqual([]);
    const pipedId = await reseller.run(["item", "12"], { env: indonesian });
    const pipedEn = await reseller.run(["item", "12"]);
    expect(pipedId.stdout).toBe(pipedEn.stdout);
    expect(pipedEn.stdout).toMatch(/^minimum_order\t\d+$/m);
  });
});

describe("an answer that cannot be read", () => {
  const server = useHostileServer();
  server.routes.set("GET /v1/balance", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<h1>Galat</h1>");
  });
  server.routes.set("GET /v1/trx", json(200, { message: "OK", data: null }));
  const env = () => ({
    RESELLER_BASE_URL: server.baseUrl,
    RESELLER_API_KEY: "rk_test_0000",
    RESELLER_CONFIG_DIR: makeConfigDir(),
  });

  it("is said in Indonesian; --json keeps its code and details, only the message follows", async () => {
    const id = await runInProcess(["balance"], { env: { ...env(), ...indonesian } });
    expect(id.exitCode).toBe(1);
    expect(id.stderr).toContain(`Layanan menjawab GET /v1/balance dengan sesuatu yang bukan JSON (HTTP 200).`);
    expect(englishOn(id.stderr)).toEqual([]);

    const en = await runInProcess(["balance", "--json"], { env: env() });
    const idJson = await runInProcess(["balance", "--json"], { env: { ...env(), ...indonesian } });
    expect(en.errorJson().error.message).toBe(
      "The service answered GET /v1/balance with something that is not JSON (HTTP 200).",
    );
    expect(withoutWords(idJson.errorJson().error)).toEqual(withoutWords(en.errorJson().error));
  });

  it("a list that is not there is said in Indonesian", async () => {
    const id = await runInProcess(["trx", "list"], { env: { ...env(), ...indonesian } });
    expect(id.exitCode).toBe(1);
    expect(id.stderr).toContain("Jawaban layanan untuk GET /v1/trx tidak berisi daftar (data-nya null).");
    expect(englishOn(id.stderr)).toEqual([]);
    const en = await runInProcess(["trx", "list"], { env: env() });
    expect(en.stderr).toContain("The service's answer to GET /v1/trx has no list (data is null).");
  });
});

describe("trx list with nothing to list", () => {
  it("says so in Indonesian; English as before", async () => {
    const reseller = resellerInProcess(harness);
    const args = ["trx", "list", "--status", "failed", "--page", "2"];
    const id = await reseller.run(args, { env: indonesian });
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.stderr).toBe("Tidak ada transaksi berstatus failed di halaman 2.\n");
    const en = await reseller.run(args);
    expect(en.stderr).toBe("No transactions with status failed on page 2.\n");
  });
});

describe("a --jq expression jq cannot read", () => {
  const env = () => harness.accountEnv();

  it("is refused in Indonesian before anything is sent; the code stays", async () => {
    const id = await runInProcess(["balance", "--jq", ".data | ["], { env: { ...env(), ...indonesian } });
    const en = await runInProcess(["balance", "--jq", ".data | ["], { env: env() });
    expect(id.exitCode).toBe(2);
    const error = id.errorJson().error;
    expect(error.code).toBe("JQ_SYNTAX");
    expect(error.message).toMatch(/^--jq: jq tidak bisa membaca ekspresinya: /);
    // jq's own words follow; the tool's own are Indonesian.
    expect(englishOn(`${error.message.split(": ").slice(0, 2).join(": ")} ${error.suggestion}`)).toEqual([]);
    expect(en.errorJson().error.message).toBe(
      `--jq: ${error.message.replace(/^--jq: jq tidak bisa membaca ekspresinya: /, "")}`,
    );
    expect(withoutWords(error)).toEqual(withoutWords(en.errorJson().error));
  });

  it("a filter that fails on the answer says so in Indonesian", async () => {
    const id = await runInProcess(["balance", "--jq", ".data.balance | keys"], { env: { ...env(), ...indonesian } });
    expect(id.exitCode).toBe(1);
    const error = id.errorJson().error;
    expect(error.code).toBe("JQ_ERROR");
    expect(error.message).toMatch(/^--jq: saringan gagal: /);
    expect(englishOn(error.suggestion ?? "")).toEqual([]);
  });
});

describe("a network failure", () => {
  it("is said in Indonesian, retries too; --json keeps the code and details", async () => {
    const port = await closedPort();
    const env = {
      RESELLER_BASE_URL: `http://127.0.0.1:${port}`,
      RESELLER_API_KEY: "rk_test_0000",
      RESELLER_CONFIG_DIR: makeConfigDir(),
    };
    const id = await runInProcess(["balance"], { env: { ...env, ...indonesian } });
    expect(id.exitCode).toBe(4);
    expect(id.stderr).toMatch(/^! Mencoba lagi GET \/v1\/balance dalam \d+(?:,\d)? detik \(percobaan 2 dari 3; /m);
    expect(id.stderr).toContain(`Layanan di http://127.0.0.1:${port} tidak bisa dihubungi: koneksi ditolak`);
    expect(id.stderr).toContain("Saran: Periksa jaringan Anda");
    expect(englishOn(id.stderr)).toEqual([]);

    const en = await runInProcess(["balance", "--json"], { env });
    const idJson = await runInProcess(["balance", "--json"], { env: { ...env, ...indonesian } });
    expect(en.errorJson().error.message).toBe(
      `The service at http://127.0.0.1:${port} could not be reached: the connection was refused (nothing listens at that address and port); nothing was sent.`,
    );
    expect(en.errorJson().error.code).toBe("ECONNREFUSED");
    expect(withoutWords(idJson.errorJson().error)).toEqual(withoutWords(en.errorJson().error));
  });
});
