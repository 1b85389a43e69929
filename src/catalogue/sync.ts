/**
 * Bringing the kept catalogue up to date with the service: the whole of it on the first call (and
 * on --refresh, and once a day), afterwards only what changed since the previous answer's
 * `server_time`. Loaded only when a sync is due: a warm `reseller items` never gets here.
 *
 * Either fetch asks for everything at once (`per_page=all`), read as it arrives straight into the
 * copy; when that is refused, too slow or cut short, it pages (500 a page, 4 pages at a time, up to
 * `meta.last_page` or a short page), all within one deadline. What was fetched when a fetch stops is
 * kept, and the next run goes on from the first page it lacks; of an answer all at once that did not
 * end whole, nothing is kept. A catalogue past `maxVariants` is no catalogue: nothing of it is kept.
 */
import type { ServiceClient } from "../api/client.js";
import { decodeCatalogue } from "../api/decode.js";
import type { Messages } from "../messages/messages.js";
import { fileProblem } from "../config/config-dir.js";
import type { CataloguePage, CatalogueQuery, Item } from "../api/model.js";
import {
  AuthError,
  InterruptedError,
  NetworkError,
  ResellerError,
  ServiceError,
  UnexpectedResponseError,
} from "../errors.js";
import {
  CopyProblem,
  applyChanges,
  CatalogueWriter,
  keptInMemory,
  mergeCatalogue,
  writeCatalogue,
  type CatalogueEntry,
  type CatalogueOwner,
  type KeptCatalogue,
} from "./cache.js";
import { CatalogueStream } from "./stream.js";

export { mergeCatalogue } from "./cache.js";

/** The largest page the service gives (`per_page` max 500). */
export const largestPage = 500;
/** What the service gives a page when `per_page` is not said (or not understood). */
const defaultPage = 100;
/** Pages asked at once: enough to hide the service's latency, few enough not to crowd it. */
export const pagesAtOnce = 4;
/** A whole fetch at least this often, so that variants the service withdrew without saying so leave the copy. */
export const wholeFetchEveryMs = 24 * 60 * 60 * 1000;
/** An unfinished fetch older than this is begun again: the pages it kept may have moved since. */
export const resumeWithinMs = 60 * 60 * 1000;
/** Far more pages than any catalogue has: a service that ignores `page` cannot keep us asking forever. */
const maxPages = 10_000;
/** The largest single product (with its variants) read from a whole answer. */
const maxEntryBytes = 8 * 1024 * 1024;
/** Variants allowed a MB of RESELLER_MAX_CATALOGUE_MB: a live variant is ~700 bytes of JSON. */
export const variantsPerMegabyte = 2048;
/** 524,288 variants (of 256 MB): the largest live catalogue has ~6,100. */
const defaultMaxVariants = 256 * variantsPerMegabyte;

/** The calls a sync makes: the service client's. */
export type CatalogueSource = Pick<ServiceClient, "listItems" | "streamItems">;

export interface SyncOptions {
  refresh: boolean;
  now: () => number;
  /** The whole sync, every page and retry, ends by then (epoch ms); each request keeps its own --timeout. */
  deadline: number;
  /** For people at a terminal: how far a long fetch has come. */
  onProgress?: (text: string) => void;
  /** The catalogue progress, a failure's story and a copy not kept are worded in. */
  say: Messages;
  /** Told once the first request is on its way to the service (the copy is searched meanwhile). */
  onSent?: () => void;
  /** The most variants (and withdrawn ones) a fetch may bring (default `defaultMaxVariants`). */
  maxVariants?: number;
}

export interface SyncOutcome {
  kept: KeptCatalogue;
  /** The whole catalogue was fetched (not only what changed). */
  whole: boolean;
  /** Variants the answer brought (all of them for a whole fetch). */
  received: number;
  requests: number;
  /** Went on from pages kept by an earlier run. */
  resumed: boolean;
  /** Why the copy could not be kept on disk (it is used from memory this once), when it could not. */
  unkept?: string;
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
    ...(item.openAmount
      ? { open_amount: { min: item.openAmount.min, max: item.openAmount.max, step: item.openAmount.step } }
      : {}),
    ...(item.disruption !== null ? { disrupted: item.disruption } : {}),
  };
}

