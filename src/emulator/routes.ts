import type { IncomingHttpHeaders } from "node:http";
import { listedChannels, type AccountRecord, type ItemRecord } from "./catalogue.js";
import { defaultShapes, type ShapeSwitches, type UnlimitedStock } from "./faults.js";
import { present, presentCatalogue, withoutItemNotes, type Dialect } from "./dialect.js";
import { skuOf } from "./large-catalogue.js";
import { listCatalogue, readCatalogueQuery, validationServices } from "./listing.js";
import { leaderboard, ownRanking } from "./leaderboard.js";
import { listLocks, lockStock, releaseLock } from "./locks.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import { requestTopUp, topUpAsTransaction } from "./top-ups.js";
import { createSandboxOrder, createTransaction, findTransaction } from "./transactions.js";
import { webhooksOf } from "./webhooks.js";
import { presentAccountCheck, presentBalanceHistory, presentTransactionList } from "./dialect.js";
import { checkGameAccount } from "./game-accounts.js";
import { listMutations, listTransactions } from "./history.js";

export interface ApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Where this request reached us, used to build payment links the caller can open. */
  publicBaseUrl: string;
  /** The query string (`GET /v1/item?per_page=all`); none is the same as empty. */
  query?: URLSearchParams;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface RouteContext {
  service: EmulatedService;
  dialect: Dialect;
  /** The §12 answer shapes switched on (faults.ts). */
  shapes: ShapeSwitches;
  account: AccountRecord;
  request: ApiRequest;
  params: string[];
  body: () => Record<string, unknown>;
}

interface Route {
  method: string;
  pattern: RegExp;
  handle: (context: RouteContext) => ApiResponse;
}

const ok = (data: unknown): ApiResponse => ({ status: 200, body: { message: "OK", data } });
const success = (data: unknown): ApiResponse => ({ status: 200, body: { success: true, data } });

function itemById(service: EmulatedService, id: string): ItemRecord {
  if (!/^\d+$/.test(id) || Number(id) < 1) {
    throw new ServiceError(422, "VALIDATION_ERROR", { id: ["The id field must be an integer."] });
  }
  return service.activeItem(Number(id));
}

