/**
 * Reading a whole catalogue answer as it arrives. `per_page=all` of a big shop is tens of megabytes:
 * held whole it passes the client's read cap, and parsed whole it takes several times its size in
 * memory. This reader walks the JSON text a chunk at a time and cuts it into small documents the
 * decoder reads as it always does: each flat variant, or each product of a category (with the
 * category's own fields), goes into `{"data":[…]}` documents of a few hundred KB. What is left of the
 * answer (message, meta, server_time, a paginator's fields) is kept without its list and handed back
 * at the end: the skeleton the client checks for a refusal and reads the page facts from.
 *
 * It reads the answer's bytes as they come, never the whole of it as text: JSON's brackets, quotes
 * and backslashes are single bytes that never occur inside a multi-byte UTF-8 character, so a tight
 * loop over the bytes finds where each value ends, and only the values kept are turned into text.
 */
import { UnexpectedResponseError } from "../errors.js";

type Role =
  /** The answer's own object: its `data` is the list, or a paginator holding it. */
  | "top"
  /** A paginator object under `data`: one of its members is the list. */
  | "paginator"
  /** The list: each element a flat variant or a category. */
  | "list"
  /** One element of the list, read member by member. */
  | "element"
  /** A category's `products`: each product is cut out whole. */
  | "products";

interface Frame {
  role: Role;
  /** The raw text of the member key being read (quotes included), in an object; null between members. */
  key: string | null;
  /** Members read so far, as raw `"key":value` texts (all but the list or the products). */
  members: string[];
  /** A category's products held until its name is known (when `products` comes before `name`). */
  held: string[];
  hasProducts: boolean;
  named: boolean;
  /** The list has been found in this object. */
  listSeen: boolean;
}

const listNames = new Set(['"items"', '"data"', '"categories"', '"variants"']);
/**
 * Parts are cut into documents of about this size: large enough that each parse is cheap per
 * variant, small enough to stay in V8's young generation (past 128 KB a string is allocated among
 * the long-lived, and 120 MB of them grew the heap by tens of MB before a collection).
 */
const partSize = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Where a container is read up to: how deep, and whether in one of its strings (just after a backslash). */
interface ContainerState {
  depth: number;
  inString: boolean;
  escaped: boolean;
}

/**
 * The hot loop, inside a value cut out whole, where only strings and brackets matter: the index of
 * the bracket that closes it, or -1 when the bytes end first (`state` then says where it stopped).
 * A function of its own, small enough for V8 to optimise well: 120 MB pass through it.
 */
function containerEnd(bytes: Uint8Array, from: number, state: ContainerState): number {
  const length = bytes.length;
  let depth = state.depth;
  let at = from;
  let inString = state.inString;
  if (inString && state.escaped) {
    if (at >= length) return -1;
    at++;
  }
  for (;;) {
    if (inString) {
      // To the string's closing quote, stepping over each escaped character.
      for (;;) {
        if (at >= length) {
          state.depth = depth;
          state.inString = true;
          state.escaped = at > length;
          return -1;
        }
        const c = bytes[at++]!;
        if (c === QUOTE) break;
        if (c === BACKSLASH) at++;
      }
      inString = false;
    }
    if (at >= length) {
      state.depth = depth;
      state.inString = false;
      state.escaped = false;
      return -1;
    }
    const c = bytes[at++]!;
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return at - 1;
  }
}

type Mode = "between" | "key" | "container" | "string" | "scalar";

export class CatalogueStream {
  /** The bytes not read yet, and those of the value being read (from `start`). */
  private bytes: Uint8Array = new Uint8Array(0);
  private at = 0;
  private mode: Mode = "between";
  /** Where the key or value being read began in `bytes`. */
  private start = 0;
  /** Inside a container cut out whole: how deep, and whether in one of its strings. */
  private readonly container: ContainerState = { depth: 0, inString: false, escaped: false };
  /** In a key or a string value: just after a backslash. */
  private escaped = false;
  private deliver: (raw: string) => void = () => undefined;
  private readonly frames: Frame[] = [];
  private started = false;
  private skeleton: unknown;
  private finished = false;
  /** The value being cut out is a list element (a variant, or a category read whole while it is small). */
  private wholeElement = false;
  /** Where a list element begins that is read member by member. */
  private membersAt = -1;
  private pending: string[] = [];
  private pendingSize = 0;

  constructor(
    /** Gets each small document: `{"data":[…]}` holding some of the list's elements. */
    private readonly onPart: (json: string) => void,
    /** The largest single value (one product with its variants) worth holding. */
    private readonly maxValueBytes: number,
    /** A list element larger than this is read member by member rather than held whole. */
    private readonly wholeElementBytes = 512 * 1024,
  ) {}

