/**
 * The journal's disk fills or turns read-only in the middle of a purchase. Before the request leaves,
 * that stops it (nothing sent); after, the purchase is what it is: reported, with the problem said.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Journal } from "../../src/journal/journal.js";
import type { JournalRecord } from "../../src/journal/entries.js";
import { en } from "../../src/messages/en.js";
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

describe("each way the records fail has its own hint", () => {
  /** Every record the journal is asked to write fails with this code. */
  const failing = (code: string) =>
    vi.spyOn(Journal.prototype, "append").mockImplementation(() => {
      throw Object.assign(new Error(`failed: ${code}`), { code });
    });
  const hintOf = (error: unknown) => {
    const suggestion = (error as { suggestion?: unknown }).suggestion;
    return typeof suggestion === "function" ? suggestion(en) : suggestion;
  };

  const remedies = ["Free some disk space", "over 15 s", "damaged", "writable"];
  it.each([
    ["SQLITE_BUSY", /Another reseller process has held the records for over 15 s/],
    ["SQLITE_CORRUPT", /The file is damaged\. It holds what was bought, so keep it/],
    ["SQLITE_READONLY", /writable for you again/],
    ["EROFS", /writable for you again/],
    ["ENOSPC", /^Free some disk space, then try again\.$/],
    ["SQLITE_FULL", /^Free some disk space, then try again\.$/],
  ])("%s before the intent is on disk: nothing sent, and the hint for it", async (code, hint) => {
    failing(code);
    const r = await buy(`TROUBLE-${code}`);
    expect(r.error).toMatchObject({ code: "JOURNAL_UNWRITABLE", exitCode: 2 });
    expect((r.error as Error).message).toMatch(/nothing was sent/);
    expect(hintOf(r.error)).toMatch(hint);
    const own = remedies.filter((remedy) => hintOf(r.error).includes(remedy));
    expect(own, `the hint of ${code} names its own remedy only`).toHaveLength(1);
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === `TROUBLE-${code}`)).toHaveLength(0);
  });

  it("a disk that fills after the intent and before the first attempt: nothing sent, no ref_id to keep", async () => {
    diskFullExcept("intent");
    const r = await buy("FULL-BEFORE-2");
    expect((r.error as Error).message).toMatch(/ENOSPC.*nothing was sent/);
    expect(r.stderr).not.toContain("keep its ref_id");
    expect(r.stderr).toMatch(/shows this purchase as started, though nothing was sent/);
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "FULL-BEFORE-2")).toHaveLength(0);
  });
});
