/**
 * The catalogue's pieces without a server: the decoder on both published shapes (and the ways a
 * service may wrap them), merging a delta into a kept copy, the kept file's search that parses only
 * the lines holding every word, and the sync's choice between a whole fetch, pages and a delta.
 */
import { en } from "../../src/messages/en.js";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeCatalogue } from "../../src/api/decode.js";
import type { CataloguePage, CatalogueQuery, Item } from "../../src/api/model.js";
import { ServiceClient } from "../../src/api/client.js";
import { AuthError, NetworkError } from "../../src/errors.js";
import { tryTakeLock } from "../../src/config/file-lock.js";
import {
  applyChanges,
  catalogueCachePath,
  headerBytes,
  readCatalogue,
  writeCatalogue,
  type CatalogueEntry,
  type CatalogueOwner,
} from "../../src/catalogue/cache.js";
import { findItems, searchWords, slugOf } from "../../src/catalogue/search.js";
import { showItems } from "../../src/catalogue/show.js";
import { Output } from "../../src/output/output.js";
import { CatalogueStream } from "../../src/catalogue/stream.js";
import {
  entryOf,
  mergeCatalogue,
  syncCatalogue,
  type CatalogueSource,
  type SyncOptions,
} from "../../src/catalogue/sync.js";
import { startEmulator, type RunningEmulator } from "../../src/emulator/server.js";
import { makeConfigDir } from "../support/cli.js";
import { closedPort } from "../support/emulator.js";
import { testItem } from "../support/items.js";

describe("decodeCatalogue", () => {
  it("reads A's flat variants, category a name, with server_time and meta", () => {
    const page = decodeCatalogue({
      message: "OK",
      data: [
        {
          id: 12,
          name: "Pulsa Telkomsel 10.000",
          sku: "TSEL10",
          price: "11500",
          stock: null,
          category: "Pulsa",
          order_process: "h2h",
          min_order: 1,
          status: "on",
        },
        {
          id: 23,
          name: "Instagram Followers",
          price: 35,
          stock: null,
          category: { id: 7, name: "Sosial Media" },
          order_process: "h2h",
          is_smm: 1,
          min_order: "100",
        },
      ],
      meta: { total_items: 2, is_delta: false },
      server_time: "2026-02-26T22:00:00+07:00",
    });
    expect(page.serverTime).toBe("2026-02-26T22:00:00+07:00");
    expect([page.totalItems, page.isDelta, page.withdrawn]).toEqual([2, false, []]);
    expect(page.items.map(entryOf)).toEqual([
      {
        id: 12,
        sku: "TSEL10",
        category: "Pulsa",
        product: null,
        name: "Pulsa Telkomsel 10.000",
        price: 11_500,
        process: "h2h",
        stock: null,
        unlimited: true,
        min_order: 1,
      },
      {
        id: 23,
        sku: null,
        category: "Sosial Media",
        product: null,
        name: "Instagram Followers",
        price: 35,
        process: "smm",
        stock: null,
        unlimited: true,
        min_order: 100,
      },
    ]);
  });

  it("reads B's categories → products → variants as the documentation shows them, the variant id the item's", () => {
    const page = decodeCatalogue({
      message: "OK",
      data: [
        {
          id: 1,
          name: "Aplikasi Premium",
          icon: "…",
          products: [
            {
              id: 10,
              name: "Gemini Advanced",
              image: "…",
              variants: [
                {
                  id: 3342,
                  sku: "GA-1BAB",
                  name: "12 Bulan",
                  price: 6000,
                  order_process: "h2h",
                  h2h_provider: "h2h",
                  provider_meta: {
                    open_denom: true,
                    min_qty: 10000,
                    max_qty: 10000000,
                    step_qty: 1,
                    qty_label: "Nominal",
                  },
                  required_fields: [{ key: "note", label: "User ID", required: true }],
                  validation: { available: true, endpoint: "/api/v1/item/validate", requires_zone_id: true },
                  stock: 50,
                  updated_at: "2026-02-26T14:01:10.000000Z",
                },
              ],
            },
          ],
        },
      ],
      meta: { total_items: 2891, is_delta: false },
      server_time: "2026-02-26T22:00:00+07:00",
    });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: 3342,
      sku: "GA-1BAB",
      name: "12 Bulan",
      productName: "Gemini Advanced",
      category: "Aplikasi Premium",
      price: 6000,
      stock: 50,
      unlimited: false,
    });
    expect(page.items[0]!.openAmount).toEqual({ min: 10000, max: 10000000, step: 1, label: "Nominal" });
    expect(page.totalItems).toBe(2891);
  });

  it("reports variants a delta marks off as withdrawn, and reads a paginator or a bare list", () => {
    const delta = decodeCatalogue({
      data: {
        data: [
          { id: 5, name: "a", status: "off" },
          { id: 6, name: "b", status: "on" },
        ],
        total: 2,
      },
      server_time: "t",
    });
    expect(delta.withdrawn).toEqual([5]);
    expect(delta.items.map((i) => i.id)).toEqual([6]);
    expect(delta.totalItems).toBe(2);
    const bare = decodeCatalogue([{ id: 7, name: "c" }]);
    expect([bare.items.map((i) => i.id), bare.serverTime, bare.totalItems, bare.isDelta]).toEqual([
      [7],
      null,
      null,
      null,
    ]);
  });

  it("refuses an answer with no list at all", () => {
    expect(() => decodeCatalogue({ message: "OK", data: null })).toThrow(/no list/);
    expect(() => decodeCatalogue({ message: "OK", data: { count: 3 } })).toThrow(/no list/);
  });
});

