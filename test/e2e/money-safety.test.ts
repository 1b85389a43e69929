/**
 * Issue 4's proof: real processes, real HTTP, the emulator's fault modes. A lost answer never
 * becomes a second purchase or a purchase nobody knows about: the journal and the service agree.
 * A hundred concurrent buys with random faults: money-safety-concurrent.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { foldRecords } from "../support/journal-records.js";
import { useEmulator } from "../support/emulator.js";
import { until } from "../support/until.js";
import { journalRecords as records, resellerAs } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();
const trxOnly = { match: { method: "POST", path: "/v1/trx" } };

afterEach(() => harness.emulator.faults.reset());

const entriesOf = (configDir: string) => foldRecords(records(configDir));
const onService = (apiKey: string, refId?: string) =>
  harness.accountOf(apiKey).transactions.filter((t) => refId === undefined || t.ref_id === refId);
const balanceOf = (apiKey: string) => harness.accountOf(apiKey).balance;

const buyArgs = (...extra: string[]) => ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", ...extra];

describe("a lost answer is never a second purchase", () => {
  it("committed, then the connection dropped: one transaction, reported as the result (exit 0)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const before = balanceOf(reseller.apiKey);
    harness.emulator.faults.configure({ drop_after_commit_next: 1, ...trxOnly });
    const r = await reseller.run(buyArgs("--ref-id", "drop-after-1"), { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(harness.emulator.faults.status().injected.drop_after_commit).toBe(1);
    expect(onService(reseller.apiKey, "drop-after-1")).toHaveLength(1);
    expect(balanceOf(reseller.apiKey)).toBe(before - 11_500);
    // The body is the transaction the first attempt made, read back with GET /v1/trx.
    expect(r.json().data).toMatchObject({
      ref_id: "drop-after-1",
      invoice: onService(reseller.apiKey, "drop-after-1")[0]!.invoice,
      amount: 11_500,
    });
    expect(r.stderr).toMatch(/answer was lost, but the purchase had gone through on an earlier attempt/);
    const [entry] = entriesOf(reseller.configDir);
    expect(entry).toMatchObject({ outcome: "done", by: "retry", attempts: 2, invoice: expect.stringMatching(/^INV-/) });
    const failures = records(reseller.configDir).filter((x) => x.type === "attempt_failed");
    expect(failures).toEqual([
      expect.objectContaining({ attempt: 1, error: "UND_ERR_SOCKET", may_have_reached: true }),
      expect.objectContaining({ attempt: 2, error: "REF_ID_ALREADY_EXIST (HTTP 422)", may_have_reached: false }),
    ]);
  });

  it("5xx before the commit: retried with the same ref_id, one transaction (exit 0)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    harness.emulator.faults.configure({ error_next: 1, error_status: 503, ...trxOnly });
    const r = await reseller.run(buyArgs("--ref-id", "five-oh-three-1"));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(onService(reseller.apiKey, "five-oh-three-1")).toHaveLength(1);
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ outcome: "done", by: "answer", attempts: 2 });
  });

  it("an HTML gateway page and a 429 on the way: still one transaction (exit 0)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    harness.emulator.faults.configure({ html_next: 1, rate_limit_next: 1, retry_after: 0, ...trxOnly });
    const r = await reseller.run(buyArgs("--ref-id", "html-429-1"), { env: { RESELLER_MAX_RETRIES: "3" } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(onService(reseller.apiKey, "html-429-1")).toHaveLength(1);
  });

  it("a user's reused ref_id is not passed off as success even when a retry meets it", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    expect((await reseller.run(buyArgs("--ref-id", "mine-1"))).exitCode).toBe(0);
    // Attempt 1 gets a 503 (nothing happened), attempt 2 meets the purchase made a minute ago.
    harness.emulator.faults.configure({ error_next: 1, ...trxOnly });
    const again = await reseller.run(buyArgs("--ref-id", "mine-1"), { mode: "json" });
    expect(again.exitCode).toBe(1);
    expect(again.errorJson().error.code).toBe("REF_ID_ALREADY_EXIST");
    // From another machine (no journal), a different order under the same ref_id is not ours either.
    const other = resellerAs(harness, reseller.apiKey);
    harness.emulator.faults.configure({ error_next: 1, ...trxOnly });
    const elsewhere = await other.run(buyOne(11, "081234567890", "--ref-id", "mine-1"));
    expect(elsewhere.exitCode).toBe(1);
    expect(onService(reseller.apiKey, "mine-1")).toHaveLength(1);
  });
});

describe("no answer at all: exit 5, then reconcile", () => {
  it("service down for longer than the retries: exit 5 with the ref_id, journal unknown; reconcile settles it once it is back", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    // The first attempt is dropped; while the client backs off, the whole service goes down.
    harness.emulator.faults.configure({ drop_before_commit_next: 1, ...trxOnly });
    const running = reseller.start(buyArgs("--ref-id", "down-1"), { mode: "json" });
    await until("the first attempt to fail", () =>
      records(reseller.configDir).some((x) => x.type === "attempt_failed"),
    );
    harness.emulator.faults.configure({ down: true });
    const r = await running.done;
    expect(r.exitCode, r.stderr).toBe(5);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "OUTCOME_UNKNOWN", details: { ref_id: "down-1" } });
    expect(r.errorJson().error.suggestion).toContain("reseller reconcile");
    expect(harness.emulator.faults.status().injected.down).toBeGreaterThanOrEqual(2);
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ ref_id: "down-1", outcome: "unknown", attempts: 3 });

    const unresolved = await reseller.run(["history", "--unresolved"]);
    expect(unresolved.stdout).toMatch(/\tbuy\tdown-1\tunknown\t/);

    // Still down: reconcile cannot settle it and says so (exit 5).
    const stillDown = await reseller.run(["reconcile"], { mode: "json" });
    expect(stillDown.exitCode).toBe(5);
    expect(stillDown.json()).toMatchObject({ checked: 1, settled: 0, still_unknown: 1 });

    harness.emulator.faults.reset();
    const settled = await reseller.run(["reconcile"], { mode: "table", env: { COLUMNS: "200" } });
    expect(settled.exitCode, settled.stderr).toBe(0);
    // The ref_id, which people copy, stands beside the borders of its row (and the customer after it).
    // Never reached the service: not sent, in the verdict's words every table uses; the service's
    // answer a word, what it means (safe to buy again with the same ref_id) said under the table.
    expect(settled.stdout).toMatch(/│ not sent +│ not found +│.*│ {2}down-1 {2}\d+$/m);
    expect(settled.stdout).toMatch(/^not found {2}.*same ref_id/m);
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ outcome: "not_done", by: "reconcile" });
    expect(onService(reseller.apiKey, "down-1")).toHaveLength(0);

    // Safe to buy again with the same ref_id: exactly one purchase.
    expect((await reseller.run(buyArgs("--ref-id", "down-1"))).exitCode).toBe(0);
    expect(onService(reseller.apiKey, "down-1")).toHaveLength(1);
    expect((await reseller.run(["history", "--unresolved"])).stdout).toBe("");
  });

  it("every answer lost after the commit: the lookup finds the purchase and reports it (exit 0)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    // Attempt 1 commits and drops; the answers of attempts 2 and 3 (REF_ID_ALREADY_EXIST) are dropped too.
    harness.emulator.faults.configure({ drop_after_commit_next: 3, ...trxOnly });
    const r = await reseller.run(buyArgs("--ref-id", "lookup-1"), { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json().data.ref_id).toBe("lookup-1");
    expect(onService(reseller.apiKey, "lookup-1")).toHaveLength(1);
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ outcome: "done", by: "lookup" });
  });

  it("killed with SIGKILL after sending: reconcile finds the purchase; nothing is bought twice", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const before = balanceOf(reseller.apiKey);
    // Held until the test lets it through, however late a loaded machine runs the CLI.
    harness.emulator.faults.configure({ latency_ms: 60_000, ...trxOnly });
    const running = reseller.start(buyArgs());
    // Killed only once the service holds the request (it sleeps in the injected latency before answering).
    await until("the service to hold the request", () => harness.emulator.faults.status().injected.latency > 0);
    expect(records(reseller.configDir).some((x) => x.type === "attempt")).toBe(true);
    running.child.kill("SIGKILL");
    const killed = await running.done;
    expect(killed.signal).toBe("SIGKILL");
    const refId = entriesOf(reseller.configDir)[0]!.ref_id!;
    // The service finishes what it received, whoever is still listening.
    harness.emulator.answerHeld();
    await until("the service to finish the purchase", () => onService(reseller.apiKey, refId).length > 0);
    harness.emulator.faults.reset();

    expect(entriesOf(reseller.configDir)[0]!.outcome).toBe("pending");
    // As recorded: a plain history would ask the service and settle it before reconcile does.
    expect((await reseller.run(["history", "--unresolved", "--no-refresh"])).stdout).toContain(refId);
    const r = await reseller.run(["reconcile"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({
      checked: 1,
      settled: 1,
      still_unknown: 0,
      entries: [{ ref_id: refId, outcome: "done", amount: 11_500 }],
    });
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ outcome: "done", by: "reconcile" });

    // Trying again with the same ref_id cannot buy twice.
    const again = await reseller.run(buyArgs("--ref-id", refId));
    expect(again.exitCode).toBe(1);
    expect(onService(reseller.apiKey, refId)).toHaveLength(1);
    expect(balanceOf(reseller.apiKey)).toBe(before - 11_500);
  });
});

describe("Ctrl-C", () => {
  it("while the purchase is in flight: exit 130, journal unknown, reconcile settles it", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    // Held until the test lets it through: the CLI must take the Ctrl-C before the answer comes, however
    // late a loaded machine runs it.
    harness.emulator.faults.configure({ latency_ms: 60_000, ...trxOnly });
    const running = reseller.start(buyArgs("--ref-id", "ctrl-c-1"));
    await until("the attempt in the journal", () => records(reseller.configDir).some((x) => x.type === "attempt"));
    // In flight means on the wire: the service holds the request, so it will finish the purchase.
    await until("the service to hold the request", () => harness.emulator.faults.status().injected.latency > 0);
    running.child.kill("SIGINT");
    const r = await running.done;
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toMatch(/in flight/);
    expect(r.stderr).toContain("reseller reconcile");
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ outcome: "unknown", code: "INTERRUPTED" });
    harness.emulator.answerHeld();
    await until("the service to finish the purchase", () => onService(reseller.apiKey, "ctrl-c-1").length > 0);
    harness.emulator.faults.reset();
    const settled = await reseller.run(["reconcile"]);
    expect(settled.exitCode).toBe(0);
    expect(settled.stdout).toMatch(/ctrl-c-1\tdone\tbought: invoice INV-/);
  });

  it("while waiting for delivery: exit 130, the purchase stands, and it says how to resume", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    // A design done by hand, delivered five minutes after the purchase: still waited for when the Ctrl-C
    // comes, however late a loaded machine sends it. (A pulsa top-up is delivered in seconds, and
    // the wait could end with exit 0 before the Ctrl-C.)
    const design = ["buy", "--item", "27", "--qty", "1", "--note", "logo toko kopi"];
    const running = reseller.start([...design, "--ref-id", "ctrl-c-wait", "--wait"]);
    await until("the purchase to be reported", () => running.output().stderr.includes("Bought"));
    running.child.kill("SIGINT");
    const r = await running.done;
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toContain("reseller trx show ctrl-c-wait --watch");
    expect(entriesOf(reseller.configDir)[0]).toMatchObject({ outcome: "done" });
    expect(onService(reseller.apiKey, "ctrl-c-wait")).toHaveLength(1);
  });
});
