/** `reseller topup` from flags, as scripts and people at a (forced) terminal layout see it. */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";

const harness = useEmulator();
const account = () => harness.accountOf();
const cli = () => resellerInProcess(harness);

describe("topup --amount --channel", () => {
  it("--json prints the service's body unchanged, extra fields kept", async () => {
    const result = await cli().run(["topup", "--amount", "50000", "--channel", "QRIS", "--json"]);
    expect(result.exitCode).toBe(0);
    const body = result.json();
    expect(body.message).toBe("OK");
    expect(body.data).toMatchObject({ amount: 50_000, fee: 750, total: 50_750, channel: "QRIS" });
    expect(body.data.payment_url).toBe(`${harness.emulator.baseUrl}/pay/${account().top_ups.at(-1)!.payment_token}`);
    expect(result.stdout.trim().split("\n")).toHaveLength(1); // one line when piped
  });

  it("piped: one tab-separated row with the link in the first column, raw numbers and an ISO time", async () => {
    const result = await cli().run(["topup", "--amount", "50.000", "--channel", "BRIVA"]);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout.trimEnd().split("\n");
    expect(rows).toHaveLength(1);
    const [link, amount, fee, total, channel, expires] = rows[0]!.split("\t");
    expect(link).toMatch(new RegExp(`^${harness.emulator.baseUrl}/pay/\\w+$`));
    expect([amount, fee, total, channel]).toEqual(["50000", "3500", "53500", "BRIVA"]);
    expect(Date.parse(expires!) - Date.now()).toBeGreaterThan(59 * 60_000);
    // No QR code or countdown in a pipe: nothing for people but nothing in the way either.
    expect(result.stderr).not.toMatch(/[█▀▄]/);
    expect(result.stderr).not.toContain("Waiting for payment");
  });

  it("at a terminal layout: the link highlighted, amount, fee, total and expiry in local time", async () => {
    const result = await cli().run(["topup", "--amount", "100000", "--channel", "DANA"], {
      env: { RESELLER_FORCE_TTY: "1" },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Payment link\s+http:\/\/127\.0\.0\.1:\d+\/pay\/\w+/);
    expect(result.stdout).toMatch(/Channel\s+DANA – DANA/);
    expect(result.stdout).toMatch(/Amount\s+Rp 100\.000/);
    expect(result.stdout).toMatch(/Fee\s+Rp 1\.500/);
    expect(result.stdout).toMatch(/Total to pay\s+Rp 101\.500/);
    expect(result.stdout).toMatch(/Expires\s+\d{1,2} \w{3,4} \d{4} \d\d:\d\d:\d\d WIB \(in (1h 00m|59m)/);
  });

  it("matches the channel code regardless of case and sends it as the service spells it", async () => {
    const result = await cli().run(["topup", "--amount", "10000", "--channel", "shopeepay", "--json"]);
    expect(result.exitCode).toBe(0);
    expect(account().top_ups.at(-1)).toMatchObject({ channel: "SHOPEEPAY", amount: 10_000 });
  });

  it("an unknown channel is exit 2 listing the codes, and nothing is requested", async () => {
    const before = account().top_ups.length;
    const result = await cli().run(["topup", "--amount", "50000", "--channel", "GOPAY"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('There is no payment channel "GOPAY"');
    expect(result.stderr).toContain("QRIS, BCAVA, BRIVA, MANDIRIVA, BNIVA, PERMATAVA, DANA, OVO, SHOPEEPAY, ALFAMART");
    expect(account().top_ups).toHaveLength(before);
  });

  it.each([["9999"], ["9.999"], ["abc"], ["-50000"]])(
    "--amount %s is exit 2 before anything is sent",
    async (amount) => {
      const before = account().top_ups.length;
      const result = await cli().run(["topup", "--amount", amount, "--channel", "QRIS"]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain("--amount");
      expect(account().top_ups).toHaveLength(before);
    },
  );

  it("the link can be paid on the emulator's page, and the balance rises by the amount", async () => {
    const before = account().balance;
    const result = await cli().run(["topup", "--amount", "75000", "--channel", "QRIS"]);
    const link = result.stdout.split("\t")[0]!;
    expect((await fetch(link)).status).toBe(200);
    expect(await (await fetch(link, { method: "POST" })).text()).toContain("Payment received");
    const balance = await cli().run(["balance", "--json"]);
    expect(balance.json().data.balance).toBe(before + 75_000);
  });

  it("without a key it is exit 3 and nothing is asked", async () => {
    const result = await resellerInProcess(harness, "").run(["topup", "--amount", "50000", "--channel", "QRIS"]);
    expect(result.exitCode).toBe(3);
  });
});