const entry = (id: number, category: string, product: string, extra: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  id,
  sku: null,
  category,
  product,
  name: `${product} ${id}`,
  price: 1000,
  process: "h2h",
  stock: null,
  unlimited: true,
  min_order: 1,
  ...extra,
});

describe("mergeCatalogue", () => {
  it("replaces changed variants in place, drops withdrawn ones, places new ones with their product", () => {
    const kept = [
      entry(1, "Pulsa", "Telkomsel"),
      entry(2, "Pulsa", "Telkomsel"),
      entry(3, "Pulsa", "XL"),
      entry(4, "Game", "ML"),
    ];
    const merged = mergeCatalogue(
      kept,
      [entry(2, "Pulsa", "Telkomsel", { price: 2000 }), entry(9, "Pulsa", "Telkomsel"), entry(10, "Voucher", "Steam")],
      [3],
    );
    expect(merged.map((e) => e.id)).toEqual([1, 2, 9, 4, 10]);
    expect(merged.find((e) => e.id === 2)!.price).toBe(2000);
  });
});

describe("the kept file", () => {
  const owner = {
    configDir: makeConfigDir(),
    profile: "shop 2",
    baseUrl: "https://api.example.com",
    apiKey: "rk_live_0123456789",
  };
  const entries = [
    entry(1, "Pulsa", "Telkomsel", { name: "Pulsa Telkomsel 86.000", price: 86_000, sku: "TSEL86" }),
    entry(2, "Top Up Game", "Mobile Legends", { name: "86 Diamonds", price: 21_500, sku: "ML86" }),
    entry(3, "Akun", 'Kode "Rahasia"', { name: "Kunci \\ Pro", sku: "K1" }),
    entry(4, "Voucher", "İstanbul Kart", { name: "Yükleme" }),
  ];

  it("is read back only by the profile, address and account that wrote it", async () => {
    writeCatalogue(owner, { server_time: "2026-11-21T21:30:00+07:00", synced_at: 1, full_synced_at: 1 }, entries);
    const kept = readCatalogue(owner)!;
    expect([kept.count, kept.server_time, kept.entries()]).toEqual([4, "2026-11-21T21:30:00+07:00", entries]);
    expect(readCatalogue({ ...owner, apiKey: "rk_live_someone_else" })).toBeUndefined();
    expect(readCatalogue({ ...owner, profile: "default" })).toBeUndefined();
    expect(readCatalogue({ ...owner, baseUrl: "https://other.example.com" })).toBeUndefined();
  });

  it("finds by the words of its lines, then by the fields: a word in a price is not a match", async () => {
    writeCatalogue(owner, { server_time: null, synced_at: 1, full_synced_at: 1 }, entries);
    const search = (text: string) =>
      findItems(readCatalogue(owner)!.entriesHolding(text.toLowerCase().split(/\s+/)), { search: text }).map(
        (e) => e.id,
      );
    expect(search("86")).toEqual([1, 2]);
    expect(search("86 diamonds")).toEqual([2]);
    expect(search("21500")).toEqual([]); // in the line (the price), in no field
    expect(search('"rahasia"')).toEqual([3]); // escaped in the line: tested parsed
    expect(search("kunci \\")).toEqual([3]);
    expect(search("istanbul")).toEqual([]); // İ lowers to i + a combining dot
    expect(search("i̇stanbul")).toEqual([4]);
    expect(search("yükleme")).toEqual([4]);
  });

  it("finds lines wherever they fall in the file, also one longer than the piece read at a time", () => {
    // 3,000 lines (some 300 KB) read in pieces of 64 KB; one name of 200 KB spans several of them.
    const many = Array.from({ length: 3000 }, (_, i) =>
      entry(i + 1, "Top Up Game", "Mobile Legends", { name: `${i % 7 === 0 ? "Weekly Pass" : "Diamonds"} ${i + 1}` }),
    );
    many[1500] = entry(1501, "Top Up Game", "Mobile Legends", { name: `Bundle ${"x".repeat(200_000)} Starlight` });
    writeCatalogue(owner, { server_time: null, synced_at: 1, full_synced_at: 1 }, many);
    const search = (text: string) =>
      findItems(readCatalogue(owner)!.entriesHolding(searchWords(text)), { search: text }).map((e) => e.id);
    expect(search("weekly pass")).toEqual(many.filter((e) => e.name.startsWith("Weekly")).map((e) => e.id));
    expect(search("starlight")).toEqual([1501]);
    expect(search("diamonds 3000")).toEqual([3000]);
    expect(search("diamonds 2999")).toEqual([2999]);
  });

  it("piped without a search, prints every variant once, in the copy's order, however the rows are cut into writes", () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      entry(i + 1, "Top Up Game", "Mobile Legends", { name: `Diamonds ${i + 1}` }),
    );
    writeCatalogue(owner, { server_time: null, synced_at: 1, full_synced_at: 1 }, many);
    const writes: string[] = [];
    const output = new Output({
      stdout: { write: (text: string) => void writes.push(text) },
      stderr: { write: () => undefined },
      mode: "plain",
      stdoutIsTTY: false,
      stderrIsTTY: false,
      now: () => 1,
    });
    showItems(output, readCatalogue(owner)!, {}, 1);
    const ids = writes
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => Number(line.split("\t")[0]));
    expect(ids).toEqual(many.map((e) => e.id));
    // Written a few hundred rows at a time, never a whole piece of the copy at once.
    expect(Math.max(...writes.map((text) => text.split("\n").length - 1))).toBeLessThanOrEqual(200);
  });

  it("names categories by slug too", () => {
    expect(slugOf("Top Up Game")).toBe("top-up-game");
    expect(findItems(entries, { category: "top-up-game" }).map((e) => e.id)).toEqual([2]);
    expect(findItems(entries, { category: "PULSA" }).map((e) => e.id)).toEqual([1]);
  });
});

