/**
 * The catalogue's answer read from its connection's bytes (src/api/http1.ts): whatever pieces the
 * bytes arrive in, the same head and body come out, and a malformed or cut answer is a fault, never
 * a shorter body taken for the whole one (a shorter catalogue would drop variants from the copy).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerFault, AnswerReader, type AnswerHead } from "../../src/api/http1.js";

interface Read {
  head?: AnswerHead;
  body: string;
  done: boolean;
}

/** Feeds `bytes` in the pieces `cuts` make, then the connection's end when `closed`. */
function readIn(bytes: Buffer, cuts: number[], closed = true): Read {
  const reader = new AnswerReader(16 * 1024);
  const read: Read = { body: "", done: false };
  const take = (progress: ReturnType<AnswerReader["push"]>) => {
    if (progress.head) {
      expect(read.head).toBeUndefined();
      read.head = progress.head;
    }
    for (const chunk of progress.body) read.body += chunk.toString("latin1");
    read.done ||= progress.done;
  };
  let at = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= at || cut >= bytes.length) continue;
    // A fresh copy each time: the connection may reuse the buffer it gave.
    take(reader.push(Buffer.from(bytes.subarray(at, cut))));
    at = cut;
  }
  take(reader.push(Buffer.from(bytes.subarray(at))));
  if (closed) take(reader.end());
  return read;
}

const faultOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AnswerFault);
    return (error as AnswerFault).code;
  }
  throw new Error("no fault");
};

const bodyText = fc.string({
  unit: fc.constantFrom("a", "{", "}", '"', "\r", "\n", "0", "9", ";", "é"),
  maxLength: 300,
});

/** `body` as an answer framed each way a service may frame it. */
const framed = {
  length: (body: string) =>
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body, "latin1")}\r\n\r\n${body}`,
  chunks: (body: string, sizes: number[]) => {
    let out = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
    let at = 0;
    for (const size of sizes) {
      if (at >= body.length) break;
      const piece = body.slice(at, at + size);
      at += piece.length;
      out += `${piece.length.toString(16)}${size % 3 === 0 ? ";name=value" : ""}\r\n${piece}\r\n`;
    }
    if (at < body.length) out += `${(body.length - at).toString(16)}\r\n${body.slice(at)}\r\n`;
    return `${out}0\r\nX-Trailer: ignored\r\n\r\n`;
  },
  untilClose: (body: string) => `HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n${body}`,
};

describe("an answer read in pieces", () => {
  it("gives the same head and body whatever the pieces, framed by a length, by chunks or by the end of the connection", () => {
    fc.assert(
      fc.property(
        bodyText,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat({ max: 600 }), { maxLength: 30 }),
        (body, sizes, cuts) => {
          for (const text of [framed.length(body), framed.chunks(body, sizes), framed.untilClose(body)]) {
            const read = readIn(Buffer.from(text, "latin1"), cuts);
            expect(read.head?.statusCode).toBe(200);
            expect(read.body).toBe(body);
            expect(read.done).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is whole at its last byte when framed, without waiting for the connection to end", () => {
    fc.assert(
      fc.property(
        bodyText,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat({ max: 600 }), { maxLength: 30 }),
        (body, sizes, cuts) => {
          for (const text of [framed.length(body), framed.chunks(body, sizes)]) {
            const read = readIn(Buffer.from(text, "latin1"), cuts, false);
            expect(read.body).toBe(body);
            expect(read.done).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("is a fault when the connection ends anywhere before a framed answer's last byte", () => {
    fc.assert(
      fc.property(
        bodyText,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        (body, sizes, at) => {
          for (const text of [framed.length(body), framed.chunks(body, sizes)]) {
            const bytes = Buffer.from(text, "latin1");
            const cut = at % bytes.length;
            expect(faultOf(() => readIn(bytes.subarray(0, cut), []))).toBe("UND_ERR_SOCKET");
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("an answer's head", () => {
  it("reads names in lower case, joins a repeated header and keeps set-cookie as a list", () => {
    const read = readIn(
      Buffer.from(
        "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3\r\nX-Note: a\r\nx-note: b\r\nSet-Cookie: s=1\r\nSet-Cookie: t=2\r\nContent-Length: 2\r\n\r\n{}",
      ),
      [],
    );
    expect(read.head).toEqual({
      statusCode: 429,
      headers: { "retry-after": "3", "x-note": "a, b", "set-cookie": ["s=1", "t=2"], "content-length": "2" },
    });
    expect(read.body).toBe("{}");
  });

  it("passes over interim answers (100 Continue, 103 Early Hints) to the real one", () => {
    const read = readIn(
      Buffer.from(
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]",
      ),
      [5, 30],
    );
    expect(read.head?.statusCode).toBe(200);
    expect(read.body).toBe("[]");
  });

  it("takes 204 and a zero length as whole with no body", () => {
    expect(readIn(Buffer.from("HTTP/1.1 204 No Content\r\n\r\n"), [], false)).toMatchObject({ body: "", done: true });
    expect(readIn(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), [], false)).toMatchObject({
      body: "",
      done: true,
    });
  });

  it("reads a body after its last chunk no further, and the same length said twice as one", () => {
    expect(readIn(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n{}trailing"), [], false).body).toBe("{}");
  });
});

describe("a malformed answer", () => {
  const cases: [string, string, string][] = [
    ["a status line that is not HTTP/1.x", "HTTP/2 200\r\n\r\n", "HPE_INVALID_CONSTANT"],
    ["an HTML page instead of an answer", "<html>hello</html>\r\n\r\n", "HPE_INVALID_CONSTANT"],
    ["a header without a name", "HTTP/1.1 200 OK\r\n: x\r\n\r\n", "HPE_INVALID_HEADER_TOKEN"],
    ["a header line without a colon", "HTTP/1.1 200 OK\r\nnonsense\r\n\r\n", "HPE_INVALID_HEADER_TOKEN"],
    [
      "both a length and chunks",
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
      "HPE_INVALID_TRANSFER_ENCODING",
    ],
    [
      "two different lengths",
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
      "HPE_INVALID_CONTENT_LENGTH",
    ],
    ["a length that is not a number", "HTTP/1.1 200 OK\r\nContent-Length: -2\r\n\r\n{}", "HPE_INVALID_CONTENT_LENGTH"],
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
    [
      "a chunk size line without end",
      `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;${"x".repeat(5000)}`,
      "HPE_INVALID_CHUNK_SIZE",
    ],
    ["headers past 16 KiB", `HTTP/1.1 200 OK\r\nX-Big: ${"x".repeat(17 * 1024)}\r\n\r\n{}`, "HPE_HEADER_OVERFLOW"],
    ["headers past 16 KiB that never end", `HTTP/1.1 200 OK\r\nX-Big: ${"x".repeat(17 * 1024)}`, "HPE_HEADER_OVERFLOW"],
    ["nothing at all", "", "UND_ERR_SOCKET"],
  ];
  for (const [what, text, code] of cases) {
    it(`is a fault: ${what} (${code})`, () => {
      expect(faultOf(() => readIn(Buffer.from(text, "latin1"), [7, 19, 40]))).toBe(code);
    });
  }
});