  /** The answer's next bytes (text is taken as its UTF-8). */
  write(chunk: Uint8Array | string): void {
    const more = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    // Keep only what the key or value being read still needs.
    const keep = this.mode === "between" ? this.at : this.start;
    const left = this.bytes.length - keep;
    if (left <= 0) this.bytes = more;
    else {
      const joined = Buffer.allocUnsafe(left + more.length);
      joined.set(this.bytes.subarray(keep), 0);
      joined.set(more, left);
      this.bytes = joined;
    }
    this.at -= keep;
    this.start -= keep;
    this.membersAt -= keep;
    this.read();
    // A list element cut out whole that keeps growing is a category: read it again from its start,
    // member by member, a product at a time.
    while (this.mode === "container" && this.wholeElement && this.bytes.length - this.start > this.wholeElementBytes) {
      this.mode = "between";
      this.wholeElement = false;
      this.at = this.start;
      this.membersAt = this.start;
      this.read();
    }
    if (this.mode !== "between" && this.bytes.length - this.start > this.maxValueBytes) this.tooLarge();
  }

  private tooLarge(): never {
    const megabytes = Math.round(this.maxValueBytes / 1024 / 1024);
    throw new UnexpectedResponseError((say) => say.catalogue.entryTooLarge(megabytes));
  }

  /** The answer without its list, once all of it has arrived. */
  end(): unknown {
    if (!this.finished || !this.onlySpaceFrom(this.at)) {
      const { started, finished } = this;
      throw new UnexpectedResponseError((say) =>
        !started
          ? say.catalogue.answerEmptyOrNotJson
          : finished
            ? say.catalogue.answerGoesOn
            : say.catalogue.answerEndedEarly,
      );
    }
    this.flush();
    return this.skeleton;
  }

  private onlySpaceFrom(at: number): boolean {
    for (const c of this.bytes.subarray(at)) if (!isSpace(c)) return false;
    return true;
  }

