/**
 * `webhook listen` on a disk that fills up: the config dir on a 1 MB filesystem of its own (tmpfs,
 * mounted by the test, which needs root as on CI; a new records database's log alone takes 160 KB).
 * A delivery that could not be written whole is answered 500; once there is room again the service's
 * next attempt is written, answered 200, and from then on handed on after any restart until its
 * handler says it is done.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signBody } from "../../src/webhooks/signature.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";
import { makeSecret, useListeners } from "./webhook-harness.js";
import { until, untilLineWritten } from "../support/until.js";
import { makeTempDir } from "../support/temp-dir.js";

const harness = useEmulator();
const { listen } = useListeners();

/** A filesystem of `size` at a new directory, or undefined where mounting is not allowed. */
function smallFilesystem(size: string): string | undefined {
  const at = makeTempDir("reseller-small-disk-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", at], { stdio: "ignore" });
    return at;
  } catch {
    rmSync(at, { recursive: true, force: true });
    return undefined;
  }
}

const mounted: string[] = [];
afterAll(() => {
  for (const at of mounted.splice(0)) {
    execFileSync("umount", ["-l", at], { stdio: "ignore" });
    rmSync(at, { recursive: true, force: true });
  }
});

/** Writes to `path` until the filesystem is full. */
function fill(path: string): void {
  const chunk = Buffer.alloc(4096, 0x61);
  for (;;) {
    try {
      appendFileSync(path, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOSPC") return;
      throw error;
    }
  }
}

const disk = smallFilesystem("1m");
if (disk) mounted.push(disk);

describe.skipIf(!disk)("webhook listen on a full disk", () => {
  it("an order.completed answered 500 while the disk was full, then 200, is handed on after a SIGKILL and restart", async () => {
    const configDir = join(disk!, "config");
    mkdirSync(configDir, { mode: 0o700 });
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"), configDir);
    const secret = await makeSecret(reseller);
    const out = makeTempDir("reseller-full-disk-");
    try {
      // Fails every time, as a shop whose database is down would: the delivery stays unsettled.
      const failing = `echo "$RESELLER_DELIVERY_ID $RESELLER_EVENT" >> "${out}/calls"; exit 1`;
      // No API key: the event goes on as it came, so only the deliveries kept in the records database are at work here.
      const env = { RESELLER_API_KEY: "" };
      const first = await listen(reseller, ["--exec", failing], { env });

      // About 8 KB: a cart of licences.
      const items = Array.from({ length: 8 }, (_, i) => ({
        variant_id: 40 + i,
        qty: 1,
        licence: `LIC-${i}-${"x".repeat(950)}`,
      }));
      const body = JSON.stringify({
        event: "order.completed",
        timestamp: "2026-01-01T00:00:00+07:00",
        data: { ref_id: "wh-disk-1", invoice: "INV-DISK-1", status: "completed", items },
      });
      expect(body.length).toBeGreaterThan(8_000);
      const deliver = () =>
        fetch(first.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-event": "order.completed",
            "x-signature": signBody("order.completed", JSON.parse(body), secret),
          },
          body,
        });

      // Full, then a page freed: the record's first 4 KB fit, the rest does not.
      const filler = join(disk!, "filler");
      fill(filler);
      truncateSync(filler, readFileSync(filler).length - 4096);
      const refused = await deliver();
      expect(refused.status).toBe(500);
      // Written before the answer, but through another pipe: it may reach this process after it.
      await until("the 500 said on stderr", () =>
        /Could not take a delivery from .*: SQLITE_FULL; answered 500/.test(first.stderr()),
      );

      rmSync(filler);
      const answered = await deliver();
      expect(answered.status, first.stderr()).toBe(200);
      expect(await answered.json()).toEqual({ status: "ok" });
      const calls = await untilLineWritten("the handler's first try", join(out, "calls"));
      first.running.child.kill("SIGKILL");
      await first.running.done.catch(() => undefined);
      const [deliveryId] = calls.split("\n")[0]!.split(" ");

      const second = await listen(
        reseller,
        ["--exec", `echo "$RESELLER_DELIVERY_ID $RESELLER_EVENT" >> "${out}/after"`],
        {
          env,
        },
      );
      const after = await untilLineWritten("the hand-off after the restart", join(out, "after"));
      expect(after).toBe(`${deliveryId} order.completed\n`);
      const { stderr } = await second.stop();
      expect(stderr).toMatch(/Handing on again 1 delivery received before the last stop and not settled yet\./);
      expect(stderr).not.toMatch(/damaged|cut short/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
