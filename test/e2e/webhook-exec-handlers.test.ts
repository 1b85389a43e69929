/**
 * `webhook listen --exec` with handlers that misbehave, through the built binary and the emulator's
 * own webhooks: one that exits at once but leaves a child running in the background (holding the
 * pipes it was given), and one that ignores SIGTERM. A handler's end is its exit; what it left behind
 * never holds up the next delivery or the listener's exit; a stopped handler's whole process group
 * is stopped, with SIGKILL after the grace period.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";
import { buy, eventsOf, makeSecret, manualOrder, pointServiceAt, until, useListeners } from "./webhook-harness.js";
import { pidsIn, running, useHandlerDirs } from "../support/handler-dirs.js";
import { deliveryRows } from "../support/records.js";

const harness = useEmulator();
const { listen } = useListeners();

const workDir = useHandlerDirs("reseller-handler-");

/** Lines of a file the handler appends to, each `delivery-id ref_id`. */
/** Deliveries settled as handed on, as the records database has them. */
const handedOn = (configDir: string) => deliveryRows(configDir).filter((row) => row.settled_as === "handed").length;
const calls = (dir: string) =>
  existsSync(join(dir, "calls")) ? readFileSync(join(dir, "calls"), "utf8").split("\n").filter(Boolean) : [];

