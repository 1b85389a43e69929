/**
 * The listener for a shop: each line names the item and the customer, and `--receipts FILE` appends
 * the receipt of each delivered order once, from the transaction the event was confirmed with.
 */
import { readFileSync, statSync } from "node:fs";
import { notRegularFiles } from "../support/special-files.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { makeTempDir } from "../support/temp-dir.js";
import { resellerInProcess } from "./commands-harness.js";
import { buy, makeSecret, pointServiceAt, until, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();

describe("webhook listen for a shop", () => {
  it("names the item and the customer, and appends each delivered order's receipt once", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    expect((await reseller.run(["prices", "set", "--markup", "2000"])).exitCode).toBe(0);
    await makeSecret(reseller);
    const file = join(makeTempDir(), "receipts.txt");
    const listener = await listen(reseller, ["--receipts", file], { mode: "table" });
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "wh-shop-1"]);
    await buy(reseller, ["--item", "3", "--qty", "1", "--ref-id", "wh-shop-2"]);
    harness.emulator.clock.advance(6_000);
    await until("both orders completed", () => {
      const out = listener.stdout();
      return /order\.completed .*wh-shop-1/.test(out) && /order\.completed .*wh-shop-2/.test(out);
    });
    const { exitCode, stdout, stderr } = await listener.stop();
    expect(exitCode, stderr).toBe(0);
    // A terminal line wraps at 80 columns: read as one text.
    expect(stdout.replace(/\s+/g, " ")).toMatch(
      /order\.completed wh-shop-1 INV-\S+ completed \(delivered\) Pulsa Telkomsel 10\.000 → 081234567890 SN \d+/,
    );

    const receipts = readFileSync(file, "utf8").split("\n====================\n\n");
    expect(receipts).toHaveLength(2);
    const byRef = (ref: string) => receipts.find((r) => r.includes(`No. Ref: ${ref}\n`))!;
    expect(byRef("wh-shop-1")).toContain("\nTujuan: 081234567890\nSN: ");
    expect(byRef("wh-shop-1")).toContain("\nHarga: Rp 13.500\nStatus: SUKSES\n");
    expect(byRef("wh-shop-2")).toContain("\nAkun/Lisensi:\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("--receipts is a regular file only: a device or a FIFO is refused (exit 2) before the listener starts, its mode untouched", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const env = { RESELLER_WEBHOOK_SECRET: "a-secret-for-this-test" };
    for (const special of notRegularFiles()) {
      const before = statSync(special.path).mode;
      const r = await reseller.run(["webhook", "listen", "--port", "0", "--receipts", special.path], { env });
      expect(r.exitCode, `${special.kind}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`Cannot write receipts to ${special.path}`);
      expect(r.stderr).toContain("--receipts");
      expect(r.stderr).not.toMatch(/Listening/);
      expect(statSync(special.path).mode).toBe(before);
    }
  });
});