/**
 * Brings `kept` up to date: a whole fetch when asked (`refresh`), when there is no copy, when the
 * copy has no `server_time` to ask from, or once a day; otherwise only what changed since.
 */
export async function syncCatalogue(
  client: CatalogueSource,
  owner: CatalogueOwner,
  kept: KeptCatalogue | undefined,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const since = kept?.server_time;
  const now = options.now();
  if (options.refresh || !kept || !since || now - kept.full_synced_at > wholeFetchEveryMs) {
    const fetched = await fetchInto(client, owner, {}, "whole", options);
    const times = { server_time: fetched.serverTime, synced_at: now, full_synced_at: now };
    const copy = fetched.writer.finish(times);
    return {
      kept: copy,
      whole: true,
      received: copy.count,
      requests: fetched.requests,
      resumed: fetched.resumed,
      unkept: unkeptWhy(fetched.writer.unwritable, options.say),
    };
  }
  const fetched = await fetchInto(client, owner, { updatedSince: since }, `since ${since}`, options);
  const { changed, withdrawn } = fetched.writer.readBack();
  // Without a new server_time, asking again from the old one repeats a little and misses nothing.
  const serverTime = fetched.serverTime ?? since;
  // A service that ignored updated_since says so (is_delta false): its answer is the whole catalogue.
  if (fetched.isDelta === false) {
    const copy = writeCatalogue(owner, { server_time: serverTime, synced_at: now, full_synced_at: now }, changed);
    return { kept: copy, whole: true, received: changed.length, requests: fetched.requests, resumed: fetched.resumed };
  }
  const times = { server_time: serverTime, synced_at: now, full_synced_at: kept.full_synced_at };
  let copy: KeptCatalogue;
  let unkept: string | undefined;
  try {
    copy = applyChanges(owner, kept, changed, withdrawn, times);
  } catch (error) {
    // The file could not be changed: the changes are used from memory this once.
    unkept = unkeptWhy(error as Error, options.say);
    copy = keptInMemory({ ...kept, ...times }, mergeCatalogue(kept.entries(), changed, withdrawn));
  }
  return {
    kept: copy,
    whole: false,
    received: changed.length + withdrawn.length,
    requests: fetched.requests,
    resumed: fetched.resumed,
    unkept: unkept ?? unkeptWhy(fetched.writer.unwritable, options.say),
  };
}

interface Fetched {
  writer: CatalogueWriter;
  serverTime: string | null;
  isDelta: boolean | null;
  requests: number;
  resumed: boolean;
}

/**
 * Whether asking for everything at once failed in a way that pages can cure: refused (a 4xx other
 * than auth and 429), too large, too slow, cut off, or a gateway's error on a long answer. Not when
 * the service cannot be reached at all, or turns the key away: pages would fail the same.
 */
function pagesMayDo(error: unknown): boolean {
  if (error instanceof AuthError || error instanceof InterruptedError) return false;
  if (error instanceof ServiceError) return error.status !== 429;
  if (error instanceof NetworkError) return error.mayHaveReached;
  return error instanceof UnexpectedResponseError;
}

