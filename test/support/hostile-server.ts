/**
 * A service that misbehaves on purpose, for what the emulator will not do: drip a body a byte a
 * second, never answer, answer with 20 MB, nest a thousand levels deep, echo the API key back,
 * send numbers past 2^53 or `data: null`. Each route is a function of the request; the server
 * keeps serving after anything, and closes every socket when the test file ends.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll } from "vitest";

export type Route = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export interface HostileServer {
  baseUrl: string;
  /** Routes by "METHOD /path"; a missing one answers 404 ROUTE_NOT_FOUND. */
  routes: Map<string, Route>;
  /** Requests seen, as "METHOD /path". */
  seen: string[];
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Route {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(text);
  };
}

/** A body sent one byte a second: each byte resets an idle timer, only a deadline ends it. */
export function drip(text: string): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    let i = 0;
    const timer = setInterval(() => {
      if (response.destroyed || i >= text.length) {
        clearInterval(timer);
        if (!response.destroyed) response.end();
        return;
      }
      response.write(text[i++]!);
    }, 1000);
    response.on("close", () => clearInterval(timer));
  };
}

/** Reads the request and never says a word. */
export const silence: Route = () => undefined;

/** A JSON body of about `megabytes` MB, streamed without a Content-Length. */
export function huge(megabytes: number): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"message":"OK","data":{"padding":"');
    const chunk = "x".repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < megabytes * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once("drain", pump);
      }
      response.end('"}}');
    };
    response.on("error", () => undefined);
    pump();
  };
}

/** `{"a":{"a":…}}` nested `depth` levels, as text (building it as a value would overflow JSON.stringify). */
export function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

export function useHostileServer(): HostileServer {
  const server: HostileServer = { baseUrl: "", routes: new Map(), seen: [] };
  const sockets = new Set<Socket>();
  const http = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0]!;
    const key = `${request.method} ${path}`;
    server.seen.push(key);
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (d: string) => (body += d));
    request.on("end", () => {
      const route = server.routes.get(key) ?? json(404, { message: "ROUTE_NOT_FOUND" });
      try {
        route(request, response, body);
      } catch {
        response.destroy();
      }
    });
  });
  http.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  beforeAll(async () => {
    await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
    server.baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => http.close(() => done()));
  });
  return server;
}
