import { afterEach, describe, expect, it } from "vitest";
import { foldRecords } from "../support/journal-records.js";
import { closedPort, useEmulator } from "../support/emulator.js";
import { indonesian } from "../support/language.js";
import { en } from "../../src/messages/en.js";
import { verdicts, verdictWords, type Verdict } from "../../src/domain/verdict.js";
import {
  journalRecords,
  modes,
  resellerInProcess,
  whileAdvancing,
  type Reseller,
  writeCart,
} from "./commands-harness.js";

const harness = useEmulator();
afterEach(() => harness.emulator.faults.reset());

/** A player id nobody has: the provider refuses it after the purchase, and the service refunds. */
const nobody = (n: number) => `9999${String(n).padStart(4, "0")}`;

describe("single buy --wait", () => {
  for (const [n, mode] of modes.entries()) {
    it(`delivered and delivery failed, ${mode}`, async () => {
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
      const ok = await whileAdvancing(
        harness.emulator,
        reseller.run(["buy", "--item", "11", "--qty", "1", "--note", `0812999900${n}1`, "--wait", "--yes"], { mode }),
        5,
        200,
      );
      expect(ok.exitCode, ok.stderr).toBe(0);
      if (mode === "json") expect(ok.json()).toMatchObject({ outcome: "delivered", data: { status: "completed" } });
      else expect(ok.stderr).toMatch(/Delivered: ref_id RSL-\S+, invoice INV-\S+ \(outcome: delivered\)/);

      const before = harness.accountOf(reseller.apiKey).balance;
      const failed = await whileAdvancing(
        harness.emulator,
        reseller.run(["buy", "--item", "22", "--qty", "1", "--note", nobody(n), "--no-validate", "--wait", "--yes"], {
          mode,
        }),
        5,
        200,
      );
      expect(failed.exitCode, failed.stderr).toBe(1);
      // Refunded: the balance is back where it was.
      expect(harness.accountOf(reseller.apiKey).balance).toBe(before);
      if (mode === "json") {
        expect(failed.json()).toMatchObject({
          outcome: "delivery_failed",
          refunded: 19_000,
          data: { status: "failed" },
        });
        expect(failed.errorJson().error).toMatchObject({
          code: "DELIVERY_FAILED",
          details: { outcome: "delivery_failed", refunded: 19_000 },
        });
      } else {
        expect(failed.stderr).toMatch(/Delivery failed: .*Rp 19\.000 refunded/);
        expect(failed.stderr).toMatch(/^ {2}outcome: delivery failed; charged, then refunded$/m);
        expect(failed.stderr).toMatch(/^ {2}refunded: Rp 19\.000$/m);
      }
      if (mode === "plain") {
        expect(ok.stdout).toMatch(/^outcome\tdelivered\t$/m);
        expect(failed.stdout).toMatch(/^outcome\tdelivery_failed\t19000$/m);
      }
      // The journal keeps where it stands, for history.
      const entries = foldRecords(journalRecords(reseller.configDir));
      expect(entries.map((e) => e.status)).toEqual(["completed", "failed"]);
    });
  }
});

describe("single buy --wait whose delivery cannot be followed", () => {
  it.each([
    ["a 503 on every look", { error_next: 100, error_status: 503 }],
    ["a rate limit on every look (not retried by the wait)", { rate_limit_next: 100 }],
    ["no answer at all", { drop_before_commit_next: 100 }],
  ])(
    "%s: the purchase stands, said as bought with its ref_id, exit 0 (never refused or not sent)",
    async (_case, fault) => {
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
      const before = harness.accountOf(reseller.apiKey).balance;
      // Every GET /v1/trx/… fails; the purchase itself (POST /v1/trx) goes through.
      harness.emulator.faults.configure({ ...fault, match: { method: "GET", path: "/v1/trx" } });
      const r = await reseller.run(
        ["buy", "--item", "11", "--qty", "1", "--note", "081299990777", "--wait", "--wait-timeout", "1", "--yes"],
        { mode: "json", env: { RESELLER_MAX_RETRIES: "0" } },
      );
      harness.emulator.faults.reset();
      expect(r.exitCode, r.stderr).toBe(0);
      expect(harness.accountOf(reseller.apiKey).balance).toBeLessThan(before);
      expect(r.json()).toMatchObject({ outcome: "bought", data: { ref_id: expect.stringMatching(/^RSL-/) } });
      expect(r.stderr).toMatch(/the purchase stands/);
      expect(r.stderr).toMatch(/reseller trx show RSL-\S+ --watch/);
      expect(r.stderr).not.toMatch(/nothing was sent|refused/i);
    },
  );
});

