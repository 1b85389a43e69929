/**
 * A partly delivered order is `partial`: part of it arrived and the rest was refunded. It is said
 * so (with the service's refund) in --json, piped rows, the terminal, --out, history and trx show,
 * with exit 1, in every dialect: the live one names the SMM refund (`refund_amount`), the short one
 * and the spec's only what remains, and the refund is then the price of what remains.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, whileAdvancing, writeCart, pipedRows } from "./commands-harness.js";

const dialects: Dialect[] = ["live", "live-short", "spec"];

for (const dialect of dialects) {
  describe(`partly delivered, ${dialect}`, () => {
    const harness = useEmulator({ dialect });

    it("an SMM order the panel finishes Partial: partial, the service's refund, exit 1, in every output", async () => {
      const apiKey = harness.apiKeyOf("Rumah Game Murah");
      const reseller = resellerInProcess(harness, apiKey);
      const before = harness.accountOf(apiKey).balance;
      const buy = (ref: string, mode: "json" | "plain" | "table") =>
        whileAdvancing(
          harness.emulator,
          reseller.run(
            [
              "buy",
              "--item",
              "23",
              "--qty",
              "300",
              "--target",
              `https://instagram.com/partial_shop_${ref}`,
              "--ref-id",
              ref,
              "--wait",
              "--yes",
            ],
            { mode },
          ),
          10,
          150,
        );
      const json = await buy(`p-json-${dialect}`, "json");
      expect(json.exitCode, json.stderr).toBe(1);
      const body = json.json();
      const afterOne = harness.accountOf(apiKey).balance;
      // What left the balance is the order's net: its amount less the refund.
      expect(body).toMatchObject({ outcome: "partial", net: before - afterOne });
      expect(body.refunded).toBeGreaterThan(0);
      expect(body.refunded + body.net).toBe(300 * 35);
      expect(body.delivered).toEqual([
        expect.objectContaining({
          line: 1,
          item_id: 23,
          ordered: 300,
          delivered: 300 - body.refunded / 35,
          state: "partial",
        }),
      ]);
      expect(json.errorJson().error).toMatchObject({
        code: "PARTLY_DELIVERED",
        details: { outcome: "partial", refunded: body.refunded },
      });

      const plain = await buy(`p-plain-${dialect}`, "plain");
      expect(plain.exitCode, plain.stderr).toBe(1);
      expect(plain.stdout.trimEnd().split("\n").at(-1)).toMatch(/^outcome\tpartial\t\d+$/);

      const table = await buy(`p-table-${dialect}`, "table");
      expect(table.exitCode, table.stderr).toBe(1);
      expect(table.stderr).toMatch(/Partly delivered: line 1 delivered \d+ of 300; Rp [\d.]+ refunded\./);
      expect(table.stderr).toMatch(/^ {2}outcome: partly delivered; charged, the undelivered part refunded$/m);
      expect(table.stderr).not.toMatch(/✓ Delivered|Delivered:/);

      // history says the same, with the refund, and trx show's piped verdict row too.
      const [entry] = (await reseller.run(["history", "--limit", "1", "--json"])).json();
      expect(entry).toMatchObject({ ref_id: `p-table-${dialect}`, verdict: "partial" });
      expect(entry.refunded).toBeGreaterThan(0);
      const shown = await reseller.run(["trx", "show", `p-json-${dialect}`]);
      expect(shown.stdout.trimEnd().split("\n").at(-1)).toBe(`outcome\tpartial\t${body.refunded}`);
      const listed = await reseller.run(["history"], { mode: "table", env: { COLUMNS: "200" } });
      expect(listed.stdout).toMatch(/partly delivered \(Rp [\d.]+ refunded\)/);
    });

    it("a cart of three with one failed line: partial with that line's refund, not 'delivery failed' with the whole amount", async () => {
      const apiKey = harness.apiKeyOf("Cahaya Voucher");
      const reseller = resellerInProcess(harness, apiKey);
      const cart = writeCart(reseller, [
        { item_id: 11, quantity: 1, note: "081266661001" },
        { item_id: 11, quantity: 1, note: "081266661002" },
        { item_id: 22, quantity: 1, note: "99990044" },
      ]);
      const before = harness.accountOf(apiKey).balance;
      const r = await whileAdvancing(
        harness.emulator,
        reseller.run(["buy", "--cart", cart, "--no-validate", "--ref-id", `cart-p-${dialect}`, "--wait", "--yes"], {
          mode: "json",
        }),
        5,
        200,
      );
      expect(r.exitCode, r.stderr).toBe(1);
      const body = r.json();
      expect(body).toMatchObject({ outcome: "partial", refunded: 19_000 });
      expect(body.net).toBe(before - harness.accountOf(apiKey).balance);
      expect(r.errorJson().error.message).toBe(
        "Partly delivered: line 3 for 99990044 not delivered; Rp 19.000 refunded.",
      );
      const [entry] = (await reseller.run(["history", "--limit", "1", "--json"])).json();
      expect(entry).toMatchObject({ verdict: "partial", refunded: 19_000 });
    });

    it("a file with a partial row: the row, --out and the summary say partial", async () => {
      const apiKey = harness.apiKeyOf("Sinar Digital Store");
      const reseller = resellerInProcess(harness, apiKey);
      const file = join(reseller.configDir, "orders.csv");
      const out = join(reseller.configDir, "results.jsonl");
      writeFileSync(
        file,
        `item_id,quantity,note,target\n23,300,,https://instagram.com/partial_bulk_${dialect}\n11,1,081266662001,\n`,
      );
      const r = await whileAdvancing(
        harness.emulator,
        reseller.run(["buy", "--file", file, "--wait", "--out", out, "--yes"]),
        10,
        150,
      );
      expect(r.exitCode, r.stderr).toBe(1);
      const rows = pipedRows(r.stdout);
      const partial = rows.find((row) => row[0] === "2")!;
      expect(partial[2]).toBe("partial");
      expect(Number(partial[10])).toBeGreaterThan(0);
      const written = readFileSync(out, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(written.find((w) => w.row === 2)).toMatchObject({ outcome: "partial", exit_code: 1 });
      expect(r.stderr).toMatch(/1 partly delivered \(Rp [\d.]+ refunded\)/);
      // What the wait saw is written against the row's purchase: history says it without asking the service.
      const [entry] = (await reseller.run(["history", "--no-refresh", "--limit", "2", "--json"]))
        .json()
        .filter((e: { ref_id: string }) => e.ref_id === partial[1]);
      expect(entry).toMatchObject({ verdict: "partial" });
      expect(entry.refunded).toBeGreaterThan(0);
    });
  });
}