async function fetchInto(
  client: CatalogueSource,
  owner: CatalogueOwner,
  query: Omit<CatalogueQuery, "page" | "perPage">,
  fetch: string,
  options: SyncOptions,
): Promise<Fetched> {
  const started = options.now();
  // An earlier run that stopped part way: go on from its first missing page (asking for everything
  // at once again would only meet what stopped it).
  const resumedWriter = CatalogueWriter.resume(owner, fetch, started, resumeWithinMs);
  let writer = resumedWriter ?? CatalogueWriter.create(owner);
  const maxVariants = options.maxVariants ?? defaultMaxVariants;
  const keep = (page: Pick<CataloguePage, "items" | "withdrawn">) => {
    writer.add(page.items.map(entryOf));
    // A whole fetch lists only what is on sale; a delta's withdrawn variants leave the copy.
    if (fetch !== "whole") writer.addWithdrawn(page.withdrawn);
    if (writer.count + writer.withdrawnCount > maxVariants) throw tooManyVariants(maxVariants);
  };
  try {
    let wholeAtOnce: { failure: unknown } | undefined;
    let requests = 0;
    if (!resumedWriter) {
      requests++;
      try {
        const stream = new CatalogueStream((part) => {
          keep(decodeCatalogue(JSON.parse(part)));
          options.onProgress?.(options.say.catalogue.itemsSoFar(writer.count));
        }, maxEntryBytes);
        const first = await client.streamItems({ ...query, perPage: "all" }, stream, { onHandedOn: options.onSent });
        // A service that ignores "all" answers its default page (100): its total says there is more, or,
        // when it gives none, a list of exactly one default or largest page may be one.
        const count = writer.count;
        const cutShort =
          first.totalItems !== null ? count < first.totalItems : count === defaultPage || count === largestPage;
        if (!cutShort)
          return { writer, serverTime: first.serverTime, isDelta: first.isDelta, requests, resumed: false };
        wholeAtOnce = {
          failure: options.say.catalogue.allAtOnceGave(count, String(first.totalItems ?? options.say.catalogue.more)),
        };
      } catch (error) {
        if (!pagesMayDo(error)) throw error;
        wholeAtOnce = { failure: error };
        // Cut off, timed out or past the bound: none of it is known to be the service's catalogue.
        writer.discard();
        writer = CatalogueWriter.create(owner);
      }
    }
    const paged = await fetchPages(client, writer, query, fetch, options, started, wholeAtOnce, maxVariants);
    return { ...paged, writer, requests: requests + paged.requests, resumed: resumedWriter !== undefined };
  } catch (error) {
    writer.discard();
    throw error;
  }
}

/**
 * Pages of 500, four at a time, kept in page order as they complete; up to the last page the
 * service names (`meta.last_page`, or its total), a short page, or a page that brings nothing new.
 */
async function fetchPages(
  client: CatalogueSource,
  writer: CatalogueWriter,
  query: Omit<CatalogueQuery, "page" | "perPage">,
  fetch: string,
  options: SyncOptions,
  started: number,
  wholeAtOnce: { failure: unknown } | undefined,
  maxVariants: number,
): Promise<{ serverTime: string | null; isDelta: boolean | null; requests: number }> {
  const resumed = writer.resumed;
  let serverTime = resumed ? resumed.server_time : null;
  let isDelta = resumed ? resumed.is_delta : null;
  let lastPage = resumed?.last_page ?? null;
  const firstPage = resumed?.next_page ?? 1;
  let next = firstPage;
  /** The first page number past the end, once known. */
  let end = Infinity;
  let kept = firstPage;
  const arrived = new Map<number, CataloguePage>();
  let failure: unknown;
  let requests = 0;

  const keepArrived = () => {
    for (let page = arrived.get(kept); page; page = arrived.get(kept)) {
      arrived.delete(kept);
      const before = writer.count + writer.withdrawnCount;
      writer.add(page.items.map(entryOf));
      if (fetch !== "whole") writer.addWithdrawn(page.withdrawn);
      const count = page.items.length + page.withdrawn.length;
      // A page that brings nothing new: the service ignores `page`, and has said all it will.
      if (count > 0 && writer.count + writer.withdrawnCount === before) end = Math.min(end, kept);
      if (writer.count + writer.withdrawnCount > maxVariants) failure ??= tooManyVariants(maxVariants);
      kept++;
    }
    const of = lastPage !== null && lastPage < maxPages ? lastPage : null;
    options.onProgress?.(options.say.catalogue.pageOf(kept - 1, of, writer.count));
  };

  const more = () => failure === undefined && next < end && (lastPage === null || next <= lastPage) && next <= maxPages;
  const fetchOne = async (): Promise<void> => {
    if (options.now() >= options.deadline) {
      failure ??= new NetworkError("TIMEOUT", (say) => say.catalogue.syncTimedOut, true);
      return;
    }
    const number = next++;
    let data: CataloguePage;
    try {
      data = (await client.listItems({ ...query, page: number, perPage: largestPage })).data;
    } catch (error) {
      failure ??= error;
      return;
    }
    requests++;
    // The first page's time: what changes while later pages are fetched, the next delta brings.
    if (number === 1) [serverTime, isDelta] = [data.serverTime, data.isDelta];
    lastPage ??=
      data.lastPage ?? (data.totalItems !== null ? Math.max(1, Math.ceil(data.totalItems / largestPage)) : null);
    if (data.items.length + data.withdrawn.length < largestPage) end = Math.min(end, number + 1);
    arrived.set(number, data);
    keepArrived();
  };
  const worker = async () => {
    while (more()) await fetchOne();
  };

  // The first page alone: it says how many there are, and its time is the copy's.
  await fetchOne();
  await Promise.all(Array.from({ length: pagesAtOnce }, worker));

  if (failure !== undefined) {
    const pages = { kept: kept - 1, lastPage, items: writer.count };
    const pastTheBound = failure instanceof NetworkError && failure.code === "ANSWER_TOO_LARGE";
    if (writer.count + writer.withdrawnCount > 0 && !pastTheBound) {
      writer.keepUnfinished({
        fetch,
        server_time: serverTime,
        is_delta: isDelta,
        per_page: largestPage,
        next_page: kept,
        last_page: lastPage,
        started_at: started,
      });
    }
    throw explained(failure, wholeAtOnce, pages, fetch, options.say);
  }
  return { serverTime, isDelta, requests };
}