describe("cart", () => {
  /**
   * Each verdict of a cart buy, with --wait and without, in every output mode. `setUp` makes the
   * refusal or lost answer happen on the cart's own POST; `wait` says whether the emulator's clock
   * is moved on (delivery) while the buy waits.
   */
  interface CartCase {
    name: string;
    lines: (n: number) => unknown[];
    args: (n: number) => string[];
    verdict: Verdict;
    exitCode: number;
    advance?: boolean;
    setUp?: (reseller: Reseller, cart: string, n: number) => Promise<void>;
    /** Where the cart is sent, when not to the emulator. */
    env?: () => Promise<Record<string, string>>;
    /** What the journal holds afterwards for this cart's ref_id: its outcome or its status. */
    journal: Record<string, unknown>;
    /** The balance after, against before: charged (the total leaves), or back where it was. */
    charged: boolean;
  }
  // Two phone top-ups in one transaction: an H2H item has no stock to run out, unlike the licences.
  const topUp = (n: number) => [
    { item_id: 11, quantity: 1, note: `08129998${String(n).padStart(4, "0")}` },
    { item_id: 11, quantity: 1, note: `08129997${String(n).padStart(4, "0")}` },
  ];
  const usedRef = (n: number) => `cart-used-${n}`;
  const refuseNext = async (reseller: Reseller, cart: string, n: number) => {
    // The service's own refusal at purchase time: the ref_id was used before by this account.
    const first = await reseller.run(["buy", "--cart", cart, "--ref-id", usedRef(n), "--yes"]);
    expect(first.exitCode, first.stderr).toBe(0);
  };
  const loseEveryAnswer = async () => {
    harness.emulator.faults.configure({ drop_before_commit_next: 10, match: { method: "POST", path: "/v1/trx" } });
  };
  const cases: CartCase[] = [
    { name: "bought", lines: topUp, args: () => [], verdict: "bought", exitCode: 0, journal: {}, charged: true },
    // Waited, but the delivery did not come before --wait-timeout: bought, not delivered yet; exit 0.
    {
      name: "bought, --wait times out",
      lines: topUp,
      args: () => ["--wait", "--wait-timeout", "1"],
      verdict: "bought",
      exitCode: 0,
      journal: {},
      charged: true,
    },
    {
      name: "delivered",
      lines: topUp,
      args: () => ["--wait"],
      advance: true,
      verdict: "delivered",
      exitCode: 0,
      journal: { status: "completed" },
      charged: true,
    },
    // Without --wait the failure is not known yet: the cart stands bought, and is refunded later.
    {
      name: "delivery failed, not waited for",
      lines: (n) => [{ item_id: 22, quantity: 1, note: nobody(n) }],
      args: () => ["--no-validate"],
      verdict: "bought",
      exitCode: 0,
      journal: {},
      charged: true,
    },
    {
      name: "delivery failed",
      lines: (n) => [{ item_id: 22, quantity: 1, note: nobody(n) }],
      args: () => ["--no-validate", "--wait"],
      advance: true,
      verdict: "delivery_failed",
      exitCode: 1,
      journal: { status: "failed" },
      charged: false,
    },
    // One line failed and refunded, the other delivered: partial, that line's refund, exit 1.
    {
      name: "partial",
      lines: (n) => [
        { item_id: 11, quantity: 1, note: `08129996${String(n).padStart(4, "0")}` },
        { item_id: 22, quantity: 1, note: nobody(n) },
      ],
      args: () => ["--no-validate", "--wait"],
      advance: true,
      verdict: "partial",
      exitCode: 1,
      journal: { status: "completed", verdict: "partial", refunded: 19_000 },
      charged: true,
    },
    // Nothing reached the service: not sent (never "refused"), exit 4, nothing journaled as bought.
    {
      name: "not sent",
      lines: topUp,
      args: () => [],
      env: async () => ({ RESELLER_BASE_URL: `http://127.0.0.1:${await closedPort()}` }),
      verdict: "not_sent",
      exitCode: 4,
      journal: {},
      charged: false,
    },
    {
      name: "refused",
      lines: topUp,
      args: (n) => ["--ref-id", usedRef(n)],
      setUp: refuseNext,
      verdict: "refused",
      exitCode: 1,
      journal: {},
      charged: false,
    },
    {
      name: "refused, --wait",
      lines: topUp,
      args: (n) => ["--ref-id", usedRef(n), "--wait"],
      setUp: refuseNext,
      verdict: "refused",
      exitCode: 1,
      journal: {},
      charged: false,
    },
    {
      name: "unknown",
      lines: topUp,
      args: () => [],
      setUp: loseEveryAnswer,
      verdict: "unknown",
      exitCode: 5,
      journal: { outcome: "unknown" },
      charged: false,
    },
    {
      name: "unknown, --wait",
      lines: topUp,
      args: () => ["--wait"],
      setUp: loseEveryAnswer,
      verdict: "unknown",
      exitCode: 5,
      journal: { outcome: "unknown" },
      charged: false,
    },
  ];

  it("the cases reach every verdict, each with its exit code and charge, and every branch of the checks below", () => {
    const exitCodeOf: Record<Verdict, number> = {
      bought: 0,
      delivered: 0,
      partial: 1,
      delivery_failed: 1,
      refused: 1,
      not_sent: 4,
      unknown: 5,
    };
    for (const c of cases)
      expect([c.name, c.exitCode, c.charged]).toEqual([
        c.name,
        exitCodeOf[c.verdict],
        c.verdict === "bought" || c.verdict === "delivered" || c.verdict === "partial",
      ]);
    expect(new Set(cases.map((c) => c.verdict))).toEqual(new Set(verdicts));
    const branches = new Set(
      cases.map((c) => (c.exitCode !== 0 ? "failed" : c.args(0).includes("--wait") ? "waited" : "not waited")),
    );
    expect(branches).toEqual(new Set(["failed", "waited", "not waited"]));
    expect(new Set(cases.map((c) => c.charged))).toEqual(new Set([true, false]));
  });

  // A cart left undelivered is settled (delivered, or failed and refunded) before the next one
  // measures the shared account's balance.
  afterEach(() => harness.emulator.clock.advance(3_600_000));

  let serial = 0;
  for (const c of cases) {
    for (const mode of modes) {
      it(`${c.name}, ${mode}: outcome ${c.verdict}, exit ${c.exitCode}`, async () => {
        const n = 100 + serial++;
        const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
        const cart = writeCart(reseller, c.lines(n));
        await c.setUp?.(reseller, cart, n);
        const before = harness.accountOf(reseller.apiKey).balance;
        const running = reseller.run(["buy", "--cart", cart, ...c.args(n), "--yes"], {
          mode,
          env: { RESELLER_MAX_RETRIES: "1", ...(await c.env?.()) },
        });
        const r = c.advance ? await whileAdvancing(harness.emulator, running, 5, 200) : await running;
        harness.emulator.faults.reset();
        expect(r.exitCode, r.stderr).toBe(c.exitCode);

        const failed = c.exitCode !== 0;
        if (mode === "json") {
          if (failed) expect(r.errorJson().error.details).toMatchObject({ outcome: c.verdict });
          else expect(r.json()).toMatchObject({ outcome: c.verdict });
          if (c.verdict === "delivery_failed") {
            expect(r.json()).toMatchObject({
              outcome: "delivery_failed",
              refunded: 19_000,
              data: { status: "failed" },
            });
            expect(r.errorJson().error).toMatchObject({ code: "DELIVERY_FAILED", details: { refunded: 19_000 } });
          }
        } else if (failed) {
          // The verdict, and in the same line whether anything was charged.
          expect(r.stderr.split("\n")).toContain(
            `  outcome: ${verdictWords(c.verdict, en)}; ${en.verdicts.charged[c.verdict]}`,
          );
          if (c.verdict === "delivery_failed") expect(r.stderr).toMatch(/Delivery failed: .*Rp 19\.000 refunded/);
          if (c.verdict === "partial") expect(r.stderr).toMatch(/Partly delivered: .*; Rp 19\.000 refunded\./);
        } else if (c.args(n).includes("--wait")) {
          expect(r.stderr).toMatch(
            new RegExp(`: ref_id RSL-\\S+, invoice INV-\\S+ \\(outcome: ${verdictWords(c.verdict, en)}\\)`),
          );
        } else if (mode === "plain") {
          expect(r.stdout.trim().split("\t").at(-1)).toBe(c.verdict);
        } else {
          expect(r.stdout).toMatch(new RegExp(`^Outcome +${verdictWords(c.verdict, en)}$`, "m"));
        }
        // Piped, a wait's result ends with the verdict's own row (and the refund), whatever the exit code.
        if (mode === "plain" && c.args(n).includes("--wait") && c.verdict !== "refused" && c.verdict !== "unknown") {
          expect(r.stdout.trimEnd().split("\n").at(-1)).toBe(
            `outcome\t${c.verdict}\t${c.verdict === "delivery_failed" || c.verdict === "partial" ? 19_000 : ""}`.trimEnd(),
          );
        }
        // Nothing but results on stdout: a failed cart prints none in table or piped mode.
        if (failed && mode !== "json" && c.verdict !== "delivery_failed" && c.verdict !== "partial")
          expect(r.stdout).toBe("");

        const after = harness.accountOf(reseller.apiKey).balance;
        // Charged: the total left the balance; otherwise it is exactly where it was.
        expect({ charged: after < before, untouched: after === before }).toEqual({
          charged: c.charged,
          untouched: !c.charged,
        });
        const entries = foldRecords(journalRecords(reseller.configDir));
        if (c.verdict === "not_sent") expect(entries).toEqual([]);
        else expect(entries.at(-1)).toMatchObject(c.journal);
      });
    }
  }
});

