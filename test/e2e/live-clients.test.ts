/**
 * The answers other people's live clients meet (real-service-notes §12), met by the built `reseller`
 * over real HTTP against the emulator with the matching switch on: licences in `licenses[]`, channels
 * in the other key set, a QR-only top-up, no lock held (404), a 2xx that says `success:true`, a base
 * URL ending in /api, and the nested catalogue `reseller emulator` serves by default.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startReseller, runReseller, makeConfigDir } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs, whileAdvancing } from "./commands-harness.js";

const harness = useEmulator({ dialect: "live" });
const cli = () => resellerAs(harness);
afterEach(() => {
  harness.emulator.faults.reset();
  harness.emulator.setDialect("live");
});

/** The licences the service holds for a transaction, one per unit, read straight from its answer. */
async function licencesOf(ref: string): Promise<string[]> {
  const response = await fetch(`${harness.emulator.baseUrl}/v1/trx/${ref}`, {
    headers: { "X-APIKEY": harness.emulator.demoApiKey, Accept: "application/json" },
  });
  const body = (await response.json()) as any;
  expect(body.data.items[0].product_license).toBeNull();
  return body.data.items[0].licenses.map((l: any) => l.product_license);
}

describe("licences sent as items[].licenses[] (product_license null)", () => {
  it("buy --wait prints both licences of a quantity of 2, and trx show prints them again", async () => {
    harness.emulator.faults.configure({ licence_field: "list" });
    const bought = await whileAdvancing(
      harness.emulator,
      cli().run(["buy", "--item", "3", "--qty", "2", "--ref-id", "lic-list-1", "--wait", "--yes"], {
        mode: "table",
        timeoutMs: 30_000,
      }),
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    const licences = await licencesOf("lic-list-1");
    expect(licences).toHaveLength(2);
    expect(new Set(licences).size).toBe(2);
    for (const licence of licences) expect(bought.stdout).toContain(licence);
    expect(bought.stdout).not.toContain("Nothing to hand over");

    const shown = await cli().run(["trx", "show", "lic-list-1"]);
    expect(shown.exitCode).toBe(0);
    const rows = shown.stdout.split("\n").filter((line) => line.startsWith("licence\t"));
    expect(rows).toEqual(licences.map((licence) => `licence\t3\t${licence}`));

    const table = await cli().run(["trx", "show", "lic-list-1"], { mode: "table" });
    for (const licence of licences) expect(table.stdout).toContain(licence);
  });
});

describe("payment channels keyed service/minimum/maximum/fee_flat/fee_percentage/status", () => {
  it("channels lists them with the percent fee, the limits and the one switched off", async () => {
    harness.emulator.faults.configure({ channel_keys: "service" });
    const table = await cli().run(["channels"], { mode: "table", env: { COLUMNS: "160" } });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/GOPAY[\s│]+GoPay[\s│]+Rp 500 \+ 1\.5%[\s│]+Rp 10\.000 – Rp 2\.000\.000/);
    expect(table.stdout).toMatch(/QRIS[\s│]+.*Rp 750/);
    expect(table.stdout).toMatch(/LINKAJA[\s│]+LinkAja \(switched off\)/);
    const piped = await cli().run(["channels"]);
    const rows = piped.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t"));
    expect(rows.find((r) => r[0] === "GOPAY")).toEqual(["GOPAY", "GoPay", "500", "1.5", "10000", "2000000", "on"]);
    expect(rows.find((r) => r[0] === "LINKAJA")?.at(-1)).toBe("off");
    expect(rows).toHaveLength(12);
  });

  it("topup shows the service's own fee and total for a percent fee", async () => {
    harness.emulator.faults.configure({ channel_keys: "service" });
    const result = await cli().run(["topup", "--amount", "100001", "--channel", "gopay", "--yes"], { mode: "table" });
    expect(result.exitCode, result.stderr).toBe(0);
    const topUp = harness.accountOf().top_ups.at(-1)!;
    expect(topUp).toMatchObject({ channel: "GOPAY", amount: 100_001, fee: 2_001 });
    expect(result.stdout).toMatch(/Fee\s+Rp 2\.001/);
    expect(result.stdout).toMatch(/Total to pay\s+Rp 102\.002/);
    const piped = await cli().run(["topup", "--amount", "100001", "--channel", "GOPAY"]);
    expect(piped.stdout.split("\t").slice(1, 5)).toEqual(["100001", "2001", "102002", "GOPAY"]);
  });

  it("a switched-off channel is refused before anything is sent: exit 2, nothing requested", async () => {
    harness.emulator.faults.configure({ channel_keys: "service" });
    const before = harness.accountOf().top_ups.length;
    const sent = harness.emulator.requestBodies("/v1/balance").length;
    const result = await cli().run(["topup", "--amount", "50000", "--channel", "LINKAJA", "--yes"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("LINKAJA is switched off");
    expect(harness.accountOf().top_ups).toHaveLength(before);
    expect(harness.emulator.requestBodies("/v1/balance")).toHaveLength(sent);
  });
});

describe("a top-up answered with a QR link only", () => {
  it("exits 0 showing the QR link and the invoice; piped, the QR link is the first column", async () => {
    harness.emulator.faults.configure({ top_up_link: "qr_link" });
    const result = await cli().run(["topup", "--amount", "50000", "--channel", "QRIS", "--yes"], { mode: "table" });
    expect(result.exitCode, result.stderr).toBe(0);
    const token = harness.accountOf().top_ups.at(-1)!.payment_token;
    expect(result.stdout).toMatch(new RegExp(`QR link\\s+${harness.emulator.baseUrl}/pay/${token}\\?view=qr`));
    expect(result.stdout).toMatch(new RegExp(`Invoice\\s+DEP${token.slice(0, 12).toUpperCase()}`));
    expect(result.stdout).not.toContain("Payment link");
    expect(result.stdout).toMatch(/Total to pay\s+Rp 50\.750/);
    const piped = await cli().run(["topup", "--amount", "50000", "--channel", "QRIS"]);
    expect(piped.exitCode).toBe(0);
    const fields = piped.stdout.trimEnd().split("\t");
    expect(fields[0]).toMatch(/\/pay\/\w+\?view=qr$/);
    expect(fields.slice(6)).toEqual([fields[0], expect.stringMatching(/^DEP[A-Z0-9]{12}$/)]);
    // Two requests, two top-ups: each answer was taken as the success it was, nothing retried.
    expect(harness.accountOf().top_ups.filter((t) => t.channel === "QRIS").length).toBeGreaterThanOrEqual(2);
  });
});

describe("locks", () => {
  it("lock list with none held (404 ITEM_NOT_FOUND) exits 0 saying so; --json prints the service's body", async () => {
    const none = await cli().run(["lock", "list"], { mode: "table" });
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stderr).toContain("No locks held");
    expect(none.stdout).toBe("");
    const json = await cli().run(["lock", "list"], { mode: "json" });
    expect(json.exitCode).toBe(0);
    expect(json.json()).toEqual({ message: "ITEM_NOT_FOUND" });
  });

  it("a release answered 200 {success:true, message:LOCK_RELEASED} is a success", async () => {
    harness.emulator.setDialect("live-short");
    const token = (await cli().run(["lock", "add", "--item", "4", "--qty", "1"])).stdout.trim();
    expect(token).toMatch(/^LCK-/);
    const released = await cli().run(["lock", "release", token]);
    expect(released.exitCode, released.stderr).toBe(0);
    expect(released.stderr).toContain(`Released ${token}`);
    expect(harness.accountOf().locks.find((l) => l.lock_token === token)?.status).toBe("released");
    const json = await cli().run(["lock", "add", "--item", "4", "--qty", "1"]);
    const again = await cli().run(["lock", "release", json.stdout.trim()], { mode: "json" });
    expect(again.exitCode).toBe(0);
    expect(again.json()).toEqual({ success: true, message: "LOCK_RELEASED" });
  });
});

describe("a base URL ending in /api, as the live service's", () => {
  it("works as well as the bare address", async () => {
    const env = { RESELLER_BASE_URL: `${harness.emulator.baseUrl}/api` };
    const balance = await cli().run(["balance"], { env });
    expect(balance.exitCode, balance.stderr).toBe(0);
    expect(balance.stdout.trimEnd().split("\t").at(-1)).toBe(String(harness.accountOf().balance));
    const item = await cli().run(["item", "12"], { env });
    expect(item.exitCode).toBe(0);
    expect(item.stdout).toContain("Pulsa Telkomsel 10.000");
    const bought = await cli().run(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "via-api-base", "--yes"],
      { env },
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(harness.accountOf().transactions.some((t) => t.ref_id === "via-api-base")).toBe(true);
  });
});

describe("reseller emulator, started with its defaults", () => {
  it("serves a catalogue in which a reader written for the live nested shape finds every variant", async () => {
    // Only --port 0 (a free port, so tests never collide on 8787); every other setting is the default.
    const emulator = startReseller(["emulator", "--port", "0"], {
      env: { RESELLER_CONFIG_DIR: makeConfigDir() },
      timeoutMs: 60_000,
    });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const found = /^export RESELLER_BASE_URL=(\S+)$/m.exec(emulator.output().stdout);
          if (found) {
            clearInterval(timer);
            resolve(found[1]!);
          }
        }, 50);
        void emulator.done.then(() => reject(new Error(`the emulator stopped: ${emulator.output().stderr}`)));
      });
      const apiKey = /^export RESELLER_API_KEY=(\S+)$/m.exec(emulator.output().stdout)![1]!;
      // The reader live shops and bots use: GET {base}/api/v1/item?per_page=all, walk data[] → products[] → variants[].
      const response = await fetch(`${baseUrl}/api/v1/item?per_page=all`, {
        headers: { "X-APIKEY": apiKey, Accept: "application/json" },
      });
      const body = (await response.json()) as any;
      const found: number[] = [];
      for (const category of body.data ?? [])
        for (const product of category.products ?? [])
          for (const variant of product.variants ?? []) found.push(variant.id);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBe(body.meta.total_items);
      expect(body.meta.is_delta).toBe(false);
      expect(typeof body.server_time).toBe("string");
      // Every variant the service sells, as its own item pages say: none missed by the nested reader.
      const onSale = (await (
        await fetch(`${baseUrl}/__emulator/state`, { headers: { "X-APIKEY": apiKey } })
      ).json()) as any;
      expect(found.sort((a, b) => a - b)).toEqual(
        onSale.items
          .filter((i: any) => i.active)
          .map((i: any) => i.id)
          .sort((a: number, b: number) => a - b),
      );
      // The CLI reads the same answer.
      const items = await runReseller(["items", "--category", "Pulsa"], {
        env: { RESELLER_BASE_URL: `${baseUrl}/api`, RESELLER_API_KEY: apiKey, RESELLER_CONFIG_DIR: makeConfigDir() },
      });
      expect(items.exitCode, items.stderr).toBe(0);
      expect(items.stdout).toMatch(/^12\tPulsa\tPulsa Telkomsel\t10\.000\t/m);
    } finally {
      emulator.child.kill("SIGTERM");
      await emulator.done;
    }
  });
});