/** A ServiceClient of the emulator's demo account, every catalogue query it sends recorded. */
function clientOf(emulator: RunningEmulator, timeoutMs = 10_000): { client: ServiceClient; queries: string[] } {
  const queries: string[] = [];
  const client = new ServiceClient({
    say: en,
    baseUrl: emulator.baseUrl,
    apiKey: emulator.demoApiKey,
    timeoutMs,
    userAgent: "reseller-test",
    retry: { maxRetries: 0, maxDelayMs: 0 },
    log: (line) => {
      const sent = /^→ GET \S+\/v1\/item(\?\S*)?/.exec(line);
      if (sent) queries.push(new URLSearchParams(sent[1] ?? "").toString());
    },
  });
  return { client, queries };
}

const owned = (): CatalogueOwner => ({
  configDir: makeConfigDir(),
  profile: "default",
  baseUrl: "http://shop.invalid",
  apiKey: "rk_test_0123456789",
});
const syncing = (extra: Partial<SyncOptions> = {}): SyncOptions => ({
  refresh: false,
  now: Date.now,
  deadline: Date.now() + 60_000,
  say: en,
  ...extra,
});
const pageOf = (query: string) => new URLSearchParams(query).get("page");

describe("fetching the catalogue from the service", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, catalogueSize: 2600 });
  });
  afterAll(async () => {
    await emulator.close();
  });
  const onSale = () =>
    emulator
      .inspect()
      .items.filter((item) => item.active)
      .map((item) => item.id);

  it("reads per_page=all as it arrives, straight into the copy: one request, every variant once, in the service's order", async () => {
    const { client, queries } = clientOf(emulator);
    const owner = owned();
    const outcome = await syncCatalogue(client, owner, undefined, syncing());
    expect(queries).toEqual(["per_page=all"]);
    expect([outcome.whole, outcome.requests, outcome.kept.count]).toEqual([true, 1, onSale().length]);
    const ids = readCatalogue(owner)!
      .entries()
      .map((e) => e.id);
    expect(ids.sort((a, b) => a - b)).toEqual(onSale().sort((a, b) => a - b));
    await client.close();
  });

  it("pages four at a time when per_page=all is refused, keeping the pages in order, and says how far it got", async () => {
    emulator.setPerPageAll("refused");
    try {
      const { client, queries } = clientOf(emulator);
      const progress: string[] = [];
      const owner = owned();
      const outcome = await syncCatalogue(
        client,
        owner,
        undefined,
        syncing({ onProgress: (text) => progress.push(text) }),
      );
      expect(queries[0]).toBe("per_page=all");
      // Page 1 alone (it says how many there are), then the other five four at a time.
      expect(queries.slice(1).map(pageOf)).toEqual(["1", "2", "3", "4", "5", "6"]);
      expect(outcome.kept.count).toBe(onSale().length);
      const byPages = readCatalogue(owner)!
        .entries()
        .map((e) => e.id);
      emulator.setPerPageAll("answered");
      const whole = owned();
      await syncCatalogue(client, whole, undefined, syncing());
      expect(byPages).toEqual(
        readCatalogue(whole)!
          .entries()
          .map((e) => e.id),
      );
      expect(progress.at(-1)).toMatch(/^page 6 of 6, 2,6\d\d items…$/);
      await client.close();
    } finally {
      emulator.setPerPageAll("answered");
    }
  });

  it("pages when per_page=all is too slow for the timeout, and keeps what arrived for the next run when a page fails", async () => {
    emulator.setPerPageAll("refused");
    const owner = owned();
    try {
      const { client, queries } = clientOf(emulator);
      // Page 4 fails: what came before it is kept, not the pages after it that came early.
      const failing: CatalogueSource = {
        streamItems: (query, sink) => client.streamItems(query, sink),
        listItems: async (query) => {
          if (query?.page === 4)
            throw new NetworkError("ECONNRESET", "The service dropped the connection before answering.", true);
          return client.listItems(query);
        },
      };
      const error = await syncCatalogue(failing, owner, undefined, syncing()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      // The failure keeps its own words; how far the fetch got goes beside them.
      expect((error as NetworkError).message).toBe("The service dropped the connection before answering.");
      expect((error as NetworkError).progress).toMatch(
        /could not be fetched whole\. Asked all at once \(per_page=all\): The service rejected.* Then by pages, 3 of 6 pages arrived \(1,500 items\), and page 4 failed\.$/,
      );
      expect((error as NetworkError).suggestionIn(en)).toMatch(/goes on from page 4/);
      expect(readCatalogue(owner)).toBeUndefined();

      // The next run goes on from page 4, without asking for everything at once again.
      queries.length = 0;
      const outcome = await syncCatalogue(client, owner, undefined, syncing());
      expect(queries.map(pageOf)).toEqual(["4", "5", "6"]);
      expect([outcome.resumed, outcome.kept.count]).toEqual([true, onSale().length]);
      emulator.setPerPageAll("answered");
      const whole = owned();
      await syncCatalogue(client, whole, undefined, syncing());
      expect(readCatalogue(owner)!.entries()).toEqual(readCatalogue(whole)!.entries());
      await client.close();
    } finally {
      emulator.setPerPageAll("answered");
    }
  });

  it("asks from the first page again when what was kept is over an hour old", async () => {
    emulator.setPerPageAll("refused");
    try {
      const { client, queries } = clientOf(emulator);
      const owner = owned();
      const failing: CatalogueSource = {
        streamItems: (query, sink) => client.streamItems(query, sink),
        listItems: async (query) => {
          if (query?.page === 2) throw new NetworkError("ECONNRESET", "dropped", true);
          return client.listItems(query);
        },
      };
      await expect(syncCatalogue(failing, owner, undefined, syncing())).rejects.toMatchObject({
        progress: expect.stringMatching(/page 2 failed/),
      });
      queries.length = 0;
      const later = Date.now() + 61 * 60 * 1000;
      await syncCatalogue(client, owner, undefined, syncing({ now: () => later, deadline: later + 60_000 }));
      expect(queries.map(pageOf)).toEqual([null, "1", "2", "3", "4", "5", "6"]);
      await client.close();
    } finally {
      emulator.setPerPageAll("answered");
    }
  });

  it("stops at the deadline, and says so, rather than page on forever", async () => {
    emulator.setPerPageAll("refused");
    try {
      const { client } = clientOf(emulator);
      let clock = Date.now();
      const owner = owned();
      // Each page takes a minute of this clock: the sync's two minutes allow the first pages only.
      const slow: CatalogueSource = {
        streamItems: (query, sink) => client.streamItems(query, sink),
        listItems: async (query) => {
          clock += 60_000;
          return client.listItems(query);
        },
      };
      const error = await syncCatalogue(
        slow,
        owner,
        undefined,
        syncing({ now: () => clock, deadline: clock + 120_000 }),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as Error).message).toMatch(/did not arrive whole in the time a sync is given/);
      await client.close();
    } finally {
      emulator.setPerPageAll("answered");
    }
  });

  it("does not page around a key the service turns away, or a service that cannot be reached", async () => {
    const { client: refused } = clientOf(emulator);
    const stranger = new ServiceClient({
      say: en,
      baseUrl: emulator.baseUrl,
      apiKey: "rk_live_nobody_000000000",
      timeoutMs: 5000,
      userAgent: "t",
      retry: { maxRetries: 0, maxDelayMs: 0 },
    });
    await expect(syncCatalogue(stranger, owned(), undefined, syncing())).rejects.toBeInstanceOf(AuthError);
    const nowhere = new ServiceClient({
      say: en,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      apiKey: emulator.demoApiKey,
      timeoutMs: 5000,
      userAgent: "t",
      retry: { maxRetries: 0, maxDelayMs: 0 },
    });
    const error = await syncCatalogue(nowhere, owned(), undefined, syncing()).catch((e: unknown) => e);
    expect([error instanceof NetworkError, (error as NetworkError).mayHaveReached]).toEqual([true, false]);
    await Promise.all([refused.close(), stranger.close(), nowhere.close()]);
  });

  it("a delta appends what changed to the copy and rewrites only its header", async () => {
    const { client, queries } = clientOf(emulator);
    const owner = owned();
    const first = await syncCatalogue(client, owner, undefined, syncing());
    const path = catalogueCachePath(owner);
    const before = readFileSync(path);
    const changedId = onSale()[40]!;
    emulator.clock.advance(1_000);
    emulator.setItemPrice(changedId, 77_700);
    // The service's clock counts seconds: the delta's server_time must be past the change.
    emulator.clock.advance(1_000);
    queries.length = 0;
    const outcome = await syncCatalogue(client, owner, first.kept, syncing());
    expect(queries).toEqual([`per_page=all&updated_since=${encodeURIComponent(first.kept.server_time!)}`]);
    expect([outcome.whole, outcome.received]).toEqual([false, 1]);
    const after = readFileSync(path);
    // Every line of the whole fetch is where it was; the change follows them.
    expect(after.subarray(headerBytes, first.kept.end).equals(before.subarray(headerBytes, first.kept.end))).toBe(true);
    expect(after.subarray(first.kept.end).toString()).toMatch(new RegExp(`^\\[${changedId},.*,77700,.*\\]\\n$`));
    const kept = readCatalogue(owner)!;
    expect(kept.count).toBe(first.kept.count);
    expect(kept.entries().find((e) => e.id === changedId)!.price).toBe(77_700);
    expect(kept.entries().map((e) => e.id)).toEqual(first.kept.entries().map((e) => e.id));
    // Nothing changed since: only the header is written again.
    const unchanged = await syncCatalogue(client, owner, kept, syncing());
    expect(unchanged.received).toBe(0);
    expect(readFileSync(path).subarray(headerBytes).equals(after.subarray(headerBytes))).toBe(true);
    expect(readCatalogue(owner)!.synced_at).toBeGreaterThanOrEqual(kept.synced_at);
    await client.close();
  });
});

