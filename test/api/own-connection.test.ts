/**
 * The catalogue's GET on a connection of its own, read without node:http (src/api/transport.ts,
 * src/api/http1.ts): against a server that writes answers byte for byte, it must read what Node's
 * own HTTP stack reads from the same bytes, fail where it fails, with the same codes, say when the
 * request was handed on, stop on the signal, and never let a header write lines of its own.
 */
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laneFor, type Lane, type LaneRequest } from "../../src/api/transport.js";

/** What the server writes next: the answer's pieces, with a pause after each, then whether it closes. */
let script: { pieces: string[]; pauseMs?: number; close?: boolean } = { pieces: [] };
const heads: string[] = [];
const sockets = new Set<Socket>();
const server: Server = createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => undefined);
  let received = "";
  socket.on("data", async (bytes) => {
    received += bytes.toString("latin1");
    if (!received.includes("\r\n\r\n")) return;
    heads.push(received);
    received = "";
    const { pieces, pauseMs = 0, close = false } = script;
    for (const piece of pieces) {
      socket.write(Buffer.from(piece, "latin1"));
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    if (close) socket.end();
  });
});

let baseUrl = "";
let lane: Lane;
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lane = laneFor({ baseUrl, connectTimeoutMs: 2_000, env: {}, loopback: true });
});
afterAll(async () => {
  await lane.destroy();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((done) => server.close(() => done()));
});

type Outcome =
  | { status: number; headers: Record<string, unknown>; body: string; handedOn: boolean }
  | { error: string; handedOn: boolean };

async function exchange(ownConnection: boolean, extra: Partial<LaneRequest> = {}): Promise<Outcome> {
  let handedOn = false;
  try {
    const answer = await lane.send({
      method: "GET",
      url: `${baseUrl}/v1/item?per_page=all&updated_since=2026-11-26T09%3A00%3A00%2B07%3A00`,
      headers: { "x-apikey": "rk_test_own_connection", accept: "application/json", "user-agent": "reseller-test" },
      timeoutMs: 2_000,
      signal: AbortSignal.timeout(2_000),
      onHandedOn: () => (handedOn = true),
      ownConnection,
      ...extra,
    });
    let body = "";
    for await (const chunk of answer.body) body += chunk.toString("latin1");
    return { status: answer.statusCode, headers: answer.headers, body, handedOn };
  } catch (error) {
    return { error: String((error as { code?: unknown }).code ?? error), handedOn };
  }
}

