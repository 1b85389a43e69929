/**
 * Bringing the kept catalogue up to date with the service: the whole of it on the first call (and
 * on --refresh, and once a day), afterwards only what changed since the previous answer's
 * `server_time`, merged in. Loaded only when a sync is due: a warm `reseller items` never gets here.
 */
import type { ServiceClient } from "../api/client.js";
import type { CataloguePage, CatalogueQuery, Item } from "../api/model.js";
import { NetworkError, ServiceError } from "../errors.js";
import type { CatalogueEntry, KeptCatalogue } from "./cache.js";

/** The largest page the service gives (`per_page` max 500). */
export const largestPage = 500;
/** What the service gives a page when `per_page` is not said (or not understood). */
const defaultPage = 100;
/** A whole fetch at least this often, so that variants the service withdrew without saying so leave the copy. */
export const wholeFetchEveryMs = 24 * 60 * 60 * 1000;
/** Far more pages than any catalogue has: a service that ignores `page` cannot keep us asking forever. */
const maxPages = 1_000;

export interface Fetched {
  items: Item[];
  withdrawn: number[];
  serverTime: string | null;
  /** The service said this is only what changed (or, for a whole fetch, said nothing to the contrary). */
  isDelta: boolean | null;
  requests: number;
}

/**
 * Whether asking for everything at once failed in a way that paging can cure: the service refused
 * `per_page=all` (a 4xx other than auth, which is an AuthError), or its answer was too large to read.
 */
function allWasRefused(error: unknown): boolean {
  if (error instanceof ServiceError) return error.status >= 400 && error.status < 500 && error.status !== 429;
  return error instanceof NetworkError && error.code === "ANSWER_TOO_LARGE";
}

/** Everything the query matches: `per_page=all` first, pages of 500 when that is refused or cut short. */
export async function fetchAll(client: ServiceClient, query: Omit<CatalogueQuery, "page" | "perPage"> = {}): Promise<Fetched> {
  let first: CataloguePage;
  try {
    first = (await client.listItems({ ...query, perPage: "all" })).data;
  } catch (error) {
    if (!allWasRefused(error)) throw error;
    const paged = await fetchPages(client, query);
    return { ...paged, requests: paged.requests + 1 };
  }
  // A service that ignores "all" answers its default page (100): its total says there is more, or,
  // when it gives none, a list of exactly one default or largest page may be one.
  const count = first.items.length + first.withdrawn.length;
  const cutShort = first.totalItems !== null ? count < first.totalItems : count === defaultPage || count === largestPage;
  if (cutShort) {
    const paged = await fetchPages(client, query);
    return { ...paged, requests: paged.requests + 1 };
  }
  return { items: first.items, withdrawn: first.withdrawn, serverTime: first.serverTime, isDelta: first.isDelta, requests: 1 };
}

async function fetchPages(client: ServiceClient, query: Omit<CatalogueQuery, "page" | "perPage">): Promise<Fetched> {
  const seen = new Set<number>();
  const items: Item[] = [];
  const withdrawn: number[] = [];
  let serverTime: string | null = null;
  let isDelta: boolean | null = null;
  let requests = 0;
  for (let page = 1; page <= maxPages; page++) {
    const { data } = await client.listItems({ ...query, page, perPage: largestPage });
    requests++;
    // The first page's time: what changes while later pages are fetched, the next delta brings.
    if (page === 1) [serverTime, isDelta] = [data.serverTime, data.isDelta];
    const fresh = data.items.filter((item) => !seen.has(item.id));
    for (const item of fresh) seen.add(item.id);
    items.push(...fresh);
    withdrawn.push(...data.withdrawn);
    const count = data.items.length + data.withdrawn.length;
    // Done on a short or empty page, once the total is reached, or when a page brings nothing new (`page` ignored).
    if (count < largestPage || fresh.length === 0 || (data.totalItems !== null && seen.size + withdrawn.length >= data.totalItems)) break;
  }
  return { items, withdrawn, serverTime, isDelta, requests };
}

/** An item as the list shows it and the file keeps it. */
export function entryOf(item: Item): CatalogueEntry {
  return {
    id: item.id,
    sku: item.sku,
    category: item.category,
    product: item.productName,
    name: item.name,
    price: item.price,
    process: item.isSmm ? "smm" : item.orderProcess,
    stock: item.stock,
    unlimited: item.unlimited,
    min_order: item.minOrder,
  };
}

/**
 * The kept entries with a delta applied: changed variants replaced where they stood, withdrawn ones
 * dropped, new ones placed after the last variant of their product (else at the end), so the list
 * keeps the service's grouping.
 */
export function mergeCatalogue(kept: CatalogueEntry[], changed: CatalogueEntry[], withdrawn: number[]): CatalogueEntry[] {
  const gone = new Set(withdrawn);
  const byId = new Map(changed.map((entry) => [entry.id, entry]));
  const groupOf = (entry: CatalogueEntry) => `${entry.category ?? ""}\u0000${entry.product ?? ""}`;
  const groups = new Map<string, CatalogueEntry[]>();
  const place = (entry: CatalogueEntry) => {
    const key = groupOf(entry);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  };
  for (const entry of kept) {
    if (gone.has(entry.id)) continue;
    const update = byId.get(entry.id);
    byId.delete(entry.id);
    place(update ?? entry);
  }
  for (const entry of byId.values()) if (!gone.has(entry.id)) place(entry);
  return [...groups.values()].flat();
}

export interface SyncOutcome {
  items: CatalogueEntry[];
  serverTime: string | null;
  /** The whole catalogue was fetched (not only what changed). */
  whole: boolean;
  /** Variants the answer brought (all of them for a whole fetch). */
  received: number;
  requests: number;
  fullSyncedAt: number;
}

/**
 * Brings `kept` up to date: a whole fetch when asked (`refresh`), when there is no copy, when the
 * copy has no `server_time` to ask from, or once a day; otherwise only what changed since.
 */
export async function syncCatalogue(client: ServiceClient, kept: KeptCatalogue | undefined, options: { refresh: boolean; now: number }): Promise<SyncOutcome> {
  const since = kept?.server_time;
  if (options.refresh || !kept || !since || options.now - kept.full_synced_at > wholeFetchEveryMs) {
    const fetched = await fetchAll(client);
    return { items: fetched.items.map(entryOf), serverTime: fetched.serverTime, whole: true, received: fetched.items.length, requests: fetched.requests, fullSyncedAt: options.now };
  }
  const delta = await fetchAll(client, { updatedSince: since });
  const changed = delta.items.map(entryOf);
  // A service that ignored updated_since says so (is_delta false): its answer is the whole catalogue.
  if (delta.isDelta === false) {
    return { items: changed, serverTime: delta.serverTime ?? since, whole: true, received: changed.length, requests: delta.requests, fullSyncedAt: options.now };
  }
  return {
    items: mergeCatalogue(kept.entries(), changed, delta.withdrawn),
    // Without a new server_time, asking again from the old one repeats a little and misses nothing.
    serverTime: delta.serverTime ?? since,
    whole: false,
    received: changed.length + delta.withdrawn.length,
    requests: delta.requests,
    fullSyncedAt: kept.full_synced_at,
  };
}
