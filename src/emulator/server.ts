import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { realTimeClock, type EmulatorClock } from "./clock.js";
import { handleControlRequest } from "./control.js";
import { DEFAULT_DIALECT, emulatorDialects, isDialect, type Dialect, type SpokenDialect } from "./dialect.js";
import { errorCodeFor, FaultController } from "./faults.js";
import { showPaymentPage, submitPayment, type PaymentPage } from "./payment-page.js";
import { handleApiRequest, type ApiResponse } from "./routes.js";
import { EmulatedService, type EmulatorSnapshot, type PerPageAll } from "./service.js";
import { DEMO_API_KEY } from "./catalogue.js";
import { webhooksOf } from "./webhooks.js";

export type { EmulatorClock } from "./clock.js";
export { manualClock, realTimeClock } from "./clock.js";
export type { EmulatorSnapshot, AccountSnapshot } from "./service.js";
export type { FaultController, FaultSettings, FaultStatus, FaultMode } from "./faults.js";
export type { Dialect } from "./dialect.js";
export type { PerPageAll } from "./service.js";

export interface EmulatorOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Persists state across restarts: loaded at start if present, rewritten atomically after each change. */
  stateFile?: string;
  /** Seeds the random choices (serial numbers, licences, partial SMM, tokens); default 1. Ignored when a state file is loaded. */
  seed?: number;
  /** Default: a clock following real time, which can still be advanced. */
  clock?: EmulatorClock;
  /** Default 10 (the spec states both 50 and 10). */
  maxActiveLocks?: number;
  /** Receives one line per request ("POST /v1/trx 200 3ms"); silent when absent. */
  log?: (line: string) => void;
  /**
   * The answer shapes to speak: "live" (default; version A of the live documentation), "live-short"
   * (its version B) or "spec" (the abstract interface spec). Only how answers look differs.
   */
  dialect?: Dialect;
  /**
   * Grow the catalogue with generated variants (game top-ups, pulsa, data, SMM) until `GET /v1/item`
   * lists at least this many; default: the 27 seeded items on sale.
   */
  catalogueSize?: number;
  /** How `per_page=all` is taken: "answered" (default), "refused" (422) or "ignored" (the default page of 100). */
  perPageAll?: PerPageAll;
  /** POST webhooks to callback URLs off this machine too; by default only to loopback addresses. */
  allowRemoteWebhooks?: boolean;
}

export interface RunningEmulator {
  /** The part before /v1, e.g. "http://127.0.0.1:43123". */
  baseUrl: string;
  port: number;
  demoApiKey: string;
  accounts: { name: string; apiKey: string }[];
  clock: EmulatorClock;
  /** The same controls as /__emulator/faults, in-process. */
  faults: FaultController;
  /** Balances, transactions, locks and top-ups, of every account or of the one whose key is given. */
  inspect(apiKey?: string): EmulatorSnapshot;
  /** Sets an account's balance directly, for tests that need a precise amount (POST /__emulator/balance). */
  setBalance(apiKey: string, balance: number): void;
  /** The dialect answers are in now. */
  readonly dialect: Dialect;
  /** Answers in another dialect from the next request on (POST /__emulator/dialect). */
  setDialect(dialect: Dialect): void;
  /** false: orders for the item are refused with 503 PRODUCT_TEMPORARILY_UNAVAILABLE until it is set true again (POST /__emulator/items/{id}). */
  setItemAvailable(itemId: number, available: boolean): void;
  /** A new price for an item from now on; `GET /v1/item?updated_since=` of an earlier time lists it (POST /__emulator/items/{id} {"price"}). */
  setItemPrice(itemId: number, price: number): void;
  /** How `per_page=all` is taken from the next request on (POST /__emulator/catalogue {"per_page_all"}). */
  setPerPageAll(mode: PerPageAll): void;
  /**
   * Ends the injected latency of the requests held in it now: each goes on at once as if its wait had
   * run out. A test holds a request as long as it likes (however late a loaded machine runs the
   * client) and lets it through when it has seen what it waited for.
   */
  answerHeld(): void;
  /** Closes the server and every open socket, idle keep-alive ones included. */
  close(): Promise<void>;
  /**
   * The bodies of the last 50 API requests, oldest first, parsed when JSON (GET /__emulator/requests);
   * with a path, only those to it (`/v1/trx`): what a test asserts was sent.
   */
  requestBodies(path?: string): { method: string; path: string; body: unknown }[];
}

const MAX_BODY_BYTES = 1_000_000;

