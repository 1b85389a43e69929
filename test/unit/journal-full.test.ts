/**
 * The journal's disk fills or turns read-only in the middle of a purchase. Before the request leaves,
 * that stops it (nothing sent); after, the purchase is what it is: reported, with the problem said.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Journal } from "../../src/journal/journal.js";
import type { JournalRecord } from "../../src/journal/entries.js";
import { testContext } from "../support/context.js";
import { useEmulator } from "../support/emulator.js";

const harness = useEmulator();
const noSpace = () => Object.assign(new Error("no space left on device"), { code: "ENOSPC" });

/** Lets the records of the given types through and fails every other one, as a disk that just filled. */
function diskFullExcept(...allowed: JournalRecord["type"][]) {
  const real = Journal.prototype.append;
  return vi.spyOn(Journal.prototype, "append").mockImplementation(function (this: Journal, record: JournalRecord) {
    if (!allowed.includes(record.type)) throw noSpace();
    return real.call(this, record);
  });
}

afterEach(() => vi.restoreAllMocks());

async function buy(refId: string) {
  const t = await testContext({
    env: { RESELLER_BASE_URL: harness.emulator.baseUrl, RESELLER_API_KEY: harness.emulator.demoApiKey },
  });
  const { run } = await import("../../src/commands/buy.js");
  const outcome = await run(t.ctx, {
    item: 12,
    qty: 1,
    note: "081234567890",
    refId,
    opt: [],
    wait: false,
    yes: true,
  }).then(
    () => ({ error: undefined }),
    (error: unknown) => ({ error }),
  );
  await t.ctx.dispose();
  return { ...outcome, stdout: t.stdout(), stderr: t.stderr() };
}

describe("a journal that cannot be written", () => {
  it("after the intent: the purchase is reported as bought, and the journal problem is said", async () => {
    diskFullExcept("intent", "attempt");
    const r = await buy("FULL-AFTER-1");
    expect(r.error).toBeUndefined();
    expect(r.stdout).toContain("FULL-AFTER-1");
    expect(r.stderr).toMatch(/Could not write the journal at .*ENOSPC.*keep its ref_id FULL-AFTER-1/);
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "FULL-AFTER-1")).toHaveLength(1);
  });

  it("before the intent is on disk: nothing is sent, exit 2 naming the journal", async () => {
    diskFullExcept();
    const r = await buy("FULL-BEFORE-1");
    expect(r.error).toMatchObject({ code: "JOURNAL_UNWRITABLE", exitCode: 2 });
    expect((r.error as Error).message).toMatch(/journal.*ENOSPC.*nothing was sent/);
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "FULL-BEFORE-1")).toHaveLength(0);
  });
});
