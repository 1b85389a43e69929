/**
 * `reseller pending --follow` until each order has ended, handing each on once (a line, its receipt
 * with its wa.me link, `--exec` with the order on stdin), also with two followers at once; `--exec`
 * under the listener's rules; Ctrl-C stops it and loses nothing. The emulator's clock completes
 * manual orders and SMM orders later. (A file of its own, beside pending.test.ts, so that the two
 * run at the same time.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { buyOne } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { until } from "../support/until.js";
import { pipedRows, resellerAs } from "./commands-harness.js";
import { bought, h2hFailing, manualOrder, receiptsIn, smmPartial } from "./pending-harness.js";
import { makeSecret, pointServiceAt, useListeners } from "./webhook-harness.js";

const liveHarness = useEmulator({ dialect: "live", clock: manualClock(Date.now()) });

describe("pending --follow", () => {
  const harness = liveHarness;
  const { listen } = useListeners();

  it("settles a manual order, a partly delivered SMM order and a failed delivery; each handed on once by two followers", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    await bought(reseller, manualOrder("follow-manual"));
    await bought(reseller, smmPartial("follow-smm"));
    await bought(reseller, h2hFailing("follow-failed"));
    const execs = join(reseller.configDir, "orders.jsonl");
    const follow = (receipts: string) => [
      "pending",
      "--follow",
      ...["--interval", "1", "--max-interval", "1"],
      ...["--receipts", join(reseller.configDir, receipts)],
      ...["--exec", `cat >> '${execs}'; echo "$RESELLER_REF_ID $RESELLER_OUTCOME" >> '${execs}.env'`],
    ];
    // Two at once in the same records: each order is still handed on once.
    const one = reseller.start(follow("receipts-1.txt"), { mode: "json", timeoutMs: 60_000 });
    const two = reseller.start(follow("receipts-2.txt"), { timeoutMs: 60_000 });
    await until(
      "both following",
      () => one.output().stderr.includes("Following") && two.output().stderr.includes("Following"),
    );
    // The emulator's clock, half a minute a tick: the pulsa fails at 5 s, the SMM order ends at 1 minute, the manual one at 5.
    let ticks = 0;
    const ticking = setInterval(() => {
      if (ticks++ < 14) harness.emulator.clock.advance(30_000);
    }, 100);
    const [a, b] = await Promise.all([one.done, two.done]).finally(() => clearInterval(ticking));
    expect(a.exitCode, a.stderr).toBe(0);
    expect(b.exitCode, b.stderr).toBe(0);

    const lines = [
      ...a.stdout
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .map((o: any) => [o.ref_id, o.outcome]),
      ...pipedRows(b.stdout)
        .filter((r) => r.length > 1)
        .map((r) => [r[1], r[3]]),
    ];
    expect(lines.sort()).toEqual([
      ["follow-failed", "delivery_failed"],
      ["follow-manual", "delivered"],
      ["follow-smm", "partial"],
    ]);

    // --exec ran once per order, the order's JSON on its stdin.
    const handed = readFileSync(execs, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(handed.map((o) => o.ref_id).sort()).toEqual(["follow-failed", "follow-manual", "follow-smm"]);
    const byRef = Object.fromEntries(handed.map((o) => [o.ref_id, o]));
    expect(byRef["follow-failed"]).toMatchObject({ outcome: "delivery_failed", refunded: 11_500, net: 0 });
    expect(byRef["follow-smm"].outcome).toBe("partial");
    expect(byRef["follow-smm"].refunded).toBeGreaterThan(0);
    expect(byRef["follow-smm"].net).toBe(10_500 - byRef["follow-smm"].refunded);
    expect(readFileSync(`${execs}.env`, "utf8").trim().split("\n").sort()).toEqual([
      "follow-failed delivery_failed",
      "follow-manual delivered",
      "follow-smm partial",
    ]);

    // Every receipt once, in one file or the other, its wa.me link below it.
    const receipts = [
      ...receiptsIn(join(reseller.configDir, "receipts-1.txt")),
      ...receiptsIn(join(reseller.configDir, "receipts-2.txt")),
    ];
    expect(receipts).toHaveLength(3);
    for (const ref of ["follow-failed", "follow-manual", "follow-smm"])
      expect(receipts.filter((r) => r.includes(`No. Ref: ${ref}\n`))).toHaveLength(1);
    for (const receipt of receipts)
      expect(receipt.trimEnd().split("\n").at(-1)).toMatch(/^https:\/\/wa\.me\/\S*\?text=/);
    expect(receipts.find((r) => r.includes("follow-smm"))).toContain("SEBAGIAN");
    expect(receipts.find((r) => r.includes("follow-failed"))).toContain("GAGAL");

    // The journal holds every ending and refund: history says it without asking.
    const history = (await reseller.run(["history"], { mode: "json" })).json();
    expect(history.map((e: any) => [e.ref_id, e.verdict]).sort()).toEqual([
      ["follow-failed", "delivery_failed"],
      ["follow-manual", "delivered"],
      ["follow-smm", "partial"],
    ]);
  });

  it("an --exec that fails is tried again by the next pass; the order's line is printed once", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    await bought(reseller, buyOne(12, "081234567891", "--ref-id", "exec-retry", "--yes"));
    harness.emulator.clock.advance(6_000);
    const failing = await reseller.run(["pending", "--once", "--exec", "cat > /dev/null; exit 3"]);
    expect(failing.exitCode, failing.stderr).toBe(1);
    expect(pipedRows(failing.stdout).map((r) => r[1])).toEqual(["exec-retry"]);
    expect(failing.stderr).toContain("The command for exec-retry did not succeed");
    expect(failing.stderr).toContain("1 ended order not handed on yet.");

    const stdin = join(reseller.configDir, "stdin.json");
    const next = await reseller.run(["pending", "--once", "--exec", `cat > '${stdin}'`]);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stdout).toBe("");
    const order = JSON.parse(readFileSync(stdin, "utf8"));
    expect(order).toMatchObject({ ref_id: "exec-retry", outcome: "delivered" });
    // The customer's receipt rides along on every try, its wa.me link to the customer's number.
    expect(order.receipt.text).toContain("No. Ref: exec-retry\n");
    expect(order.receipt.wa_link).toMatch(/^https:\/\/wa\.me\/6281234567891\?text=/);
  });

  it("with a webhook listener beside: the order it settled is handed on within seconds, long before the next question", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await makeSecret(reseller);
    const listener = await listen(reseller);
    await pointServiceAt(reseller, listener.url);
    await bought(reseller, manualOrder("follow-listened"));
    // A minute between questions to the service: only the journal, which the listener writes, can end it sooner.
    const following = reseller.start(["pending", "--follow", "--interval", "60", "--max-interval", "60"], {
      timeoutMs: 50_000,
    });
    await until("following", () => following.output().stderr.includes("Following 1 order"));
    const asked = harness.requests.filter((line) => line.includes("/v1/trx/follow-listened")).length;
    harness.emulator.clock.advance(5 * 60_000);
    const done = await following.done;
    expect(done.exitCode, done.stderr).toBe(0);
    expect(pipedRows(done.stdout).map((r) => [r[1], r[3]])).toEqual([["follow-listened", "delivered"]]);
    // The listener confirmed it (its line, printed before pending saw the journal, comes through a pipe
    // of its own: it may be read after pending's end); pending asked once more, at the pass the journal started.
    await until("the listener's line", () => listener.stdout().includes("order.completed"));
    expect(harness.requests.filter((line) => line.includes("/v1/trx/follow-listened")).length).toBeLessThanOrEqual(
      asked + 3,
    );
  });

  it("--exec under the listener's rules: past --exec-timeout it is stopped and tried again; Ctrl-C stops it and the next run runs it", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
    await bought(reseller, buyOne(11, "081234567896", "--ref-id", "exec-rules", "--yes"));
    harness.emulator.clock.advance(6_000);
    const slow = await reseller.run([
      "pending",
      "--once",
      ...["--exec", "sleep 30", "--exec-timeout", "1", "--exec-grace", "1"],
    ]);
    expect(slow.exitCode, slow.stderr).toBe(1);
    expect(slow.stderr).toContain("The command for exec-rules did not succeed");

    const started = join(reseller.configDir, "started");
    // A second of grace after Ctrl-C's SIGTERM, not five: the process stays to SIGKILL the command's group if it must.
    const running = reseller.start([
      "pending",
      "--once",
      ...["--exec", `touch '${started}'; sleep 30`, "--exec-grace", "1"],
    ]);
    await until("the command running", () => {
      try {
        return readFileSync(started, "utf8") === "";
      } catch {
        return false;
      }
    });
    running.child.kill("SIGINT");
    const stopped = await running.done;
    expect(stopped.exitCode, stopped.stderr).toBe(130);

    const stdin = join(reseller.configDir, "stdin.json");
    const next = await reseller.run(["pending", "--once", "--exec", `cat > '${stdin}'`]);
    expect(next.exitCode, next.stderr).toBe(0);
    // Its line was printed at the first try only.
    expect(next.stdout).toBe("");
    expect(JSON.parse(readFileSync(stdin, "utf8"))).toMatchObject({ ref_id: "exec-rules", outcome: "delivered" });
  });

  it("Ctrl-C stops it within seconds, exit 130; the order is still followed afterwards", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    await bought(reseller, manualOrder("follow-stopped"));
    const running = reseller.start(["pending", "--follow"]);
    await until("following", () => running.output().stderr.includes("Following 1 order"));
    running.child.kill("SIGINT");
    const stopped = await running.done;
    // Ended by itself (the harness would have killed it, leaving no exit code).
    expect(stopped.exitCode).toBe(130);
    const after = await reseller.run(["pending", "--once"]);
    expect(after.exitCode).toBe(1);
    harness.emulator.clock.advance(5 * 60_000);
    const done = await reseller.run(["pending", "--once"]);
    expect(done.exitCode, done.stderr).toBe(0);
    expect(pipedRows(done.stdout).map((r) => [r[1], r[3]])).toEqual([["follow-stopped", "delivered"]]);
  });

  it("in Indonesian: the ended order's line, its verdict and refund, and what is left, without English words", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Nusantara Akun Store"));
    await bought(reseller, h2hFailing("bahasa-gagal-1"));
    await bought(reseller, manualOrder("bahasa-manual"));
    harness.emulator.clock.advance(6_000);
    const once = await reseller.run(["pending", "--once"], {
      mode: "table",
      env: { ...indonesian, COLUMNS: "80" },
    });
    expect(once.exitCode, once.stderr).toBe(1);
    expect(once.stdout).toContain("gagal (dana Rp 11.500 dikembalikan)");
    expect(once.stdout).toContain("bahasa-gagal-1");
    expect(once.stderr).toContain("1 order belum terkirim.");
    expect(englishIn(once.stdout, statusWords), once.stdout).toEqual([]);
    expect(englishIn(once.stderr, statusWords)).toEqual([]);
    const list = await reseller.run(["pending"], { mode: "table", env: { ...indonesian, COLUMNS: "80" } });
    expect(list.stdout).toContain("bahasa-manual");
    expect(englishIn(list.stdout, statusWords)).toEqual([]);
  });

  it("--receipts and --exec need --follow or --once; --follow and --once do not go together (exit 2)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const receipts = await reseller.run(["pending", "--receipts", join(reseller.configDir, "r.txt")]);
    expect(receipts.exitCode).toBe(2);
    expect(receipts.stderr).toContain("need --follow or --once");
    expect((await reseller.run(["pending", "--follow", "--once"])).exitCode).toBe(2);
  });
});