// Order matters: /v1/item/lock must win over /v1/item/{id}.
const routes: Route[] = [
  {
    method: "GET",
    pattern: /^\/v1\/balance$/,
    handle: ({ request, account }) => {
      // The spec makes Accept: application/json mandatory on this one endpoint; */* is not enough.
      if (!(request.headers.accept ?? "").toLowerCase().includes("application/json")) {
        throw new ServiceError(406, "ACCEPT_HEADER_REQUIRED");
      }
      return ok({ balance: account.balance });
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/balance$/,
    handle: ({ service, account, body, request, shapes }) =>
      ok(requestTopUp(service, account, body(), request.publicBaseUrl, shapes)),
  },
  {
    method: "GET",
    pattern: /^\/v1\/balance\/channels$/,
    handle: ({ shapes }) => ok(present.channels(listedChannels(shapes.channelKeys), shapes.channelKeys)),
  },
  {
    method: "POST",
    pattern: /^\/v1\/trx$/,
    handle: ({ service, dialect, account, body }) =>
      ok(present.createdTransaction(dialect, createTransaction(service, account, body()), account)),
  },
  {
    method: "GET",
    pattern: /^\/v1\/trx\/(.+)$/,
    handle: ({ service, dialect, account, params, shapes, request }) => {
      // Behind the top_up_trx switch, a top-up's ref_id is answered as a transaction row (§13).
      const topUp = shapes.topUpTrx
        ? topUpAsTransaction(service, account, params[0]!, request.publicBaseUrl)
        : undefined;
      if (topUp && !service.state.transactions.some((t) => t.apiKey === account.apiKey && t.refId === params[0]))
        return ok(topUp);
      const detail = present.transactionDetail(
        dialect,
        findTransaction(service, account, params[0]!),
        shapes.licenceField,
      );
      return { status: 200, body: shapes.trxItemNote === "left_out" ? withoutItemNotes(detail) : detail };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/item\/lock$/,
    handle: ({ service, dialect, account }) => {
      const locks = listLocks(service, account);
      // The live service answers an empty list with 404 ITEM_NOT_FOUND (real-service-notes §7, §12).
      if (locks.length === 0 && dialect !== "spec") throw new ServiceError(404, "ITEM_NOT_FOUND");
      return success(locks);
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/item\/lock$/,
    handle: ({ service, account, body }) => success(lockStock(service, account, body())),
  },
  {
    method: "DELETE",
    pattern: /^\/v1\/item\/lock\/(.+)$/,
    handle: ({ service, dialect, account, params }) => {
      const released = releaseLock(service, account, params[0]!);
      // B's short answer: a yes whose message reads like a code (the 422 for a lock released before uses the same word).
      if (dialect === "live-short") return { status: 200, body: { success: true, message: "LOCK_RELEASED" } };
      return { status: 200, body: { success: true, message: "LOCK_RELEASED_OK", data: released } };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/item\/([^/]+)$/,
    handle: ({ service, dialect, params, shapes }) => {
      const item = itemById(service, params[0]!);
      return ok(withUnlimitedStock(present.item(dialect, item, service.availableStock(item)), shapes.unlimitedStock));
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/item$/,
    handle: ({ service, dialect, request, shapes }) => {
      const query = readCatalogueQuery(request.query ?? new URLSearchParams(), service);
      return {
        status: 200,
        body: withUnlimitedStock(
          presentCatalogue(dialect, listCatalogue(service, query), skuOf, shapes.catalogueShape),
          shapes.unlimitedStock,
        ),
      };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/validation\/services$/,
    handle: ({ service, request }) => ({
      status: 200,
      body: validationServices(service, request.query?.get("search") ?? null, skuOf),
    }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/leaderboard$/,
    handle: ({ service, dialect }) => ok(present.leaderboard(dialect, leaderboard(service))),
  },
  {
    method: "GET",
    pattern: /^\/v1\/leaderboard\/profile$/,
    handle: ({ service, dialect, account }) => ok(present.ownRanking(dialect, ownRanking(service, account))),
  },
  { method: "GET", pattern: /^\/v1\/webhook$/, handle: ({ service, account }) => webhooksOf(service).show(account) },
  {
    method: "PUT",
    pattern: /^\/v1\/webhook$/,
    handle: ({ service, account, body }) => webhooksOf(service).update(account, body()),
  },
  {
    method: "POST",
    pattern: /^\/v1\/webhook\/secret$/,
    handle: ({ service, account }) => webhooksOf(service).newSecret(account),
  },
  {
    method: "POST",
    pattern: /^\/v1\/webhook\/test$/,
    handle: ({ service, account }) => webhooksOf(service).test(account),
  },
  {
    method: "POST",
    pattern: /^\/v1\/item\/validate$/,
    handle: ({ service, dialect, account, body }) => ({
      status: 200,
      body: presentAccountCheck(dialect, checkGameAccount(service, account, body())),
    }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/trx$/,
    handle: ({ service, dialect, account, request }) => ({
      status: 200,
      body: presentTransactionList(dialect, listTransactions(service, account, request.query ?? new URLSearchParams())),
    }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/balance\/mutations$/,
    handle: ({ service, dialect, account, request }) => ({
      status: 200,
      body: presentBalanceHistory(dialect, listMutations(service, account, request.query ?? new URLSearchParams())),
    }),
  },
  {
    method: "POST",
    pattern: /^\/v1\/order\/sandbox$/,
    handle: ({ service, dialect, account, body }) =>
      ok(present.sandboxOrder(dialect, createSandboxOrder(service, account, body()))),
  },
];

/** An empty body reads as {} so that missing fields get field errors rather than INVALID_JSON. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  const text = raw.toString("utf8").trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ServiceError(400, "INVALID_JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ServiceError(400, "INVALID_JSON");
  return parsed as Record<string, unknown>;
}

function decodeParams(match: RegExpExecArray): string[] | undefined {
  try {
    return match.slice(1).map((param) => decodeURIComponent(param));
  } catch {
    return undefined;
  }
}

/**
 * Answers one /v1 request in the dialect given, synchronously: routing (404/405) first, as Laravel
 * does, then the API key (401), then the handler. Refunds that came due on the clock are credited
 * before anything is read.
 */
export function handleApiRequest(
  service: EmulatedService,
  request: ApiRequest,
  dialect: Dialect,
  shapes: ShapeSwitches = defaultShapes,
): ApiResponse {
  const path = request.path.length > 1 ? request.path.replace(/\/$/, "") : request.path;
  try {
    const candidates = routes
      .map((route) => ({ route, match: route.pattern.exec(path) }))
      .filter((candidate) => candidate.match);
    if (candidates.length === 0) throw new ServiceError(404, "ROUTE_NOT_FOUND");
    const chosen = candidates.find((candidate) => candidate.route.method === request.method);
    if (!chosen) {
      const allowed = [...new Set(candidates.map((candidate) => candidate.route.method))].join(", ");
      return { status: 405, body: { message: "METHOD_NOT_ALLOWED" }, headers: { Allow: allowed } };
    }
    const apiKey = request.headers["x-apikey"];
    const account = service.authenticate(typeof apiKey === "string" ? apiKey : undefined);
    const params = decodeParams(chosen.match!);
    if (!params) throw new ServiceError(404, "ROUTE_NOT_FOUND");
    service.settle();
    return chosen.route.handle({
      service,
      dialect,
      shapes,
      account,
      request,
      params,
      body: () => parseJsonObject(request.body),
    });
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, body: present.refusal(dialect, error) };
    throw error;
  }
}

/**
 * An unlimited item's stock as the `unlimited_stock` switch says it (§13: live clients disagree on
 * it): every item of the answer whose stock is unlimited (null, or -1 beside `unlimited_stock: true`)
 * gets `null`, no stock field, or `-1`. The dialect's own way by default.
 */
function withUnlimitedStock<T>(body: T, mode: UnlimitedStock): T {
  if (mode === "dialect") return body;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    const unlimited =
      "stock" in record && (record.stock === null || (record.stock === -1 && record.unlimited_stock === true));
    if (unlimited) {
      if (mode === "missing") delete record.stock;
      else record.stock = mode === "null" ? null : -1;
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(body);
  return body;
}
