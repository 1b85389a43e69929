/**
 * `webhook listen` confirms each order event with GET /v1/trx, whose answer the service gives in more
 * than one shape (the short guide's results inside `data`, keyed `item_id`; the spec's beside it). The
 * event handed on carries the serial and the licence the service shows, whichever shape it came in.
 */
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";
import { buy, makeSecret, pointServiceAt, until, useListeners } from "./webhook-harness.js";

interface Event {
  event: string;
  data: {
    ref_id: string;
    items?: { h2h_results?: { sn?: string }; licenses?: { product_license: string }[] }[];
    item?: { licenses?: { product_license: string }[] };
  };
  confirmed?: { outcome?: string };
}

for (const dialect of ["live-short", "spec"] as Dialect[]) {
  describe(`webhook listen in the ${dialect} dialect`, () => {
    const harness = useEmulator({ dialect });
    const { listen } = useListeners();

    it("hands on order.completed with the serial the service shows, and order.item.sent with its licence", async () => {
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
      await makeSecret(reseller);
      const listener = await listen(reseller, [], { mode: "json" });
      await pointServiceAt(reseller, listener.url);
      const h2h = `wh-${dialect}-h2h`;
      const manual = `wh-${dialect}-manual`;
      await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", h2h]);
      await buy(reseller, ["--item", "10", "--qty", "1", "--note", "akun: joki@contoh.id", "--ref-id", manual]);
      const events = () =>
        listener
          .stdout()
          .split("\n")
          .filter((line) => line.trim())
          .map((line) => JSON.parse(line) as Event);
      const find = (ref: string, name: string) => events().find((e) => e.data.ref_id === ref && e.event === name);

      harness.emulator.clock.advance(6_000);
      await until("the h2h order.completed", () => find(h2h, "order.completed"));
      harness.emulator.clock.advance(300_000);
      await until("the manual order completed", () => find(manual, "order.completed"));

      const trx = (await reseller.run(["trx", "show", h2h, "--json"])).json();
      const serial = (trx.data.h2h_results ?? trx.h2h_results)[0].sn;
      expect(serial).toMatch(/^\d{20}$/);
      const completed = find(h2h, "order.completed")!;
      expect(completed.data.items?.[0]?.h2h_results?.sn).toBe(serial);
      expect(completed.confirmed?.outcome).toBe("delivered");
      const delivered = "Joki selesai, akun sudah Legend V. Silakan ganti password akun Anda.";
      expect(find(manual, "order.item.sent")!.data.item?.licenses?.[0]?.product_license).toBe(delivered);
      expect(find(manual, "order.completed")!.data.items?.[0]?.licenses?.[0]?.product_license).toBe(delivered);
    });
  });
}