const answers: [string, { pieces: string[]; pauseMs?: number; close?: boolean }][] = [
  [
    "a length",
    {
      pieces: [
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 27\r\n\r\n{"message":"OK","data":[]}\n',
      ],
    },
  ],
  [
    "a length, a byte at a time",
    { pieces: [...'HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n{"data":[1,2]}'.slice(0, -1)], pauseMs: 0 },
  ],
  [
    "chunks with extensions and trailers, in pieces",
    {
      pieces: [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Note: a\r\nx-note: b\r\n\r\n8;x=1\r\n{"dat',
        'a":\r\n4\r\n[1,2\r',
        "\n2\r\n]}\r\n0\r\nX-Trailer: t\r\n\r\n",
      ],
      pauseMs: 5,
    },
  ],
  [
    "the end of the connection",
    { pieces: ['HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{"data":', "[]}"], pauseMs: 5, close: true },
  ],
  [
    "100 Continue first",
    { pieces: ["HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"], pauseMs: 5 },
  ],
  [
    "a refusal with Retry-After",
    {
      pieces: [
        'HTTP/1.1 429 Too Many Requests\r\nRetry-After: 2\r\nContent-Length: 33\r\n\r\n{"message":"RATE_LIMIT_EXCEEDED"}',
      ],
    },
  ],
  ["a cut length", { pieces: ['HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{"data":'], close: true }],
  ["cut chunks", { pieces: ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"dat'], close: true }],
  ["cut headers", { pieces: ["HTTP/1.1 200 OK\r\nContent-Len"], close: true }],
  ["nothing, then closed", { pieces: [], close: true }],
  ["a status line that is not HTTP", { pieces: ["<html>oops</html>\r\n\r\n"], close: true }],
  [
    "a length and chunks both",
    {
      pieces: ["HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"],
      close: true,
    },
  ],
  [
    "headers past 16 KiB",
    { pieces: [`HTTP/1.1 200 OK\r\nX-Big: ${"x".repeat(17 * 1024)}\r\nContent-Length: 2\r\n\r\n{}`], close: true },
  ],
];

describe("read on a connection of its own", () => {
  for (const [what, answer] of answers) {
    it(`reads ${what} as node:http does`, async () => {
      script = answer;
      const byNode = await exchange(false);
      script = answer;
      const own = await exchange(true);
      expect(own).toEqual(byNode);
      expect(own.handedOn).toBe(true);
    });
  }

  // In the body node:http says only that the connection closed (its parser's error ends the socket);
  // read here, the fault is named. Either way the answer fails: never a shorter body taken as whole.
  const bodyFaults: [string, string, string][] = [
    [
      "a chunk without a size",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
      "HPE_INVALID_CHUNK_SIZE",
    ],
    [
      "a chunk longer than its size",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n",
      "HPE_STRICT",
    ],
  ];
  for (const [what, text, code] of bodyFaults) {
    it(`fails on ${what} as node:http does, naming the fault (${code})`, async () => {
      script = { pieces: [text], close: true };
      expect(await exchange(false)).toEqual({ error: "UND_ERR_SOCKET", handedOn: true });
      script = { pieces: [text], close: true };
      expect(await exchange(true)).toEqual({ error: code, handedOn: true });
    });
  }

  it("asks with one GET line, the Host, Connection: close and the caller's headers, nothing more", async () => {
    script = { pieces: ["HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"] };
    const before = heads.length;
    await exchange(true);
    const port = new URL(baseUrl).port;
    expect(heads.slice(before)).toEqual([
      `GET /v1/item?per_page=all&updated_since=2026-11-26T09%3A00%3A00%2B07%3A00 HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\nx-apikey: rk_test_own_connection\r\naccept: application/json\r\nuser-agent: reseller-test\r\n\r\n`,
    ]);
  });

  it("refuses a header value that would write lines of its own, before connecting", async () => {
    const before = heads.length;
    const outcome = await exchange(true, { headers: { "x-apikey": "rk_x\r\nX-Injected: yes" } });
    expect(outcome).toEqual({ error: "ERR_INVALID_CHAR", handedOn: false });
    expect(heads.length).toBe(before);
  });

  it("stops when its signal is aborted mid-answer, and says so", async () => {
    script = { pieces: ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n"] };
    const controller = new AbortController();
    const answer = await lane.send({
      method: "GET",
      url: `${baseUrl}/v1/item`,
      headers: {},
      timeoutMs: 2_000,
      signal: controller.signal,
      onHandedOn: () => undefined,
      ownConnection: true,
    });
    const read: string[] = [];
    const reading = (async () => {
      for await (const chunk of answer.body) {
        read.push(chunk.toString());
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ code: "ABORT_ERR" });
    expect(read).toEqual(["{}"]);
  });

  it("says nothing was handed on when nobody listens (ECONNREFUSED)", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const outcome = await exchange(true, { url: `http://127.0.0.1:${port}/v1/item` });
    expect(outcome).toEqual({ error: "ECONNREFUSED", handedOn: false });
  });

  it("hands a chunked answer's small pieces over together, not a turn of the reader's loop each", async () => {
    const pieces = Array.from({ length: 2_000 }, (_, i) => `[${String(i).padStart(6, "0")}]`);
    script = {
      pieces: [
        `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${pieces.map((piece) => `${piece.length.toString(16)}\r\n${piece}\r\n`).join("")}0\r\n\r\n`,
      ],
    };
    for (const ownConnection of [true, false]) {
      const answer = await lane.send({
        method: "GET",
        url: `${baseUrl}/v1/item`,
        headers: {},
        timeoutMs: 2_000,
        signal: AbortSignal.timeout(2_000),
        onHandedOn: () => undefined,
        ownConnection,
      });
      const taken: string[] = [];
      for await (const chunk of answer.body) taken.push(chunk.toString());
      expect(taken.join("")).toBe(pieces.join(""));
      expect(taken.length).toBeLessThan(50);
    }
  });

  it("hands a long answer to a slow reader whole, holding the connection back meanwhile", async () => {
    const body = "x".repeat(4 * 1024 * 1024);
    script = { pieces: [`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`, body] };
    const answer = await lane.send({
      method: "GET",
      url: `${baseUrl}/v1/item`,
      headers: {},
      timeoutMs: 5_000,
      signal: AbortSignal.timeout(5_000),
      onHandedOn: () => undefined,
      ownConnection: true,
    });
    let length = 0;
    for await (const chunk of answer.body) {
      length += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(length).toBe(body.length);
  });
});