describe("refused and unknown", () => {
  for (const mode of modes) {
    it(`refused (nothing charged) and unknown (sent, no answer), ${mode}`, async () => {
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
      // The service's own refusal at purchase time: a ref_id of yours used before.
      const ref = `used-${mode}`;
      expect(
        (await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990096", "--ref-id", ref, "--yes"]))
          .exitCode,
      ).toBe(0);
      const refused = await reseller.run(
        ["buy", "--item", "11", "--qty", "1", "--note", "081299990096", "--ref-id", ref, "--yes"],
        { mode },
      );
      expect(refused.exitCode).toBe(1);
      if (mode === "json")
        expect(refused.errorJson().error).toMatchObject({
          code: "REF_ID_ALREADY_EXIST",
          details: { outcome: "refused" },
        });
      else expect(refused.stderr).toMatch(/outcome: refused; nothing charged$/m);

      harness.emulator.faults.configure({
        drop_after_commit_next: 0,
        drop_before_commit_next: 10,
        match: { method: "POST", path: "/v1/trx" },
      });
      const lost = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990098", "--yes"], {
        mode,
        env: { RESELLER_MAX_RETRIES: "1" },
      });
      harness.emulator.faults.reset();
      // Every answer lost on the way: it may have landed, so unknown (exit 5) until reconcile asks.
      expect(lost.exitCode, lost.stderr).toBe(5);
      if (mode === "json") expect(lost.errorJson().error.details).toMatchObject({ outcome: "unknown" });
      else expect(lost.stderr).toMatch(/outcome: unknown; may have been charged: `reseller reconcile` finds out$/m);
      expect(foldRecords(journalRecords(reseller.configDir)).at(-1)).toMatchObject({ outcome: "unknown" });
    });
  }
  it("an answer without a refusal code, and the ref_id holds another order: refused, saying that order is not this one", async () => {
    const key = harness.apiKeyOf("Rumah Game Murah");
    // The ref_id was used by another machine of the shop for another item.
    const ref = "taken-by-another-order";
    const other = await resellerInProcess(harness, key).run(
      ["buy", "--item", "11", "--qty", "1", "--note", "081299990071", "--ref-id", ref, "--yes"],
      { mode: "json" },
    );
    expect(other.exitCode, other.stderr).toBe(0);
    const reseller = resellerInProcess(harness, key);
    for (const mode of ["json", "plain"] as const) {
      const before = harness.accountOf(key).balance;
      // A proxy's 409 with no code of the service's: the answer proves nothing, so the ref_id is looked up.
      harness.emulator.faults.configure({
        error_next: 1,
        error_status: 409,
        match: { method: "POST", path: "/v1/trx" },
      });
      const r = await reseller.run(
        ["buy", "--item", "12", "--qty", "1", "--note", "081299990072", "--ref-id", ref, "--yes"],
        { mode },
      );
      harness.emulator.faults.reset();
      expect(r.exitCode, r.stderr).toBe(1);
      const said = mode === "json" ? r.errorJson().error.message : r.stderr;
      expect(said).toMatch(
        new RegExp(
          `a transaction with ref_id ${ref} exists but is not this order \\(1 × [^)]*INV-[^)]*\\), so nothing was charged for this one`,
        ),
      );
      expect(said).not.toMatch(/has no purchase with ref_id/);
      if (mode === "json")
        expect(r.errorJson().error).toMatchObject({
          details: { outcome: "refused", other_transaction: { invoice: other.json().data.invoice } },
        });
      expect(harness.accountOf(key).balance).toBe(before);
      expect(foldRecords(journalRecords(reseller.configDir)).at(-1)).toMatchObject({
        outcome: "refused",
        by: "lookup",
        reason: expect.stringMatching(/a look-up found nothing of this purchase under this ref_id$/),
      });
    }
    // The journal keeps its English whatever the language people read.
    harness.emulator.faults.configure({ error_next: 1, error_status: 409, match: { method: "POST", path: "/v1/trx" } });
    const id = await reseller.run(
      ["buy", "--item", "12", "--qty", "1", "--note", "081299990072", "--ref-id", ref, "--yes"],
      { env: indonesian },
    );
    harness.emulator.faults.reset();
    expect(id.exitCode, id.stderr).toBe(1);
    expect(foldRecords(journalRecords(reseller.configDir)).at(-1)).toMatchObject({
      outcome: "refused",
      by: "lookup",
      reason: expect.stringMatching(/a look-up found nothing of this purchase under this ref_id$/),
    });
  });
  it("the service cannot be reached: exit 4, nothing sent and nothing journaled", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    const r = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990097", "--yes"], {
      mode: "json",
      env: { RESELLER_BASE_URL: `http://127.0.0.1:${await closedPort()}` },
    });
    expect(r.exitCode).toBe(4);
    expect(journalRecords(reseller.configDir)).toEqual([]);
  });
});
