/**
 * `reseller items` against the emulator over real HTTP through main() (test/support/run-main.ts),
 * in each dialect (A's flat variants, B's categories → products → variants, the spec's items): the
 * first call fetches the whole catalogue once, a young copy asks nothing, an old one asks only what
 * changed since the last server_time and merges it, --refresh fetches everything again; search,
 * filters, the JSON shape, and paging when the service will not give everything at once.
 */
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { useEmulator, type Harness } from "../support/emulator.js";
import { modulesLoadedBy } from "../support/record-modules.js";
import { resellerInProcess, singleJson, tabRows } from "./commands-harness.js";
import { makeTempDir } from "../support/temp-dir.js";

/** Piped rows: id, category, product, name, price, process, stock, minimum order, sku, disrupted. */
const rows = tabRows;
const idsOf = (stdout: string) => rows(stdout).map((row) => Number(row[0]));

/** The catalogue requests the emulator answered, each as its query string, from `from` on. */
function catalogueQueries(harness: Harness, from = 0): URLSearchParams[] {
  return harness.requests
    .slice(from)
    .filter((line) => /^GET \/v1\/item(\?| )/.test(line))
    .map((line) => new URL(line.split(" ")[1]!, "http://emulator.invalid").searchParams);
}

function catalogueFile(configDir: string): string {
  const dir = join(configDir, "catalogue");
  const [file, ...others] = readdirSync(dir);
  expect(others).toEqual([]);
  return join(dir, file!);
}

function header(configDir: string): { server_time: string; synced_at: number; count: number; end: number } {
  return JSON.parse(readFileSync(catalogueFile(configDir), "utf8").split("\n")[0]!);
}

/** Makes the kept copy look `ms` older, as if that much time had passed since it was checked. */
function age(configDir: string, ms: number): void {
  const file = catalogueFile(configDir);
  const text = readFileSync(file, "utf8");
  const first = text.slice(0, text.indexOf("\n"));
  const head = JSON.parse(first);
  head.synced_at -= ms;
  // The header is a line of fixed length, written again in place: keep its length.
  writeFileSync(file, JSON.stringify(head).padEnd(first.length, " ") + text.slice(first.length));
}

const twoMinutes = 2 * 60 * 1000;

/** How many items the emulator has on sale: the seeded catalogue grows as the service's features do. */
const onSale = (harness: Harness) => harness.emulator.inspect().items.filter((item) => item.active).length;