  /** The bytes from `start` to `end` as text. */
  private textOf(start: number, end: number): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, end - start).toString("utf8");
  }

  /**
   * Reads all there is: the members and elements one by one (`scan`), and each value cut out whole
   * in one call of the byte loop. Kept apart from `scan` on measurement: inlined into it, the loop
   * ran at half its speed.
   */
  private read(): void {
    for (;;) {
      this.scan();
      if (this.mode !== "container" || this.at >= this.bytes.length) return;
      const end = containerEnd(this.bytes, this.at, this.container);
      if (end === -1) {
        this.at = this.bytes.length;
        return;
      }
      this.at = end + 1;
      this.done(this.start, this.at);
    }
  }

  private scan(): void {
    const text = this.bytes;
    const length = text.length;
    let at = this.at;
    while (at < length) {
      switch (this.mode) {
        case "container":
          // Read by `read`, in a loop of its own.
          this.at = at;
          return;
        case "key":
        case "string": {
          let escaped = this.escaped;
          // Past the end `c` is undefined, as `at` is `length`.
          for (let c = text[at]; c !== undefined; c = text[++at]) {
            if (escaped) escaped = false;
            else if (c === BACKSLASH) escaped = true;
            else if (c === QUOTE) break;
          }
          this.escaped = escaped;
          if (at >= length) break;
          at++;
          if (this.mode === "key") {
            const frame = this.frames.at(-1);
            if (!frame) throw new Error("internal error: a key outside any object");
            frame.key = this.textOf(this.start, at);
            this.mode = "between";
          } else {
            this.done(this.start, at);
          }
          break;
        }
        case "scalar": {
          for (let c = text[at]; c !== undefined; c = text[++at]) {
            if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break;
          }
          // A number cut by the chunk's end may go on in the next one.
          if (at >= length) break;
          this.done(this.start, at);
          break;
        }
        case "between": {
          const c = text[at]!;
          if (isSpace(c) || c === COLON || c === COMMA) {
            at++;
            break;
          }
          if (this.finished) {
            this.at = at;
            return;
          }
          // A byte order mark before the answer (as a text decoder would drop it).
          if (c === 0xef && !this.started && this.frames.length === 0) {
            if (at + 3 > length) {
              this.at = at;
              return;
            }
            if (text[at + 1] === 0xbb && text[at + 2] === 0xbf) {
              at += 3;
              break;
            }
          }
          if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
            at++;
            this.close();
            break;
          }
          const frame = this.frames[this.frames.length - 1];
          this.start = at;
          this.escaped = false;
          if (frame && frame.key === null && frame.role !== "list" && frame.role !== "products") {
            if (c !== QUOTE) throw new UnexpectedResponseError((say) => say.catalogue.answerNotJson);
            this.mode = "key";
            at++;
            break;
          }
          at++;
          this.begin(frame, c);
          break;
        }
      }
    }
    this.at = at;
  }

  /** A value begins with `c` at `this.start`: descend into it, or cut it out whole. */
  private begin(parent: Frame | undefined, c: number): void {
    if (!parent) {
      this.started = true;
      if (c === OPEN_OBJECT) return this.open("top");
      if (c === OPEN_ARRAY) return this.open("list");
      throw new UnexpectedResponseError((say) => say.catalogue.answerNotObject);
    }
    const key = parent.key;
    const asMember = (raw: string) => {
      parent.members.push(`${key}:${raw}`);
      if (key === '"name"') parent.named = true;
    };
    switch (parent.role) {
      case "top":
        if (key === '"data"' && c === OPEN_ARRAY) return this.open("list");
        if (key === '"data"' && c === OPEN_OBJECT) return this.open("paginator");
        return this.cut(c, asMember);
      case "paginator":
        if (!parent.listSeen && listNames.has(key!) && c === OPEN_ARRAY) return this.open("list");
        return this.cut(c, asMember);
      case "list":
        // A variant, or a small category, is cut out whole (the fast way); a large category is read member by member.
        if (c === OPEN_OBJECT && this.start === this.membersAt) return this.open("element");
        if (c === OPEN_OBJECT) {
          this.cut(c, (raw) => this.emit(raw));
          this.wholeElement = true;
          return;
        }
        // Not a variant or a category: nothing in it to read.
        return this.cut(c, () => undefined);
      case "element":
        if (key === '"products"' && c === OPEN_ARRAY && !parent.hasProducts) return this.open("products");
        return this.cut(c, asMember);
      case "products": {
        const element = this.frames.at(-2);
        if (!element) throw new Error("internal error: products outside an element");
        return this.cut(c, (raw) => {
          if (element.named) this.emitCategory(element, [raw]);
          else element.held.push(raw);
        });
      }
    }
  }

  private open(role: Role): void {
    const parent = this.frames[this.frames.length - 1];
    if (parent && role === "list") parent.listSeen = true;
    if (parent && role === "products") parent.hasProducts = true;
    this.frames.push({ role, key: null, members: [], held: [], hasProducts: false, named: false, listSeen: false });
    this.mode = "between";
  }

  private cut(c: number, deliver: (raw: string) => void): void {
    this.deliver = deliver;
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      this.mode = "container";
      this.container.depth = 1;
      this.container.inString = false;
      this.container.escaped = false;
    } else if (c === QUOTE) {
      this.mode = "string";
    } else {
      this.mode = "scalar";
    }
  }

  private done(start: number, end: number): void {
    if (end - start > this.maxValueBytes) this.tooLarge();
    const raw = this.textOf(start, end);
    this.mode = "between";
    this.wholeElement = false;
    const frame = this.frames[this.frames.length - 1];
    this.deliver(raw);
    if (frame && frame.role !== "list" && frame.role !== "products") frame.key = null;
  }

  private close(): void {
    const frame = this.frames.pop();
    if (!frame) throw new Error("internal error: a close without an open");
    const parent = this.frames[this.frames.length - 1];
    const object = (members: string[]) => `{${members.join(",")}}`;
    if (frame.role === "element") {
      if (!frame.hasProducts) this.emit(object(frame.members));
      else if (frame.held.length) this.emitCategory(frame, frame.held);
    } else if (frame.role === "paginator") {
      // The paginator without its list, the list's place left empty for the decoder.
      parent!.members.push(`"data":${object([...frame.members, '"data":[]'])}`);
    } else if (frame.role === "top") {
      return this.finish(object(frame.members));
    } else if (frame.role === "list" && !parent) {
      return this.finish("[]");
    } else if (frame.role === "list" && parent!.role === "top") {
      parent!.members.push('"data":[]');
    }
    if (parent && parent.role !== "list" && parent.role !== "products") parent.key = null;
  }

  private finish(rest: string): void {
    this.finished = true;
    this.skeleton = JSON.parse(rest);
  }

  private emitCategory(element: Frame, products: string[]): void {
    this.emit(object([...element.members, `"products":[${products.join(",")}]`]));
  }

  private emit(json: string): void {
    this.pending.push(json);
    this.pendingSize += json.length;
    if (this.pendingSize >= partSize) this.flush();
  }

  private flush(): void {
    if (!this.pending.length) return;
    const json = `{"data":[${this.pending.join(",")}]}`;
    this.pending = [];
    this.pendingSize = 0;
    this.onPart(json);
  }
}

const object = (members: string[]) => `{${members.join(",")}}`;
