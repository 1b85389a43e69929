/**
 * A caller's own ref_id is the caller's identity of an order (a shop bot passes its order id): one the
 * journal has not seen is a new order, never asked about or refused as a repeat, for a single buy, a
 * cart, a lock, an open amount, SMM and an orders file's ref_id column; one it has seen is the service's to
 * settle (REF_ID_ALREADY_EXIST, exit 1, for a first attempt of a reused one). Both live dialects,
 * through main() (test/support/run-main.ts).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, writeCart } from "./commands-harness.js";

describe.each(["live", "live-short"] as const)("a caller's own ref_id (%s)", (dialect) => {
  const harness = useEmulator({ dialect });
  const onService = (apiKey: string) => harness.accountOf(apiKey).transactions;

  /** `buy … --yes --json` as a shop bot runs it, in its own config dir. */
  const botOf = (account: string) => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf(account));
    const buy = (...more: string[]) => reseller.run(["buy", ...more, "--yes"], { mode: "json" });
    return { reseller, buy };
  };

  it("a new --ref-id after the same order is bought, not refused; a reused one is REF_ID_ALREADY_EXIST, exit 1", async () => {
    const { reseller, buy } = botOf("Toko Makmur Jaya");
    expect((await buy("--item", "3", "--qty", "1")).exitCode).toBe(0);
    const first = await buy("--item", "3", "--qty", "1", "--ref-id", "TRX-20260210-001");
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.json().outcome).toBe("bought");
    // A first attempt that met a 500: retried with the same ref_id, bought once.
    harness.emulator.faults.configure({ error_next: 1, error_status: 500, match: { method: "POST", path: "/v1/trx" } });
    const flaky = await buy("--item", "3", "--qty", "1", "--ref-id", "HO-FLAKY-1");
    harness.emulator.faults.reset();
    expect(flaky.exitCode, flaky.stderr).toBe(0);
    for (const ref of ["TRX-20260210-001", "HO-FLAKY-1"])
      expect(onService(reseller.apiKey).filter((t) => t.ref_id === ref)).toHaveLength(1);

    // The caller's reused ref_id on a first attempt: the service's refusal, as the contract says.
    const count = onService(reseller.apiKey).length;
    const reused = await buy("--item", "3", "--qty", "1", "--ref-id", "TRX-20260210-001");
    expect(reused.exitCode, reused.stderr).toBe(1);
    expect(reused.errorJson().error.code).toBe("REF_ID_ALREADY_EXIST");
    expect(onService(reseller.apiKey)).toHaveLength(count);
  });

  it("a lock and a cart under a new --ref-id after the same order: bought", async () => {
    const { reseller, buy } = botOf("Sinar Digital Store");
    expect((await buy("--item", "3", "--qty", "1")).exitCode).toBe(0);
    const lock = await reseller.run(["lock", "add", "--item", "3", "--qty", "1"]);
    expect(lock.exitCode, lock.stderr).toBe(0);
    const locked = await buy("--item", "3", "--qty", "1", "--lock", lock.stdout.trim(), "--ref-id", "LOCK-1");
    expect(locked.exitCode, locked.stderr).toBe(0);
    const cart = writeCart(reseller, [
      { item_id: 12, quantity: 1, note: "081234561003" },
      { item_id: 3, quantity: 1 },
    ]);
    expect((await buy("--cart", cart)).exitCode).toBe(0);
    const carted = await buy("--cart", cart, "--ref-id", "CART-1");
    expect(carted.exitCode, carted.stderr).toBe(0);
    for (const ref of ["LOCK-1", "CART-1"])
      expect(onService(reseller.apiKey).filter((t) => t.ref_id === ref)).toHaveLength(1);
  });

  it("an open amount and SMM under a new --ref-id after the same order: bought", async () => {
    const { reseller, buy } = botOf("Mitra Top Up Nusantara");
    const nominal = ["--item", "29", "--nominal", "50000", "--note", "081234561001"];
    expect((await buy(...nominal)).exitCode).toBe(0);
    const open = await buy(...nominal, "--ref-id", "HO-SHORT-1");
    expect(open.exitCode, open.stderr).toBe(0);
    const smm = ["--item", "23", "--qty", "100", "--target", "https://instagram.com/tokoku"];
    expect((await buy(...smm)).exitCode).toBe(0);
    const followers = await buy(...smm, "--ref-id", "SMM-1");
    expect(followers.exitCode, followers.stderr).toBe(0);
    for (const ref of ["HO-SHORT-1", "SMM-1"])
      expect(onService(reseller.apiKey).filter((t) => t.ref_id === ref)).toHaveLength(1);
  });

  it("an orders file's ref_id column is the caller's: rows that match earlier purchases are bought, nothing asked", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    expect(
      (await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234561002", "--yes"])).exitCode,
    ).toBe(0);
    const file = join(reseller.configDir, "bot.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id\n12,1,081234561002,BOT-1\n12,1,081234561002,BOT-2\n");
    const count = onService(reseller.apiKey).length;
    const run = await reseller.run(["buy", "--file", file], { mode: "json", env: { RESELLER_NO_INPUT: "1" } });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(onService(reseller.apiKey)).toHaveLength(count + 2);
  });
});
