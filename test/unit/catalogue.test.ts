/**
 * The catalogue's pieces without a server: the decoder on both published shapes (and the ways a
 * service may wrap them), merging a delta into a kept copy, the kept file's search that parses only
 * the lines holding every word, and the sync's choice between a whole fetch, pages and a delta.
 */
import { describe, expect, it } from "vitest";
import { decodeCatalogue } from "../../src/api/decode.js";
import type { CataloguePage, CatalogueQuery, Item } from "../../src/api/model.js";
import type { ServiceClient } from "../../src/api/client.js";
import { NetworkError, ServiceError } from "../../src/errors.js";
import { readCatalogue, writeCatalogue, type CatalogueEntry } from "../../src/catalogue/cache.js";
import { findItems, slugOf } from "../../src/catalogue/search.js";
import { entryOf, fetchAll, mergeCatalogue, syncCatalogue } from "../../src/catalogue/sync.js";
import { makeConfigDir } from "../support/cli.js";
import { testItem } from "../support/items.js";

describe("decodeCatalogue", () => {
  it("reads A's flat variants, category a name, with server_time and meta", () => {
    const page = decodeCatalogue({
      message: "OK",
      data: [
        { id: 12, name: "Pulsa Telkomsel 10.000", sku: "TSEL10", price: "11500", stock: null, category: "Pulsa", order_process: "h2h", min_order: 1, status: "on" },
        { id: 23, name: "Instagram Followers", price: 35, stock: null, category: { id: 7, name: "Sosial Media" }, order_process: "h2h", is_smm: 1, min_order: "100" },
      ],
      meta: { total_items: 2, is_delta: false },
      server_time: "2026-02-26T22:00:00+07:00",
    });
    expect(page.serverTime).toBe("2026-02-26T22:00:00+07:00");
    expect([page.totalItems, page.isDelta, page.withdrawn]).toEqual([2, false, []]);
    expect(page.items.map(entryOf)).toEqual([
      { id: 12, sku: "TSEL10", category: "Pulsa", product: null, name: "Pulsa Telkomsel 10.000", price: 11_500, process: "h2h", stock: null, unlimited: true, min_order: 1 },
      { id: 23, sku: null, category: "Sosial Media", product: null, name: "Instagram Followers", price: 35, process: "smm", stock: null, unlimited: true, min_order: 100 },
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
                  provider_meta: { open_denom: true, min_qty: 10000, max_qty: 10000000, step_qty: 1, qty_label: "Nominal" },
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
    expect(page.items[0]).toMatchObject({ id: 3342, sku: "GA-1BAB", name: "12 Bulan", productName: "Gemini Advanced", category: "Aplikasi Premium", price: 6000, stock: 50, unlimited: false });
    expect(page.items[0]!.openAmount).toEqual({ min: 10000, max: 10000000, step: 1, label: "Nominal" });
    expect(page.totalItems).toBe(2891);
  });

  it("reports variants a delta marks off as withdrawn, and reads a paginator or a bare list", () => {
    const delta = decodeCatalogue({ data: { data: [{ id: 5, name: "a", status: "off" }, { id: 6, name: "b", status: "on" }], total: 2 }, server_time: "t" });
    expect(delta.withdrawn).toEqual([5]);
    expect(delta.items.map((i) => i.id)).toEqual([6]);
    expect(delta.totalItems).toBe(2);
    const bare = decodeCatalogue([{ id: 7, name: "c" }]);
    expect([bare.items.map((i) => i.id), bare.serverTime, bare.totalItems, bare.isDelta]).toEqual([[7], null, null, null]);
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
    const kept = [entry(1, "Pulsa", "Telkomsel"), entry(2, "Pulsa", "Telkomsel"), entry(3, "Pulsa", "XL"), entry(4, "Game", "ML")];
    const merged = mergeCatalogue(kept, [entry(2, "Pulsa", "Telkomsel", { price: 2000 }), entry(9, "Pulsa", "Telkomsel"), entry(10, "Voucher", "Steam")], [3]);
    expect(merged.map((e) => e.id)).toEqual([1, 2, 9, 4, 10]);
    expect(merged.find((e) => e.id === 2)!.price).toBe(2000);
  });
});

describe("the kept file", () => {
  const owner = { configDir: makeConfigDir(), profile: "shop 2", baseUrl: "https://api.example.com", apiKey: "rk_live_0123456789" };
  const entries = [
    entry(1, "Pulsa", "Telkomsel", { name: "Pulsa Telkomsel 86.000", price: 86_000, sku: "TSEL86" }),
    entry(2, "Top Up Game", "Mobile Legends", { name: "86 Diamonds", price: 21_500, sku: "ML86" }),
    entry(3, "Akun", 'Kode "Rahasia"', { name: "Kunci \\ Pro", sku: "K1" }),
    entry(4, "Voucher", "İstanbul Kart", { name: "Yükleme" }),
  ];

  it("is read back only by the profile, address and account that wrote it", async () => {
    await writeCatalogue(owner, { server_time: "2026-11-21T21:30:00+07:00", synced_at: 1, full_synced_at: 1 }, entries);
    const kept = readCatalogue(owner)!;
    expect([kept.count, kept.server_time, kept.entries()]).toEqual([4, "2026-11-21T21:30:00+07:00", entries]);
    expect(readCatalogue({ ...owner, apiKey: "rk_live_someone_else" })).toBeUndefined();
    expect(readCatalogue({ ...owner, profile: "default" })).toBeUndefined();
    expect(readCatalogue({ ...owner, baseUrl: "https://other.example.com" })).toBeUndefined();
  });

  it("finds by the words of its lines, then by the fields: a word in a price is not a match", async () => {
    await writeCatalogue(owner, { server_time: null, synced_at: 1, full_synced_at: 1 }, entries);
    const search = (text: string) => findItems(readCatalogue(owner)!.entriesHolding(text.toLowerCase().split(/\s+/)), { search: text }).map((e) => e.id);
    expect(search("86")).toEqual([1, 2]);
    expect(search("86 diamonds")).toEqual([2]);
    expect(search("21500")).toEqual([]); // in the line (the price), in no field
    expect(search('"rahasia"')).toEqual([3]); // escaped in the line: tested parsed
    expect(search("kunci \\")).toEqual([3]);
    expect(search("istanbul")).toEqual([]); // İ lowers to i + a combining dot
    expect(search("i̇stanbul")).toEqual([4]);
    expect(search("yükleme")).toEqual([4]);
  });

  it("names categories by slug too", () => {
    expect(slugOf("Top Up Game")).toBe("top-up-game");
    expect(findItems(entries, { category: "top-up-game" }).map((e) => e.id)).toEqual([2]);
    expect(findItems(entries, { category: "PULSA" }).map((e) => e.id)).toEqual([1]);
  });
});

/** A client answering listItems from a function of the query, recording each query. */
function fakeClient(answer: (query: CatalogueQuery) => CataloguePage | Error): { client: ServiceClient; queries: CatalogueQuery[] } {
  const queries: CatalogueQuery[] = [];
  const client = {
    async listItems(query: CatalogueQuery) {
      queries.push(query);
      const result = answer(query);
      if (result instanceof Error) throw result;
      return { data: result, body: {}, status: 200 };
    },
  } as unknown as ServiceClient;
  return { client, queries };
}

const items = (from: number, count: number): Item[] => Array.from({ length: count }, (_, i) => testItem({ id: from + i }));
const page = (list: Item[], extra: Partial<CataloguePage> = {}): CataloguePage => ({ items: list, withdrawn: [], serverTime: "T1", totalItems: null, isDelta: null, ...extra });

describe("fetching the catalogue", () => {
  it("asks per_page=all once when the service gives everything", async () => {
    const { client, queries } = fakeClient(() => page(items(1, 27), { totalItems: 27 }));
    expect((await fetchAll(client)).items).toHaveLength(27);
    expect(queries).toEqual([{ perPage: "all" }]);
  });

  it("pages by 500 when per_page=all is refused, stopping at a short page", async () => {
    const { client, queries } = fakeClient((q) =>
      q.perPage === "all" ? new ServiceError(422, "VALIDATION_ERROR", "refused", {}) : page(items(1 + (q.page! - 1) * 500, q.page === 3 ? 120 : 500)),
    );
    const fetched = await fetchAll(client, { updatedSince: "T0" });
    expect(fetched.items).toHaveLength(1120);
    expect(queries.slice(1)).toEqual([1, 2, 3].map((p) => ({ updatedSince: "T0", page: p, perPage: 500 })));
    expect(fetched.requests).toBe(4);
  });

  it("pages when per_page=all comes back as one page of 100 with no total, and stops when pages repeat", async () => {
    const { client, queries } = fakeClient(() => page(items(1, 100)));
    const fetched = await fetchAll(client);
    expect(fetched.items).toHaveLength(100);
    // Page 1 (100 < 500) is short: done; the answer to "all" and page 1 were the same hundred.
    expect(queries.map((q) => q.page ?? "all")).toEqual(["all", 1]);
  });

  it("pages when the whole catalogue at once is too large to read", async () => {
    const { client, queries } = fakeClient((q) => (q.perPage === "all" ? new NetworkError("ANSWER_TOO_LARGE", "too large", true) : page(items(1, 40))));
    expect((await fetchAll(client)).items).toHaveLength(40);
    expect(queries.map((q) => q.perPage)).toEqual(["all", 500]);
  });

  it("does not page around an authentication failure or an outage", async () => {
    const { client } = fakeClient(() => new ServiceError(503, "SERVER_ERROR", "down", {}));
    await expect(fetchAll(client)).rejects.toThrow(/down/);
  });

  it("a delta the service did not take as one (is_delta false) replaces the copy", async () => {
    const { client } = fakeClient(() => page(items(100, 3), { isDelta: false, serverTime: "T2" }));
    const kept = { ...{ version: 1 as const, profile: "p", base_url: "u", account: "a", server_time: "T1", synced_at: 0, full_synced_at: 0, count: 2 }, entries: () => [entry(1, "A", "B"), entry(2, "A", "B")], entriesHolding: () => [] };
    const outcome = await syncCatalogue(client, kept, { refresh: false, now: 1000 });
    expect([outcome.whole, outcome.items.map((e) => e.id), outcome.serverTime]).toEqual([true, [100, 101, 102], "T2"]);
  });
});
