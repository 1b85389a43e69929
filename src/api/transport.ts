/**
 * How one HTTP exchange of the client travels: straight to the service through Node's own HTTP
 * stack, or through a proxy with undici, which speaks proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY).
 * client.ts decides everything else (deadlines, retries, what a failure means); a lane only sends,
 * says when the request was handed to a connected socket, and gives back the answer as it comes.
 *
 * Why two: Node's HTTP stack is part of Node's own start-up snapshot, while undici parses answers
 * with a WebAssembly module compiled on every call and builds its dispatchers: a direct call peaks
 * ~6 MiB lower and needs no WebAssembly, so the launcher leaves V8's flags alone (`npm run bench`).
 * A shop bot calls the tool thousands of times a day. Node has no proxy support of its own before
 * version 24, so undici stays for the proxied case, loaded only then.
 */
import type { Agent as HttpAgent, ClientRequest, IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Dispatcher } from "undici";
import type { Messages } from "../messages/messages.js";
import { requirePackage } from "../packages.js";

export interface LaneRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the exchange: the caller's deadline and Ctrl-C. */
  signal: AbortSignal;
  /** The deadline of the whole exchange, for undici's own timers (the signal ends it anyway). */
  timeoutMs: number;
  /** Called once the request is handed to a connected socket (after any proxy tunnel and TLS handshake). */
  onHandedOn(): void;
}

export interface LaneAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { destroy(): unknown };
}

/** A way to the service and the requests on it, so a stuck one can be retired without cutting the others short. */
export interface Lane {
  /**
   * Loads what sending needs (undici and its dispatcher behind a proxy), so that a deadline started
   * after it counts the exchange only. Never fails: a lane that cannot load fails its first send,
   * before anything was sent.
   */
  prepare(): void;
  send(request: LaneRequest): Promise<LaneAnswer>;
  destroy(): Promise<void>;
  inFlight: number;
  retired: boolean;
}

export interface LaneOptions {
  baseUrl: string;
  /** How long making a connection may take before the request counts as not sent. */
  connectTimeoutMs: number;
  /** The proxy settings to honour (the process environment's, from the context). */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether the service's host is this machine: then no proxy, which would see the key. */
  loopback: boolean;
  /** The catalogue a failure's own words are in (what --verbose shows as its cause). */
  say: Messages;
}

/**
 * The limit on an answer's headers: Node's own default (16 KiB), given to undici too, so that it
 * does not load node:http to read it.
 */
const maxHeaderSize = 16 * 1024;

/** How long an idle connection is kept for the next request of the same process. */
const keepAliveMs = 10_000;

/** The lane for the service at `baseUrl`: through undici when a proxy applies to it, else Node's own. */
export function laneFor(options: LaneOptions): Lane {
  return proxyApplies(options) ? proxiedLane(options) : directLane(options);
}

/** Whether undici's EnvHttpProxyAgent would consider a proxy for this address (NO_PROXY is left to it). */
function proxyApplies({ baseUrl, env, loopback }: LaneOptions): boolean {
  if (loopback) return false;
  const http = env.http_proxy || env.HTTP_PROXY;
  return baseUrl.startsWith("https:") ? Boolean(env.https_proxy || env.HTTPS_PROXY || http) : Boolean(http);
}

/**
 * Error codes said the way the client's words and journal have always named them
 * (src/errors.ts, `networkFailureWords`): a connection the service closed is UND_ERR_SOCKET whichever
 * lane saw it, so scripts reading `--json` and the journal meet one name.
 */
const closedByPeer = "UND_ERR_SOCKET";
const connectTimedOut = "UND_ERR_CONNECT_TIMEOUT";
const proxyTunnelRefused = "PROXY_TUNNEL_REFUSED";

class LaneError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Node's "socket hang up" and "aborted" are the other side closing, not a reset packet. Said without
 * a cause: the client names a failure by its cause's code when there is one (undici's wrappers).
 */
function asLaneError(error: unknown, say: Messages): unknown {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code === "ECONNRESET" && (e.message === "socket hang up" || e.message === "aborted"))
    return new LaneError(closedByPeer, say.service.closedByPeer(e.message));
  return error;
}

function directLane(options: LaneOptions): Lane {
  const secure = options.baseUrl.startsWith("https:");
  let loaded: { request: typeof import("node:http")["request"]; agent: HttpAgent } | undefined;
  const load = () => {
    if (!loaded) {
      // node:https brings TLS: loaded when the first request goes, not with the module (the bundle
      // runs under vm.Script, where `import()` of a built-in has no loader).
      const http = process.getBuiltinModule(secure ? "node:https" : "node:http") as typeof import("node:http");
      loaded = { request: http.request, agent: new http.Agent({ keepAlive: true, timeout: keepAliveMs }) };
    }
    return loaded;
  };
  return {
    inFlight: 0,
    retired: false,
    prepare: () => void load(),
    async send(request) {
      const { request: send, agent } = load();
      return new Promise<LaneAnswer>((resolve, reject) => {
        if (request.signal.aborted) {
          reject(abortError(request.signal));
          return;
        }
        let req: ClientRequest;
        const headers: Record<string, string> = { ...request.headers };
        if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
        try {
          req = send(request.url, { method: request.method, headers, agent, maxHeaderSize });
        } catch (error) {
          reject(error);
          return;
        }
        // The signal is listened to here rather than given to node:http, whose own handling of it
        // (stream helpers made on every call) is part of what a one-request command pays.
        let response: IncomingMessage | undefined;
        const onAbort = () => {
          const error = abortError(request.signal);
          response?.destroy(error);
          req.destroy(error);
        };
        request.signal.addEventListener("abort", onAbort, { once: true });
        req.once("close", () => request.signal.removeEventListener("abort", onAbort));
        req.once("socket", (socket) => {
          // A kept connection is ready now; a new one once connected (and, for https, once its TLS
          // handshake is done). A socket that is somehow not connecting counts as ready: for money,
          // "may have reached" is the safe mistake and "nothing was sent" the dangerous one.
          if (req.reusedSocket || !socket.connecting) return request.onHandedOn();
          const timer = setTimeout(
            () =>
              req.destroy(
                new LaneError(connectTimedOut, options.say.service.noConnectionWithin(options.connectTimeoutMs)),
              ),
            options.connectTimeoutMs,
          );
          socket.once(secure ? "secureConnect" : "connect", () => {
            clearTimeout(timer);
            request.onHandedOn();
          });
          socket.once("close", () => clearTimeout(timer));
        });
        req.once("error", (error) => reject(asLaneError(error, options.say)));
        req.once("response", (answer: IncomingMessage) => {
          response = answer;
          resolve({
            statusCode: answer.statusCode ?? 0,
            headers: answer.headers as IncomingHttpHeaders,
            body: bodyOf(answer, options.say),
          });
        });
        req.end(request.body);
      });
    },
    async destroy() {
      loaded?.agent.destroy();
    },
  };
}