describe("changes kept after the whole fetch", () => {
  const owner = owned();
  const times = { server_time: "T1", synced_at: 1, full_synced_at: 1 };
  const base = [entry(1, "Pulsa", "XL"), entry(2, "Pulsa", "XL"), entry(3, "Game", "ML"), entry(4, "Game", "ML")];

  it("are read in their places: replaced where they stood, new ones with their product, withdrawn ones gone; the last word on a variant wins", () => {
    let kept = writeCatalogue(owner, times, base);
    kept = applyChanges(
      owner,
      kept,
      [entry(2, "Pulsa", "XL", { price: 9 }), entry(5, "Pulsa", "XL", { name: "XL baru" })],
      [3],
      { ...times, server_time: "T2" },
    );
    expect([kept.count, kept.server_time]).toEqual([4, "T2"]);
    kept = applyChanges(owner, kept, [entry(3, "Game", "ML", { price: 7 })], [5], { ...times, server_time: "T3" });
    const read = readCatalogue(owner)!;
    expect(read.entries().map((e) => [e.id, e.price])).toEqual([
      [1, 1000],
      [2, 9],
      [3, 7],
      [4, 1000],
    ]);
    expect([read.count, read.server_time]).toEqual([4, "T3"]);
    // A search sees the changes too: the new price of 2, not the kept line's; withdrawn 5 not at all.
    const found = (words: string) => findItems(read.entriesHolding(searchWords(words)), { search: words });
    expect(found("xl").map((e) => [e.id, e.price])).toEqual([
      [1, 1000],
      [2, 9],
    ]);
    expect(found("baru")).toEqual([]);
  });

  it("are appended however many gather: a delta never writes the copy anew", () => {
    let kept = writeCatalogue(owner, times, base);
    const path = catalogueCachePath(owner);
    const wholeLines = readFileSync(path).subarray(headerBytes, kept.end);
    const many = Array.from({ length: 2001 }, (_, i) => entry(100 + i, "Voucher", "Steam"));
    kept = applyChanges(owner, kept, many, [], times);
    kept = applyChanges(owner, kept, [entry(1, "Pulsa", "XL", { price: 5 })], [2, 100], times);
    expect(kept.base_end).toBeLessThan(kept.end);
    expect(readFileSync(path).subarray(headerBytes, kept.base_end).equals(wholeLines)).toBe(true);
    const read = readCatalogue(owner)!;
    // 4 kept, 2,001 new, 2 withdrawn (one of the whole fetch's, one of the changes'); 1 only repriced.
    expect(read.count).toBe(2003);
    expect(read.entries().length).toBe(2003);
    expect(read.entries().find((e) => e.id === 1)!.price).toBe(5);
  });

  it("counts a variant by whether it was in the copy before: repriced, new, withdrawn, withdrawn twice, back again", () => {
    let kept = writeCatalogue(owner, times, base);
    kept = applyChanges(owner, kept, [entry(2, "Pulsa", "XL", { price: 9 })], [], times);
    expect(kept.count).toBe(4);
    kept = applyChanges(owner, kept, [entry(7, "Pulsa", "XL")], [3, 99], times);
    expect(kept.count).toBe(4);
    kept = applyChanges(owner, kept, [], [3], times);
    expect(kept.count).toBe(4);
    kept = applyChanges(owner, kept, [entry(3, "Game", "ML")], [], times);
    expect(kept.count).toBe(5);
    expect(readCatalogue(owner)!.count).toBe(readCatalogue(owner)!.entries().length);
  });

  it("leave a copy another run wrote since this one was read as it is, and answer from memory", () => {
    const kept = writeCatalogue(owner, times, base);
    writeCatalogue(owner, { ...times, server_time: "T9" }, base.slice(0, 2));
    const path = catalogueCachePath(owner);
    const theirs = readFileSync(path);
    const after = applyChanges(owner, kept, [entry(9, "Pulsa", "XL")], [], times);
    expect(after.entries().map((e) => e.id)).toEqual([1, 2, 9, 3, 4]);
    expect(readFileSync(path).equals(theirs)).toBe(true);
    expect(readCatalogue(owner)!.server_time).toBe("T9");
  });

  it("leave a copy another run is changing as it is, and answer from memory", () => {
    const kept = writeCatalogue(owner, times, base);
    const path = catalogueCachePath(owner);
    const before = readFileSync(path);
    const theirs = tryTakeLock(`${path}.lock`);
    if (theirs === "busy") throw new Error("the copy's lock is held");
    try {
      const after = applyChanges(owner, kept, [entry(9, "Pulsa", "XL")], [], { ...times, server_time: "T2" });
      expect(after.entries().map((e) => e.id)).toEqual([1, 2, 9, 3, 4]);
      expect(readFileSync(path).equals(before)).toBe(true);
    } finally {
      theirs.release();
    }
    // Once it is let go, the next delta is written.
    applyChanges(owner, readCatalogue(owner)!, [entry(9, "Pulsa", "XL")], [], { ...times, server_time: "T2" });
    expect(readCatalogue(owner)!.server_time).toBe("T2");
  });
});