/** Why the copy could not be kept, in the words the config dir's other files use (`the disk is full (ENOSPC)`). */
function unkeptWhy(error: Error | undefined, say: Messages): string | undefined {
  return error === undefined ? undefined : error instanceof CopyProblem ? error.said(say) : fileProblem(error, say);
}

/** More variants than any catalogue: a service that sends variants without end. */
function tooManyVariants(maxVariants: number): NetworkError {
  return new NetworkError("ANSWER_TOO_LARGE", (say) => say.catalogue.tooManyVariants(maxVariants), true, {
    suggestion: (say) => say.catalogue.tooManyVariantsHint,
  });
}

/**
 * The last failure with what came before it: how asking for everything at once went, how far the
 * pages got, what was kept and what the next run does. The failure keeps its own words and kind
 * (and so its exit code); the fetch's progress goes beside them.
 */
function explained(
  failure: unknown,
  wholeAtOnce: { failure: unknown } | undefined,
  pages: { kept: number; lastPage: number | null; items: number },
  fetch: string,
  say: Messages,
): unknown {
  if (!(failure instanceof ResellerError) || failure instanceof InterruptedError) return failure;
  const said = say.catalogue;
  const what = fetch === "whole" ? said.whole : said.changes;
  const atOnce =
    wholeAtOnce === undefined
      ? ""
      : typeof wholeAtOnce.failure === "string"
        ? said.askedAtOnce(wholeAtOnce.failure)
        : said.askedAtOnceFailed(
            wholeAtOnce.failure instanceof ResellerError
              ? wholeAtOnce.failure.messageIn(say)
              : (wholeAtOnce.failure as Error).message,
          );
  const reached =
    pages.kept === 0
      ? said.noPage
      : said.pagesArrived(
          pages.kept,
          pages.lastPage !== null && pages.lastPage < maxPages ? pages.lastPage : null,
          pages.items,
        );
  failure.progress = said.fetchFailed(what, atOnce, reached, pages.kept + 1);
  const { suggestion } = failure;
  failure.suggestion =
    pages.items > 0
      ? (say) => say.catalogue.arrivedKept(pages.kept + 1)
      : (suggestion ?? ((say) => say.catalogue.tryLater));
  return failure;
}