/** What node:http says when a request is stopped through its `signal` option, said the same way here. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("The operation was aborted"), {
    name: "AbortError",
    code: "ABORT_ERR",
    cause: signal.reason as unknown,
  });
}

/**
 * node:http's answer as it comes, its failures said as the client names them: a connection closed
 * mid-answer ("aborted") is UND_ERR_SOCKET.
 */
function bodyOf(response: IncomingMessage, say: Messages): LaneAnswer["body"] {
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of response) yield chunk as Buffer;
    } catch (error) {
      throw asLaneError(error, say);
    }
  }
  return Object.assign(chunks(), { destroy: () => response.destroy() });
}

function proxiedLane(options: LaneOptions): Lane {
  let loaded: { request: typeof import("undici").request; dispatcher: Dispatcher } | undefined;
  const load = () => {
    if (loaded) return loaded;
    const { EnvHttpProxyAgent, Pool, request } = requirePackage<typeof import("undici")>("undici");
    const dispatcher = new EnvHttpProxyAgent({
      httpProxy: options.env.http_proxy || options.env.HTTP_PROXY || undefined,
      httpsProxy: options.env.https_proxy || options.env.HTTPS_PROXY || undefined,
      noProxy: options.env.no_proxy ?? options.env.NO_PROXY,
      connect: { timeout: options.connectTimeoutMs },
      keepAliveTimeout: keepAliveMs,
      maxHeaderSize,
      clientFactory: (origin: URL, poolOptions: object) =>
        tunnelFailuresEndTheRequest(new Pool(origin, poolOptions), options.say),
    } as ConstructorParameters<typeof EnvHttpProxyAgent>[0]).compose(markHandedOn);
    loaded = { request, dispatcher };
    return loaded;
  };
  return {
    inFlight: 0,
    retired: false,
    prepare() {
      try {
        load();
      } catch {
        // Said by send(), which loads again and fails inside its exchange: nothing was sent.
      }
    },
    async send(request) {
      const { request: send, dispatcher } = load();
      const answer = await send(request.url, {
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        dispatcher,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
        signal: request.signal,
        onHandedOn: request.onHandedOn,
      } as Parameters<typeof send>[1] & HandedOnOption);
      return {
        statusCode: answer.statusCode,
        headers: answer.headers,
        body: answer.body as unknown as LaneAnswer["body"],
      };
    },
    async destroy() {
      await loaded?.dispatcher.destroy();
    },
  };
}

/**
 * The connections to the proxy itself, whose CONNECT failing ends the request instead of being
 * tried again at once: undici treats a proxy that closes the connection on CONNECT (UND_ERR_SOCKET)
 * as a socket to reconnect, thousands of times a second, while the request waits. Ended, the
 * request is retried by the client, with its backoff and its bounded number of attempts.
 */
function tunnelFailuresEndTheRequest<T extends { connect: (...args: never[]) => unknown }>(pool: T, say: Messages): T {
  const connect = pool.connect.bind(pool) as (params: unknown) => Promise<unknown>;
  return Object.assign(pool, {
    connect: (params: unknown) =>
      connect(params).catch((error: { code?: unknown; message?: unknown }) => {
        if (error?.code !== "UND_ERR_SOCKET" && error?.code !== "UND_ERR_INFO") throw error;
        throw new LaneError(proxyTunnelRefused, say.service.noTunnel(String(error.message)));
      }),
  });
}

/** A request option the interceptor below reads: told when undici hands the request to a socket. */
interface HandedOnOption {
  onHandedOn?: () => void;
}

/**
 * Marks the moment a request is written to a connected socket (undici starts a handler's request,
 * onRequestStart, right before it writes the headers), so a failure can be told apart: before it, nothing was sent.
 */
const markHandedOn: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  const told = (opts as HandedOnOption).onHandedOn;
  if (!told) return dispatch(opts, handler);
  const marked = new Proxy(handler as object, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      // Interceptors get the new handler API (onRequestStart); the old one's onConnect is the same moment.
      if ((property === "onRequestStart" || property === "onConnect") && typeof value === "function") {
        return (...args: unknown[]) => {
          told();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return dispatch(opts, marked as Dispatcher.DispatchHandler);
};