describe("a search made while a delta is asked for", () => {
  it("lets the event loop run between pieces of the copy, and is what the search answers from afterwards", async () => {
    const owner = owned();
    // Over 4 MB of lines: more than one piece.
    const many = Array.from({ length: 50_000 }, (_, i) =>
      entry(i + 1, i % 7 ? "Voucher Game Online" : "Pulsa Reguler", i % 7 ? "Steam Wallet Indonesia" : "Telkomsel"),
    );
    writeCatalogue(owner, { server_time: "T1", synced_at: 1, full_synced_at: 1 }, many);
    expect(statSync(catalogueCachePath(owner)).size).toBeGreaterThan(4 << 20);
    const kept = readCatalogue(owner)!;
    let otherWorkRan = false;
    const searching = kept.searchAhead(["telkomsel"]);
    setImmediate(() => (otherWorkRan = true));
    await searching;
    expect(otherWorkRan).toBe(true);
    // The lines found are kept: the file's bytes changed under it now, the answer stays what was read.
    const path = catalogueCachePath(owner);
    const bytes = readFileSync(path);
    bytes.fill(0x20, headerBytes, bytes.length - 1);
    writeFileSync(path, bytes);
    const found = findItems(kept.entriesHolding(["telkomsel"]), { search: "telkomsel" });
    expect(found.map((e) => e.id)).toEqual(many.filter((e) => e.product === "Telkomsel").map((e) => e.id));
  });
});