const NGINX_BAD_GATEWAY = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.24.0</center>
</body>
</html>
`;

class BodyTooLarge extends Error {}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function sendJson(response: ServerResponse, answer: ApiResponse): void {
  const text = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    ...answer.headers,
  });
  response.end(text);
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
  response.end(html);
}

/** A wildcard listen address is not something a client can connect to; show loopback instead. */
function reachableHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function checkedDialect(dialect: unknown): Dialect {
  if (!isDialect(dialect))
    throw new Error(`The emulator speaks ${emulatorDialects.join(", ")}; not "${String(dialect)}"`);
  return dialect;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const spoken: SpokenDialect = { current: checkedDialect(options.dialect ?? DEFAULT_DIALECT) };
  const clock = options.clock ?? realTimeClock();
  const service = new EmulatedService(clock, {
    seed: options.seed ?? 1,
    stateFile: options.stateFile,
    maxActiveLocks: options.maxActiveLocks ?? 10,
    catalogueSize: options.catalogueSize,
  });
  if (options.perPageAll) service.perPageAll = options.perPageAll;
  const faults = new FaultController();
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  let closed = false;
  // Requests sleeping in an injected latency; close() wakes them so nothing keeps the process alive,
  // answerHeld() so that they go on.
  const sleepers = new Set<() => void>();
  let baseUrl = "";

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function serveApi(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    url: URL,
    body: Buffer,
  ): Promise<string> {
    const decision = faults.take(method, url.pathname);
    if (decision.latencyMs > 0) await pause(decision.latencyMs);
    // The slow full catalogue live clients measured (11–29 s): only the whole list is slow, pages are not.
    const shapes = faults.shapes();
    if (
      shapes.perPageAllLatencyMs > 0 &&
      method === "GET" &&
      /^\/v1\/item\/?$/.test(url.pathname) &&
      url.searchParams.get("per_page")?.trim().toLowerCase() === "all"
    ) {
      await pause(shapes.perPageAllLatencyMs);
    }
    if (closed) return "closed";
    switch (decision.action) {
      case "down":
      case "drop_before_commit":
        request.socket.destroy();
        return `dropped (${decision.action})`;
      case "html":
        sendHtml(response, 502, NGINX_BAD_GATEWAY);
        return "502 (html fault)";
      case "rate_limit":
        sendJson(response, {
          status: 429,
          body: { message: "TOO_MANY_REQUESTS" },
          headers: { "Retry-After": String(decision.retryAfter) },
        });
        return "429 (rate_limit fault)";
      case "error":
        sendJson(response, { status: decision.errorStatus, body: { message: errorCodeFor(decision.errorStatus) } });
        return `${decision.errorStatus} (error fault)`;
      case "none":
      case "drop_after_commit":
        break;
    }
    // No await from here to the answer: the check and the commit happen in one turn of the event loop.
    const apiRequest = {
      method,
      path: url.pathname,
      headers: request.headers,
      body,
      publicBaseUrl: request.headers.host ? `http://${request.headers.host}` : baseUrl,
      query: url.searchParams,
    };
    service.recordRequest(method, url.pathname, body);
    const answer = handleApiRequest(service, apiRequest, spoken.current, shapes);
    service.flush();
    if (decision.action === "drop_after_commit") {
      request.socket.destroy();
      return `${answer.status} committed, then dropped (drop_after_commit fault)`;
    }
    sendJson(response, answer);
    return String(answer.status);
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<string> {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", "http://emulator.invalid");
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) return "request aborted";
      response.setHeader("Connection", "close");
      sendJson(response, { status: 413, body: { message: "PAYLOAD_TOO_LARGE" } });
      return "413";
    }
    if (closed) return "closed";
    // The live service answers under {host}/api/v1/…: a base URL ending in /api works here as well as the bare address.
    if (url.pathname === "/api/v1" || url.pathname.startsWith("/api/v1/"))
      url.pathname = url.pathname.slice("/api".length);
    const path = url.pathname;

    if (path === "/v1" || path.startsWith("/v1/")) return serveApi(request, response, method, url, body);

    const payment = /^\/pay\/([^/]+)\/?$/.exec(path);
    if (payment && (method === "GET" || method === "POST")) {
      const token = payment[1]!;
      const page: PaymentPage = method === "GET" ? showPaymentPage(service, token) : submitPayment(service, token);
      service.flush();
      sendHtml(response, page.status, page.html);
      return String(page.status);
    }

    if (path === "/__emulator" || path.startsWith("/__emulator/")) {
      const answer = handleControlRequest(service, faults, spoken, method, url, body, request.headers);
      service.flush();
      sendJson(response, answer);
      return String(answer.status);
    }

    sendJson(response, { status: 404, body: { message: "ROUTE_NOT_FOUND" } });
    return "404";
  }

  const server = createServer((request, response) => {
    const started = Date.now();
    serve(request, response).then(
      (outcome) => log(`${request.method} ${request.url} ${outcome} ${Date.now() - started}ms`),
      (error: unknown) => {
        log(`${request.method} ${request.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
        if (!response.headersSent) sendJson(response, { status: 500, body: { message: "SERVER_ERROR" } });
        else response.destroy();
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${reachableHost(host)}:${port}`;
  // Webhooks leave on their own once configured (PUT /v1/webhook, POST /v1/webhook/secret).
  const webhooks = webhooksOf(service);
  webhooks.start(log, { allowRemote: options.allowRemoteWebhooks === true });

  return {
    baseUrl,
    port,
    demoApiKey: DEMO_API_KEY,
    accounts: service.state.accounts.map((account) => ({ name: account.name, apiKey: account.apiKey })),
    clock,
    faults,
    inspect(apiKey) {
      const snapshot = service.snapshot(apiKey);
      service.flush();
      return snapshot;
    },
    setBalance(apiKey, balance) {
      service.setBalance(apiKey, balance);
      service.flush();
    },
    get dialect() {
      return spoken.current;
    },
    setDialect(dialect) {
      spoken.current = checkedDialect(dialect);
    },
    setItemAvailable(itemId, available) {
      service.setItemAvailable(itemId, available);
      service.flush();
    },
    setItemPrice(itemId, price) {
      service.setItemPrice(itemId, price);
      service.flush();
    },
    setPerPageAll(mode) {
      service.perPageAll = mode;
    },
    requestBodies(path) {
      return service.recentRequests.filter((request) => path === undefined || request.path === path);
    },
    answerHeld() {
      for (const wake of [...sleepers]) wake();
    },
    async close() {
      if (closed) return;
      closed = true;
      webhooks.stop();
      for (const wake of [...sleepers]) wake();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      service.flush();
    },
  };
}