describe("webhook listen --exec with handlers that misbehave", () => {
  it("a handler that exits 0 at once but leaves a child in the background: handed on once, the next one too, Ctrl-C exits", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    await makeSecret(reseller);
    const out = workDir();
    // The background child keeps the handler's stdout and stderr open for 75 s.
    const handler = `echo "$RESELLER_DELIVERY_ID $RESELLER_REF_ID" >> "${out}/calls"; sleep 75 & echo $! >> "${out}/pids"; echo "handled $RESELLER_REF_ID"`;
    const listener = await listen(reseller, ["--exec", handler]);
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, manualOrder("wh-bg-1"));
    await buy(reseller, manualOrder("wh-bg-2"));
    await until("both order.paid handed on", () => eventsOf(listener.stdout(), "wh-bg-2").includes("order.paid"));
    await until("the second handler's call", () => calls(out).length === 2);
    await until("both settled", () => handedOn(reseller.configDir) === 2 || undefined);

    const { exitCode, stdout, stderr } = await listener.stop();
    expect(exitCode, stderr).toBe(0);
    expect(calls(out).map((line) => line.split(" ")[1])).toEqual(["wh-bg-1", "wh-bg-2"]);
    expect(eventsOf(stdout, "wh-bg-1")).toEqual(["order.paid"]);
    expect(stderr).toContain("handled wh-bg-1");
    expect(stderr).not.toMatch(/ran longer|not handed on yet|kept to hand on/);
    // What it started in the background is its own business: still running (one child per call).
    const children = pidsIn(out);
    expect(children).toHaveLength(2);
    expect(children.filter((pid) => !running(pid))).toEqual([]);
  });

  it("a handler that ignores SIGTERM: stopped with its children at its deadline, tried again; the next delivery goes on", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    await makeSecret(reseller);
    const out = workDir();
    // The first try of each delivery hangs ignoring SIGTERM, with a child that ignores it too. The trap
    // comes first: the SIGTERM at the 1 s deadline must find it set, however slowly touch starts.
    const handler = [
      `if [ ! -e "${out}/tried-$RESELLER_REF_ID" ]; then`,
      `  trap '' TERM; touch "${out}/tried-$RESELLER_REF_ID"`,
      `  sleep 300 & echo $! >> "${out}/pids"; echo $$ >> "${out}/pids"; wait`,
      `fi`,
      `[ "$RESELLER_EVENT" = order.paid ] && echo "$RESELLER_DELIVERY_ID $RESELLER_REF_ID" >> "${out}/calls"`,
      "exit 0",
    ].join("\n");
    const listener = await listen(reseller, ["--exec", handler, "--exec-timeout", "1", "--exec-grace", "1"]);
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, ["--item", "22", "--qty", "1", "--note", "123456781", "--ref-id", "wh-term-1"]);
    await buy(reseller, ["--item", "22", "--qty", "1", "--note", "123456782", "--ref-id", "wh-term-2"]);
    await until("both handled", () => calls(out).length === 2);

    // The stuck first tries, and what they started, were ended.
    const stuck = pidsIn(out);
    expect(stuck).toHaveLength(4);
    await until("the stuck handlers ended", () => !stuck.some(running));
    const { exitCode, stderr } = await listener.stop();
    expect(exitCode, stderr).toBe(0);
    expect(calls(out).map((line) => line.split(" ")[1])).toEqual(["wh-term-1", "wh-term-2"]);
    expect(stderr).toMatch(
      /Order.paid for wh-term-1 not handed on yet: `.*` ran longer than 1 s and was stopped; trying again in 1 s/s,
    );
  });

  it("Ctrl-C while a handler ignores SIGTERM: the listener stops it and its children, exits, and names the delivery it keeps", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    await makeSecret(reseller);
    const out = workDir();
    const handler = `trap '' TERM; sleep 300 & echo $! >> "${out}/pids"; echo $$ >> "${out}/pids"; wait`;
    // The default deadline (60 s): only Ctrl-C stops it.
    const listener = await listen(reseller, ["--exec", handler, "--exec-grace", "1"]);
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, manualOrder("wh-stop-1"));
    await until("the handler running", () => pidsIn(out).length === 2);
    const stuck = pidsIn(out);

    const { exitCode, stderr } = await listener.stop();
    expect(exitCode, stderr).toBe(0);
    // Sent SIGKILL, the whole group, before the listener exited; each ends once the kernel next runs it.
    await until("the stopped handler and its child to end", () => !stuck.some(running));
    expect(stderr).toMatch(
      /1 delivery is kept to hand on at the next start: order.paid for wh-stop-1 \(whd_[0-9a-f]{32}\)\./,
    );
  });

  it("a handler that keeps failing: the deliveries behind it go on, it is kept over a restart, handed on again and settled once it succeeds", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    await makeSecret(reseller);
    const out = workDir();
    // Fails for wh-fail-1 until the shop's side is fixed (the marker file exists).
    const handler = [
      `echo "$RESELLER_REF_ID" >> "${out}/tries"`,
      `if [ "$RESELLER_REF_ID" = wh-fail-1 ] && [ ! -e "${out}/fixed" ]; then echo "the shop is down"; exit 1; fi`,
      `echo "$RESELLER_DELIVERY_ID $RESELLER_REF_ID" >> "${out}/calls"`,
    ].join("\n");
    const tries = (ref: string) =>
      existsSync(join(out, "tries"))
        ? readFileSync(join(out, "tries"), "utf8")
            .split("\n")
            .filter((line) => line === ref).length
        : 0;
    const first = await listen(reseller, ["--exec", handler]);
    await pointServiceAt(reseller, first.url);
    await buy(reseller, manualOrder("wh-fail-1"));
    await until("its first try failed", () => tries("wh-fail-1") >= 1);
    await buy(reseller, manualOrder("wh-fail-2"));
    // Not held up by the failing one, which is tried again while the listener runs.
    await until("the delivery behind it handed on", () => calls(out).some((line) => line.endsWith(" wh-fail-2")));
    await until("the failing one tried again", () => tries("wh-fail-1") >= 3);
    const stopped = await first.stop();
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(stopped.stderr).toMatch(/Order.paid for wh-fail-1 not handed on yet: .*; trying again in 2 s\./s);
    expect(stopped.stderr).toMatch(/1 delivery is kept to hand on at the next start: order.paid for wh-fail-1 \(whd_/);
    expect(calls(out).some((line) => line.endsWith(" wh-fail-1"))).toBe(false);

    writeFileSync(join(out, "fixed"), "");
    const second = await listen(reseller, ["--exec", handler]);
    // Said once it listens.
    await until("the count it hands on again", () =>
      /Handing on again 1 delivery received before the last stop and not settled yet\./.test(second.stderr()),
    );
    await until("handed on after the restart", () => calls(out).some((line) => line.endsWith(" wh-fail-1")));
    await until("settled", () => handedOn(reseller.configDir) === 2);
    const again = await second.stop();
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/kept to hand on/);
    // Each handed on once, with its delivery id.
    expect(calls(out).map((line) => line.split(" ")[1])).toEqual(["wh-fail-2", "wh-fail-1"]);
  });
});