/** A source answering from a function of the query (for what the emulator never says). */
function fakeSource(answer: (query: CatalogueQuery) => CataloguePage): CatalogueSource {
  return {
    async listItems(query: CatalogueQuery) {
      return { data: answer(query), body: {}, status: 200 };
    },
    async streamItems(query, sink) {
      const page = answer(query);
      sink.write(
        Buffer.from(
          JSON.stringify({
            data: page.items.map((item) => ({ id: item.id, name: item.name, price: item.price })),
            meta: { is_delta: page.isDelta },
            server_time: page.serverTime,
          }),
        ),
      );
      return { ...decodeCatalogue(sink.end()), items: [] };
    },
  };
}

const items = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => testItem({ id: from + i }));
const page = (list: Item[], extra: Partial<CataloguePage> = {}): CataloguePage => ({
  items: list,
  withdrawn: [],
  serverTime: "T1",
  totalItems: null,
  lastPage: null,
  isDelta: null,
  ...extra,
});

describe("a delta the service did not take as one", () => {
  it("(is_delta false) replaces the copy", async () => {
    const owner = owned();
    const kept = writeCatalogue(owner, { server_time: "T1", synced_at: 0, full_synced_at: Date.now() }, [
      entry(1, "A", "B"),
      entry(2, "A", "B"),
    ]);
    const outcome = await syncCatalogue(
      fakeSource(() => page(items(100, 3), { isDelta: false, serverTime: "T2" })),
      owner,
      kept,
      syncing(),
    );
    expect([outcome.whole, outcome.kept.entries().map((e) => e.id), outcome.kept.server_time]).toEqual([
      true,
      [100, 101, 102],
      "T2",
    ]);
  });
});

