/**
 * Words a reseller would say, in Indonesian at 80 columns, against the emulator: an item's name with
 * its product said once, a manual order's text named the seller's note (not a licence), help in the
 * glossary's words, a refused connection said plainly, two doubts in history as one note, and the
 * service's own words quoted.
 */
import { describe, expect, it } from "vitest";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { closedPort, useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";
import { buy, makeSecret, manualOrder, pointServiceAt, until, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();
const at80 = { mode: "table" as const, env: { ...indonesian, COLUMNS: "80" } };

describe("words a reseller says", () => {
  it("an item whose name repeats its product's words is named with them once: Jasa Desain Logo Custom", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const prices = await reseller.run(["prices", "--search", "Jasa"], at80);
    expect(prices.exitCode, prices.stderr).toBe(0);
    const said = prices.stdout.replace(/[│\s]+/g, " ");
    expect(said).toContain("Jasa Desain Logo Custom");
    expect(said).toMatch(/Jasa Joki Mobile Legends Epic ke Legend/);
    expect(said).not.toMatch(/Desain Desain|Legends Joki/);
  });

  it("the listener names a manual order's text the seller's note, not a licence", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
    await makeSecret(reseller);
    const listener = await listen(reseller, [], at80);
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, manualOrder("words-manual"));
    harness.emulator.clock.advance(300_000);
    await until("the manual order's text", () => /words-manual[^\n]*\n?[^\n]*Joki selesai/.test(listener.stdout()));
    const { stdout } = await listener.stop();
    const line = stdout.replace(/\s+/g, " ");
    expect(line).toMatch(/catatan penjual Joki selesai, akun sudah Legend V\./);
    expect(line).not.toMatch(/lisensi/);
    expect(englishIn(stdout.replace(/\border\.[a-z_.]+/g, " "), statusWords)).toEqual([]);
  });

  it("help says one word for one thing, the glossary's: event, pengganti, keaslian, nonaktif", async () => {
    const reseller = resellerInProcess(harness);
    const said: string[] = [];
    for (const command of [
      ["webhook"],
      ["webhook", "listen"],
      ["webhook", "set"],
      ["webhook", "test"],
      ["buy"],
      ["environment"],
    ]) {
      const r = await reseller.run(["help", ...command], { env: indonesian });
      expect(r.exitCode, r.stderr).toBe(0);
      said.push(r.stdout);
    }
    const help = said.join("\n");
    expect(help).toMatch(/tiap event/);
    expect(help).not.toMatch(/peristiwa|verifikasi|alternatif\b/);
    // Off is nonaktif, as the webhook's own switch says it; `mati` is a machine switched off.
    expect(help).toMatch(/\(bawaan nonaktif\)/);
    expect(help).not.toMatch(/\bmati\b/);
  });

  it("a refused connection is said as a reseller says it, not as a socket's error", async () => {
    const port = await closedPort();
    const r = await resellerInProcess(harness).run(
      ["balance", "--base-url", `http://127.0.0.1:${port}`, "--timeout", "1"],
      {
        env: { ...indonesian, RESELLER_MAX_RETRIES: "0" },
      },
    );
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain("koneksi ditolak: tidak ada layanan yang berjalan di alamat dan port itu");
    expect(r.stderr).not.toMatch(/mendengarkan/);
  });

  it("history says an unknown outcome and a purchase not yet delivered in one note, each by its own word", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "words-bought"]);
    harness.emulator.faults.configure({ drop_before_commit_next: 10, match: { method: "POST", path: "/v1/trx" } });
    const lost = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567891", "--yes"]);
    harness.emulator.faults.reset();
    expect(lost.exitCode).toBe(5);
    const r = await reseller.run(["history", "--no-refresh"], at80);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^! 1 hasil belum pasti, 1 masih diproses: cek `reseller reconcile`, lalu/m);
    expect(r.stderr.match(/belum pasti/g)).toHaveLength(1);
  });
});