describe.each<Dialect>(["live", "live-short", "spec"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });

  it("fetches the whole catalogue once, one row per variant, and keeps it 0600 in the config dir", async () => {
    const reseller = resellerInProcess(harness);
    const before = harness.requests.length;
    const r = await reseller.run(["items"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const queries = catalogueQueries(harness, before);
    expect(queries.map((q) => Object.fromEntries(q))).toEqual([{ per_page: "all" }]);
    expect(idsOf(r.stdout)).toHaveLength(onSale(harness));
    expect(idsOf(r.stdout)).not.toContain(9);
    const telkomsel = rows(r.stdout).find((row) => row[0] === "12")!;
    expect(telkomsel).toEqual([
      "12",
      "Pulsa",
      "Pulsa Telkomsel",
      dialect === "spec" ? "Pulsa Telkomsel 10.000" : "10.000",
      "11500",
      "h2h",
      "unlimited",
      "1",
      "TSEL10",
      "",
    ]);
    expect(
      rows(r.stdout)
        .find((row) => row[0] === "28")!
        .slice(4),
    ).toEqual(["3500", "auto", "60", "5", "GMAIL-FRESH", ""]);
    expect(statSync(catalogueFile(reseller.configDir)).mode & 0o777).toBe(0o600);
    expect(statSync(join(reseller.configDir, "catalogue")).mode & 0o777).toBe(0o700);

    // A minute has not passed: the copy is used as it is, nothing asked.
    const again = await reseller.run(["items", "--search", "telkomsel"]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(idsOf(again.stdout)).toEqual([11, 12, 13, 14]);
    expect(catalogueQueries(harness, before)).toHaveLength(1);
  });

  it("a changed price arrives with a delta asked from the last server_time, merged, without fetching everything", async () => {
    const reseller = resellerInProcess(harness);
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    const { server_time: serverTime, count } = header(reseller.configDir);
    expect(count).toBe(onSale(harness));
    harness.emulator.setItemPrice(13, 26_400);
    age(reseller.configDir, twoMinutes);

    const before = harness.requests.length;
    const r = await reseller.run(["items", "--search", "TSEL25"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(rows(r.stdout)).toEqual([
      [
        expect.any(String),
        "Pulsa",
        "Pulsa Telkomsel",
        expect.stringContaining("25.000"),
        "26400",
        "h2h",
        "unlimited",
        "1",
        "TSEL25",
        "",
      ],
    ]);
    const queries = catalogueQueries(harness, before);
    expect(queries.map((q) => Object.fromEntries(q))).toEqual([{ per_page: "all", updated_since: serverTime }]);
    // The delta carried one variant; the copy still holds them all, the new price among them.
    const all = await reseller.run(["items", "--json"]);
    expect(singleJson(all).items).toHaveLength(onSale(harness));
    expect(singleJson(all).items.find((i: any) => i.id === 13).price).toBe(26_400);
    expect(header(reseller.configDir).server_time >= serverTime).toBe(true);
    expect(catalogueQueries(harness, before)).toHaveLength(1);
  });

  it("--refresh fetches everything again, however young the copy", async () => {
    const reseller = resellerInProcess(harness);
    await reseller.run(["items"]);
    const before = harness.requests.length;
    const r = await reseller.run(["items", "--refresh", "--search", "netflix"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toEqual([1, 2]);
    expect(catalogueQueries(harness, before).map((q) => Object.fromEntries(q))).toEqual([{ per_page: "all" }]);
  });

  it("finds by SKU and by name, in any case, every word anywhere in category, product, name or SKU", async () => {
    const reseller = resellerInProcess(harness);
    expect(idsOf((await reseller.run(["items", "--search", "ml86"])).stdout)).toEqual([21]);
    expect(idsOf((await reseller.run(["items", "--search", "gmail-FRESH"])).stdout)).toEqual([28]);
    expect(idsOf((await reseller.run(["items", "--search", "telkomsel 10.000"])).stdout)).toEqual([12]);
    expect(idsOf((await reseller.run(["items", "--search", "NETFLIX sharing"])).stdout)).toEqual([1]);
    expect(idsOf((await reseller.run(["items", "--search", "legends"])).stdout)).toEqual([10, 21]);
    const none = await reseller.run(["items", "--search", "no such thing"]);
    expect(none.exitCode).toBe(0);
    expect(none.stdout).toBe("");
    expect(none.stderr).toContain("No items match.");
  });

  it("--process and --category narrow the list; an unknown category names the ones there are (exit 2)", async () => {
    const reseller = resellerInProcess(harness);
    expect(idsOf((await reseller.run(["items", "--process", "smm"])).stdout)).toEqual([23, 24, 25, 26]);
    expect(idsOf((await reseller.run(["items", "--process", "manual"])).stdout).sort((a, b) => a - b)).toEqual([
      10, 27,
    ]);
    expect(idsOf((await reseller.run(["items", "--category", "top-up-game"])).stdout)).toEqual([21, 22]);
    expect(idsOf((await reseller.run(["items", "--category", "e-wallet", "--search", "ovo"])).stdout)).toEqual([19]);
    const unknown = await reseller.run(["items", "--category", "Voucher"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/no category "Voucher"/);
    expect(unknown.stderr).toContain("Top Up Game");
    expect((await reseller.run(["items", "--process", "vip"])).exitCode).toBe(2);
  });

  it("--json: one document, the service's server_time and the variants in one shape whatever the dialect", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["items", "--search", "tsel10"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    const body = singleJson(r);
    expect(Object.keys(body)).toEqual(["server_time", "items"]);
    expect(body.server_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    expect(body.items).toEqual([
      {
        id: 12,
        sku: "TSEL10",
        category: "Pulsa",
        product: "Pulsa Telkomsel",
        name: dialect === "spec" ? "Pulsa Telkomsel 10.000" : "10.000",
        price: 11_500,
        process: "h2h",
        stock: null,
        unlimited: true,
        min_order: 1,
      },
    ]);
    const stocked = singleJson(await reseller.run(["items", "--search", "gmail"], { mode: "json" })).items[0];
    expect(stocked).toMatchObject({ id: 28, stock: 60, unlimited: false, min_order: 5, process: "auto" });
  });
});

describe("a catalogue the service will not give all at once", () => {
  const harness = useEmulator({ dialect: "live-short", catalogueSize: 1200, perPageAll: "refused" });

  it("per_page=all refused: pages of 500 until the last, every variant once", async () => {
    const reseller = resellerInProcess(harness);
    const before = harness.requests.length;
    const r = await reseller.run(["items", "--json"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const items = singleJson(r).items;
    expect(items).toHaveLength(1200);
    expect(new Set(items.map((i: any) => i.id)).size).toBe(1200);
    // Page 1 alone (it says how many there are), then the rest at once, in whatever order they are answered.
    const queries = catalogueQueries(harness, before).map((q) => Object.fromEntries(q));
    expect(queries.slice(0, 2)).toEqual([{ per_page: "all" }, { page: "1", per_page: "500" }]);
    expect(queries.slice(2).sort((a, b) => Number(a.page) - Number(b.page))).toEqual([
      { page: "2", per_page: "500" },
      { page: "3", per_page: "500" },
    ]);
    expect(harness.requests.slice(before).find((line) => line.includes("per_page=all"))).toMatch(/ 422 /);
  });

  it("per_page=all answered with one page of 100: its total says there is more, so it pages", async () => {
    harness.emulator.setPerPageAll("ignored");
    try {
      const reseller = resellerInProcess(harness);
      const before = harness.requests.length;
      const r = await reseller.run(["items", "--search", "mobile legends indonesia"]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(idsOf(r.stdout)).toHaveLength(28);
      expect(
        catalogueQueries(harness, before)
          .map((q) => q.get("page"))
          .sort(),
      ).toEqual(["1", "2", "3", null].sort());
      expect(header(reseller.configDir).count).toBe(1200);
    } finally {
      harness.emulator.setPerPageAll("refused");
    }
  });

  it("a delta is paged the same way, from the last server_time", async () => {
    const reseller = resellerInProcess(harness);
    await reseller.run(["items"]);
    const { server_time: serverTime } = header(reseller.configDir);
    harness.emulator.setItemPrice(1500, 99_900);
    age(reseller.configDir, twoMinutes);
    const before = harness.requests.length;
    const r = await reseller.run(["items", "--json", "--search", String(1500)]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(catalogueQueries(harness, before).map((q) => Object.fromEntries(q))).toEqual([
      { per_page: "all", updated_since: serverTime },
      { page: "1", per_page: "500", updated_since: serverTime },
    ]);
    const all = singleJson(await reseller.run(["items", "--json"])).items;
    expect(all).toHaveLength(1200);
    expect(all.find((i: any) => i.id === 1500).price).toBe(99_900);
  });
});

describe("a whole catalogue too slow to wait for (per_page=all answered after 20 s, as live clients met it)", () => {
  const harness = useEmulator({ catalogueSize: 1200 });
  const slow = () => harness.emulator.faults.configure({ per_page_all_latency_ms: 20_000 });

  it("is listed by pages, each within --timeout, and so is a delta; nothing waits for the slow answer", async () => {
    slow();
    try {
      const reseller = resellerInProcess(harness);
      const before = harness.requests.length;
      const r = await reseller.run(["items", "--json", "--timeout", "2"]);
      expect(r.exitCode, r.stderr).toBe(0);
      const items = singleJson(r).items;
      expect(items).toHaveLength(1200);
      expect(new Set(items.map((i: any) => i.id)).size).toBe(1200);
      const pages = catalogueQueries(harness, before)
        .filter((q) => q.get("per_page") === "500")
        .map((q) => q.get("page"));
      expect(pages.sort()).toEqual(["1", "2", "3"]);
      const { server_time: serverTime } = header(reseller.configDir);

      harness.emulator.setItemPrice(1100, 12_300);
      age(reseller.configDir, twoMinutes);
      const from = harness.requests.length;
      const delta = await reseller.run(["items", "--json", "--timeout", "2", "--search", "ML"]);
      expect(delta.exitCode, delta.stderr).toBe(0);
      // (The emulator logs a request once answered: the slow whole delta is still waiting to be.)
      expect(catalogueQueries(harness, from).map((q) => Object.fromEntries(q))).toEqual([
        { page: "1", per_page: "500", updated_since: serverTime },
      ]);
      const all = singleJson(await reseller.run(["items", "--json"])).items;
      expect(all).toHaveLength(1200);
      expect(all.find((i: any) => i.id === 1100).price).toBe(12_300);
    } finally {
      harness.emulator.faults.reset();
    }
  });

  it("says plainly what happened when neither the whole answer nor a page comes (exit 1, as the service's 503 is)", async () => {
    // The slow whole answer times out; the first page finds the service down.
    harness.emulator.faults.configure({ per_page_all_latency_ms: 20_000, error_next: 2, error_status: 503 });
    try {
      const reseller = resellerInProcess(harness);
      const r = await reseller.run(["items", "--timeout", "2"], { env: { RESELLER_MAX_RETRIES: "0" } });
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe("");
      // The failure in its own words first, then how far the fetch got on a line of its own.
      expect(r.stderr).toMatch(/^Error: .*HTTP 503\)$/m);
      expect(r.stderr).toMatch(
        /^ {2}The catalogue could not be fetched whole\. Asked all at once \(per_page=all\): The service at \S+ did not answer in time\. Then by pages, no page arrived, and page 1 failed\.$/m,
      );
      expect(existsSync(join(reseller.configDir, "catalogue"))).toBe(true);
      expect(readdirSync(join(reseller.configDir, "catalogue"))).toEqual([]);
    } finally {
      harness.emulator.faults.reset();
    }
  });
});

describe("a search on a copy over a minute old", () => {
  const harness = useEmulator();

  /** The copy's bytes and its file's identity: a copy written anew is a new file. */
  const snapshot = (configDir: string) => {
    const file = catalogueFile(configDir);
    return { bytes: readFileSync(file), inode: statSync(file).ino, header: header(configDir) };
  };

  it("shows the prices the service has now, found while the delta was asked, the copy appended to and never written anew", async () => {
    const reseller = resellerInProcess(harness);
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    const before = snapshot(reseller.configDir);
    harness.emulator.setItemPrice(12, 11_900);
    harness.emulator.setItemPrice(28, 3_700);
    age(reseller.configDir, twoMinutes);

    const from = harness.requests.length;
    const r = await reseller.run(["items", "--search", "telkomsel"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(rows(r.stdout).map((row) => [Number(row[0]), Number(row[4])])).toEqual([
      [11, expect.any(Number)],
      [12, 11_900],
      [13, expect.any(Number)],
      [14, expect.any(Number)],
    ]);
    expect(catalogueQueries(harness, from).map((q) => Object.fromEntries(q))).toEqual([
      { per_page: "all", updated_since: before.header.server_time },
    ]);

    const after = snapshot(reseller.configDir);
    expect(after.inode).toBe(before.inode);
    // Every byte after the header up to the old end is as it was; what changed follows, one line each.
    expect(after.bytes.subarray(4096, before.header.end).equals(before.bytes.subarray(4096, before.header.end))).toBe(
      true,
    );
    const appended = after.bytes.subarray(before.header.end, after.header.end).toString().split("\n").filter(Boolean);
    expect(appended.map((line) => JSON.parse(line)[0]).sort((a, b) => a - b)).toEqual([12, 28]);
    expect(after.header.count).toBe(before.header.count);
    expect(after.header.synced_at).toBeGreaterThan(before.header.synced_at);

    // The change not searched for is kept too: a young copy answers with it, asking nothing.
    const young = await reseller.run(["items", "--search", "GMAIL-FRESH"]);
    expect(rows(young.stdout).map((row) => Number(row[4]))).toEqual([3_700]);
    expect(catalogueQueries(harness, from)).toHaveLength(1);
  });

  it("never reads or appends through a link put where the copy was: the file it points to stays as it was", async () => {
    const reseller = resellerInProcess(harness);
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    age(reseller.configDir, twoMinutes);
    const copy = catalogueFile(reseller.configDir);
    const elsewhere = join(makeTempDir("reseller-elsewhere-"), "catalogue.jsonl");
    renameSync(copy, elsewhere);
    symlinkSync(elsewhere, copy);
    const untouched = readFileSync(elsewhere);
    harness.emulator.setItemPrice(12, 11_900);

    const from = harness.requests.length;
    const r = await reseller.run(["items", "--search", "telkomsel"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(rows(r.stdout).find((row) => row[0] === "12")?.[4]).toBe("11900");
    // Read as no copy: the whole catalogue asked for, not a delta from the linked file's time.
    expect(catalogueQueries(harness, from).map((q) => Object.fromEntries(q))).toEqual([{ per_page: "all" }]);
    expect(readFileSync(elsewhere).equals(untouched)).toBe(true);
    expect(lstatSync(copy).isSymbolicLink()).toBe(false);
  });

  it("says what the CLI says of a category it does not have (exit 2), as text and as --json", async () => {
    const reseller = resellerInProcess(harness);
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    age(reseller.configDir, twoMinutes);
    const r = await reseller.run(["items", "--category", "no-such-shelf"]);
    expect([r.exitCode, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toMatch(/The catalogue has no category "no-such-shelf"\./);
    expect(r.stderr).toMatch(/Categories: .*Pulsa/);
    age(reseller.configDir, twoMinutes);
    const json = await reseller.run(["items", "--category", "no-such-shelf", "--json"]);
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.stderr).error.message).toBe('The catalogue has no category "no-such-shelf".');
  });

  it("a delta the service refuses fails as a sync always has (exit 1, the service's words, nothing listed), the copy as it was", async () => {
    const reseller = resellerInProcess(harness);
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    age(reseller.configDir, twoMinutes);
    const before = snapshot(reseller.configDir);
    // The delta all at once, then its first page: both answered 503.
    harness.emulator.faults.configure({ error_next: 2, error_status: 503 });
    try {
      const r = await reseller.run(["items", "--search", "telkomsel"], { env: { RESELLER_MAX_RETRIES: "0" } });
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/What changed in the catalogue could not be fetched whole\./);
    } finally {
      harness.emulator.faults.reset();
    }
    const after = snapshot(reseller.configDir);
    expect([after.inode, after.bytes.equals(before.bytes)]).toEqual([before.inode, true]);
    // The next search asks again from the same time, and answers.
    const again = await reseller.run(["items", "--search", "telkomsel"]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(idsOf(again.stdout)).toEqual([11, 12, 13, 14]);
  });
});

describe("the kept copy", () => {
  const harness = useEmulator();

  it("belongs to one account: another API key in the same config dir fetches its own", async () => {
    const mine = resellerInProcess(harness);
    await mine.run(["items"]);
    const before = harness.requests.length;
    const theirs = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"), mine.configDir);
    expect((await theirs.run(["items", "--search", "tsel10"])).exitCode).toBe(0);
    expect(catalogueQueries(harness, before).map((q) => Object.fromEntries(q))).toEqual([{ per_page: "all" }]);
  });

  it("that cannot be written still lists the catalogue, from memory, and says the next call fetches it again", async () => {
    const reseller = resellerInProcess(harness);
    // A file where the catalogue's folder belongs: nothing can be kept.
    writeFileSync(join(reseller.configDir, "catalogue"), "not a folder\n");
    const r = await reseller.run(["items", "--search", "tsel10"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toEqual([12]);
    expect(r.stderr).toMatch(/Could not keep the catalogue in .*; the next call fetches it again\./);
  });

  it("is shown with a warning when the service cannot be reached to bring it up to date (exit 0)", async () => {
    const reseller = resellerInProcess(harness);
    await reseller.run(["items"]);
    age(reseller.configDir, twoMinutes);
    harness.emulator.faults.configure({ down: true });
    try {
      const r = await reseller.run(["items", "--search", "tsel10"], { env: { RESELLER_MAX_RETRIES: "0" } });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(idsOf(r.stdout)).toEqual([12]);
      expect(r.stderr).toMatch(/Showing the catalogue as checked 2 min ago/);
      const refresh = await reseller.run(["items", "--refresh"], { env: { RESELLER_MAX_RETRIES: "0" } });
      expect(refresh.exitCode).toBe(4);
    } finally {
      harness.emulator.faults.reset();
    }
  });

  it("a warm search asks the service nothing: no HTTP client is set up", async () => {
    const reseller = resellerInProcess(harness);
    await reseller.run(["items"]);
    for (const env of [reseller.env, { ...reseller.env, RESELLER_FORCE_TTY: "1" }]) {
      const search = await modulesLoadedBy(["items", "--search", "tsel10"], env);
      expect(search.exitCode).toBe(0);
      expect(search.scripts.filter((url) => /^node:_?https?(_|$)/.test(url))).toEqual([]);
    }
  });
});
