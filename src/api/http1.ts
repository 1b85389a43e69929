/**
 * An HTTP/1.1 answer read from the bytes of its connection, as they come: what the catalogue's
 * long GET needs of HTTP and no more (src/api/transport.ts says why it is read here and not by
 * node:http). A status line, headers, and a body framed by chunks, by a length, or by the end of the
 * connection. A malformed head fails with the code node:http's parser (llhttp) gives the same
 * fault; in the body, where node:http says only that the connection closed, the fault is named.
 */

export interface AnswerHead {
  statusCode: number;
  /** Names in lower case; a repeated header's values joined by ", " (set-cookie kept as a list). */
  headers: Record<string, string | string[]>;
}

/** What a piece of the connection's bytes completed. */
export interface AnswerProgress {
  /** The head, once it is whole (given once). */
  head?: AnswerHead;
  /** Body bytes, in order, chunk framing removed. */
  body: Buffer[];
  /** The answer is whole: anything after it is not read. */
  done: boolean;
}

export class AnswerFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AnswerFault";
  }
}

const crlf = Buffer.from("\r\n");
const headEnd = Buffer.from("\r\n\r\n");
/** A chunk's size line (its size and any extensions) or a trailer line longer than this is not an answer. */
const maxLine = 4096;

type Framing = { kind: "length"; left: number } | { kind: "chunks" } | { kind: "until-close" } | { kind: "none" };

type State =
  | { at: "head" }
  | { at: "length"; left: number }
  | { at: "chunk-size" }
  | { at: "chunk-data"; left: number }
  | { at: "chunk-end" }
  | { at: "trailers" }
  | { at: "until-close" }
  | { at: "done" };

/** One answer to one GET, fed the connection's bytes with `push` and told of its end with `end`. */
export class AnswerReader {
  private state: State = { at: "head" };
  /** Bytes of a head or line not yet whole. */
  private held: Buffer = Buffer.alloc(0);

  constructor(private readonly maxHeaderSize: number) {}

  push(bytes: Buffer): AnswerProgress {
    const progress: AnswerProgress = { body: [], done: false };
    let rest = this.held.length ? Buffer.concat([this.held, bytes]) : bytes;
    this.held = Buffer.alloc(0);
    while (rest.length > 0 && this.state.at !== "done") rest = this.step(rest, progress);
    progress.done = this.state.at === "done";
    return progress;
  }

  /** The connection ended: whole when the body runs to its end (or was whole already); else a fault. */
  end(): AnswerProgress {
    switch (this.state.at) {
      case "done":
        return { body: [], done: true };
      case "until-close":
        this.state = { at: "done" };
        return { body: [], done: true };
      case "head":
        throw new AnswerFault(
          "UND_ERR_SOCKET",
          this.held.length
            ? "other side closed in the middle of the answer's headers"
            : "other side closed without answering",
        );
      default:
        throw new AnswerFault("UND_ERR_SOCKET", "other side closed before the answer ended");
    }
  }

  /** Reads what it can of `bytes` in the present state; returns what is left for the next state. */
  private step(bytes: Buffer, progress: AnswerProgress): Buffer {
    const state = this.state;
    switch (state.at) {
      case "head": {
        const end = bytes.indexOf(headEnd);
        if (end === -1) {
          if (bytes.length > this.maxHeaderSize)
            throw new AnswerFault("HPE_HEADER_OVERFLOW", `the answer's headers pass ${this.maxHeaderSize} bytes`);
          return this.hold(bytes);
        }
        if (end + headEnd.length > this.maxHeaderSize)
          throw new AnswerFault("HPE_HEADER_OVERFLOW", `the answer's headers pass ${this.maxHeaderSize} bytes`);
        const head = readHead(bytes.toString("latin1", 0, end));
        const rest = bytes.subarray(end + headEnd.length);
        // An interim answer (100 Continue, 103 Early Hints): the real one follows.
        if (head.statusCode >= 100 && head.statusCode < 200) return rest;
        const framing = framingOf(head);
        progress.head = head;
        this.state =
          framing.kind === "none" || (framing.kind === "length" && framing.left === 0)
            ? { at: "done" }
            : framing.kind === "length"
              ? { at: "length", left: framing.left }
              : framing.kind === "chunks"
                ? { at: "chunk-size" }
                : { at: "until-close" };
        return rest;
      }
      case "length":
        return this.takeBody(bytes, state, progress, { at: "done" });
      case "until-close":
        progress.body.push(bytes);
        return bytes.subarray(bytes.length);
      case "chunk-size": {
        const line = this.line(bytes, "HPE_INVALID_CHUNK_SIZE");
        if (!line) return this.hold(bytes);
        // The size in hex, then any extensions (`;name=value`), which say nothing a reader needs.
        const size = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/.exec(line.text);
        if (!size) throw new AnswerFault("HPE_INVALID_CHUNK_SIZE", "a chunk of the answer has no size");
        const left = Number.parseInt(size[1]!, 16);
        this.state = left === 0 ? { at: "trailers" } : { at: "chunk-data", left };
        return line.rest;
      }
      case "chunk-data":
        return this.takeBody(bytes, state, progress, { at: "chunk-end" });
      case "chunk-end": {
        if (bytes.length < crlf.length) return this.hold(bytes);
        if (!bytes.subarray(0, crlf.length).equals(crlf))
          throw new AnswerFault("HPE_STRICT", "a chunk of the answer is longer than its size");
        this.state = { at: "chunk-size" };
        return bytes.subarray(crlf.length);
      }
      case "trailers": {
        const line = this.line(bytes, "HPE_HEADER_OVERFLOW");
        if (!line) return this.hold(bytes);
        // Trailing headers say nothing the catalogue reads; the empty line ends the answer.
        if (line.text === "") this.state = { at: "done" };
        return line.rest;
      }
      case "done":
        return bytes;
    }
  }