describe("reading a whole answer as it arrives", () => {
  const nested = {
    message: "OK",
    data: [
      {
        id: 1,
        name: "Aplikasi Premium",
        icon: "x",
        products: [
          {
            id: 10,
            name: "Gemini",
            variants: [
              { id: 3342, name: '12 Bulan "Pro" \\ }]', price: 6000, stock: 50, required_fields: [{ key: "note" }] },
            ],
          },
          {
            id: 11,
            name: "Netflix",
            variants: [
              { id: 5, name: "1 Bulan", price: 35000 },
              { id: 6, name: "x", status: "off" },
            ],
          },
        ],
      },
      // The category's name after its products: they wait for it.
      {
        products: [{ id: 20, name: "Pulsa XL", variants: [{ id: 15, name: "XL 10.000", price: -1.5e3 }] }],
        id: 2,
        name: "Pulsa",
      },
    ],
    meta: { total_items: 3, is_delta: false, last_page: 1 },
    server_time: "2026-02-26T22:00:00+07:00",
  };
  const flatPaginated = {
    success: true,
    data: {
      current_page: 1,
      items: [
        { id: 7, name: "c", category: "K", price: 1 },
        { id: 8, name: "d", category: { name: "L" } },
      ],
      total: 2,
    },
    server_time: "t",
  };

  /** The parts and the skeleton of `body` fed `size` characters at a time. */
  function streamed(body: unknown, size: number, wholeElementBytes?: number) {
    const parts: Item[] = [];
    const withdrawn: number[] = [];
    const stream = new CatalogueStream(
      (json) => {
        const part = decodeCatalogue(JSON.parse(json));
        parts.push(...part.items);
        withdrawn.push(...part.withdrawn);
      },
      1 << 20,
      wholeElementBytes,
    );
    const text = JSON.stringify(body, null, size % 2 ? 1 : undefined);
    for (let at = 0; at < text.length; at += size) stream.write(text.slice(at, at + size));
    const rest = decodeCatalogue(stream.end());
    return { items: parts, withdrawn, rest };
  }

  it("cuts nested and flat answers into parts the decoder reads as it reads the whole, whatever the chunks", () => {
    for (const body of [nested, flatPaginated, [{ id: 9, name: "bare" }]]) {
      const whole = decodeCatalogue(body);
      // Elements held whole (the fast way), or, past a size, a category read a product at a time.
      for (const [size, wholeElementBytes] of [
        [1, 10],
        [2, undefined],
        [3, 10],
        [7, 40],
        [64, undefined],
        [64, 10],
        [100_000, undefined],
        [100_000, 10],
      ] as const) {
        const { items: got, withdrawn, rest } = streamed(body, size, wholeElementBytes);
        expect(got, `chunks of ${size}, ${wholeElementBytes}`).toEqual(whole.items);
        expect(withdrawn).toEqual(whole.withdrawn);
        expect({ ...rest, items: got, withdrawn }).toEqual(whole);
      }
    }
  });

  it("reads the answer's bytes however they are cut: inside a multi-byte character, after a byte order mark", () => {
    const body = {
      data: [
        {
          id: 1,
          name: "Voucher",
          products: [{ name: "İstanbul Kart 🚇", variants: [{ id: 4, name: 'Yükleme ₺50 \\"x\\"', price: 50 }] }],
        },
        { id: 9, name: "日本語 ストア" },
      ],
      server_time: "t",
    };
    const whole = decodeCatalogue(body);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(body), "utf8")]);
    for (const size of [1, 2, 3, 5, 64]) {
      const items: Item[] = [];
      const stream = new CatalogueStream(
        (json) => items.push(...decodeCatalogue(JSON.parse(json)).items),
        1 << 20,
        size % 2 ? 16 : undefined,
      );
      for (let at = 0; at < bytes.length; at += size) stream.write(bytes.subarray(at, at + size));
      expect(decodeCatalogue(stream.end()).serverTime).toBe("t");
      expect(items, `chunks of ${size} bytes`).toEqual(whole.items);
    }
    expect(whole.items.map((item) => [item.name, item.productName])).toEqual([
      ['Yükleme ₺50 \\"x\\"', "İstanbul Kart 🚇"],
      ["日本語 ストア", null],
    ]);
  });

  it("hands back the answer without its list: message, meta and server_time for the client to check", () => {
    const stream = new CatalogueStream(() => undefined, 1 << 20);
    stream.write(JSON.stringify(nested));
    expect(stream.end()).toEqual({ message: "OK", data: [], meta: nested.meta, server_time: nested.server_time });
    const refusal = new CatalogueStream(() => undefined, 1 << 20);
    refusal.write('{"success":false,"message":"INVALID_API_KEY"}');
    expect(refusal.end()).toEqual({ success: false, message: "INVALID_API_KEY" });
  });

  it("says when the answer is cut short, not JSON, or has an entry too large to hold", () => {
    const cut = new CatalogueStream(() => undefined, 1 << 20);
    cut.write(JSON.stringify(nested).slice(0, 200));
    expect(() => cut.end()).toThrow(/ended before it was complete/);
    const html = new CatalogueStream(() => undefined, 1 << 20);
    expect(() => html.write("<html>502</html>")).toThrow(/not a JSON object/);
    const big = new CatalogueStream(() => undefined, 100);
    expect(() => big.write(JSON.stringify(nested))).toThrow(/larger than/);
  });
});