  /** Up to `state.left` bytes of body; `after` once none are left to come. */
  private takeBody(
    bytes: Buffer,
    state: { at: "length" | "chunk-data"; left: number },
    progress: AnswerProgress,
    after: State,
  ): Buffer {
    const taken = bytes.subarray(0, state.left);
    progress.body.push(taken);
    const left = state.left - taken.length;
    this.state = left === 0 ? after : { at: state.at, left };
    return bytes.subarray(taken.length);
  }

  /** A line ended by CRLF at the start of `bytes`, when it is whole. */
  private line(bytes: Buffer, overflow: string): { text: string; rest: Buffer } | undefined {
    const end = bytes.indexOf(crlf);
    if (end === -1) {
      if (bytes.length > maxLine) throw new AnswerFault(overflow, `a line of the answer passes ${maxLine} bytes`);
      return undefined;
    }
    if (end > maxLine) throw new AnswerFault(overflow, `a line of the answer passes ${maxLine} bytes`);
    return { text: bytes.toString("latin1", 0, end), rest: bytes.subarray(end + crlf.length) };
  }

  private hold(bytes: Buffer): Buffer {
    // Copied: the connection may reuse the buffer it gave.
    this.held = Buffer.from(bytes);
    return Buffer.alloc(0);
  }
}

function readHead(text: string): AnswerHead {
  const [statusLine = "", ...lines] = text.split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!status) throw new AnswerFault("HPE_INVALID_CONSTANT", "the answer does not begin as an HTTP/1.1 answer does");
  const headers: Record<string, string | string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    if (colon < 1 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name))
      throw new AnswerFault("HPE_INVALID_HEADER_TOKEN", "a header of the answer has no name");
    const value = line.slice(colon + 1).trim();
    const before = headers[name];
    if (name === "set-cookie") headers[name] = [...((before as string[] | undefined) ?? []), value];
    else headers[name] = before === undefined ? value : `${before as string}, ${value}`;
  }
  return { statusCode: Number(status[1]), headers };
}

/** How the body's end is known (RFC 9112 §6.3, for an answer to a GET). */
function framingOf({ statusCode, headers }: AnswerHead): Framing {
  if (statusCode === 204 || statusCode === 304) return { kind: "none" };
  const encoding = headers["transfer-encoding"] as string | undefined;
  const length = headers["content-length"] as string | undefined;
  if (encoding !== undefined) {
    if (length !== undefined)
      throw new AnswerFault("HPE_INVALID_TRANSFER_ENCODING", "the answer gives both a length and a transfer encoding");
    const codings = encoding
      .toLowerCase()
      .split(",")
      .map((coding) => coding.trim());
    return codings.at(-1) === "chunked" ? { kind: "chunks" } : { kind: "until-close" };
  }
  if (length !== undefined) {
    // The same length said twice (`12, 12`) is one length; two different ones are no length at all.
    const values = new Set(length.split(",").map((value) => value.trim()));
    const [only] = values;
    if (values.size !== 1 || !/^\d{1,15}$/.test(only!))
      throw new AnswerFault("HPE_INVALID_CONTENT_LENGTH", "the answer's length is not a number");
    return { kind: "length", left: Number(only) };
  }
  return { kind: "until-close" };
}
