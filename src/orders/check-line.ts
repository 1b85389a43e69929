/**
 * The one check of an order line against its item, whichever door it came through: `buy` flags, a
 * cart file, a row of an orders file. Each door only says where the line is (`cart line 2: `); the
 * rules are here, so the three can never disagree again. A refusal is a wording: the edge says it in
 * the reader's words (an orders file's JSON details in English), so nothing here takes a catalogue.
 */
import type { Item, OpenAmount, OpenAmountNote, RequiredField } from "../api/model.js";
import { InputError, placed, present, type Said, UsageError, type Wording } from "../errors.js";
import { formatRupiah } from "../output/format.js";
import { readAmount, whyNotAmount } from "../rules/amount.js";
import { buildSmmNote, rupiah, smmNote } from "../rules/input.js";
import { phoneHint, readPhoneNumber, whyNotPhone } from "../rules/phone.js";
import { customerData } from "../domain/transaction.js";
import { gameAccountNote, splitCustomerNote } from "../rules/customer.js";

/** A line as the user wrote it: the customer data as a note, or (SMM) a target to build one from. */
export interface LineInput {
  quantity: number;
  note?: string;
  target?: string;
  opt: string[];
  comment?: string;
  /** Open amounts: the amount the customer asked for (`provider_qty`); the note is then the target. */
  nominal?: number;
  /** Open amounts: the game's zone (`zone_id` of the note). */
  zoneId?: string;
}

/** How the item is delivered; an SMM item is `smm` even where the live service files it under h2h. */
export function orderProcessOf(item: Item): string {
  return item.isSmm ? "smm" : (item.orderProcess ?? "");
}

/** `item 12 (Pulsa Telkomsel 10.000)`, in the words of whoever says it. */
export function itemWords(item: Item): Wording {
  return (say) => say.phone.item(item.id, item.name);
}

/** A line the item does not accept: exit 2, nothing sent, the line named by `where`. */
function refuse(where: Said, message: Wording, options: { code?: string; suggestion?: Wording } = {}): never {
  const text = placed(where, message);
  throw options.code
    ? new UsageError(text, { code: options.code, ...(options.suggestion ? { suggestion: options.suggestion } : {}) })
    : new InputError(text, options.suggestion ? { suggestion: options.suggestion } : {});
}

// ---- the customer data a line gives, and the item's required fields ----

/** Where a line keeps what a required field asks for: the note (or target), the amount, the zone. */
export type FieldSlot = "customer" | "nominal" | "zone";

/**
 * The required-field keys an order can give, and where: carts carry only item_id, quantity and note,
 * so a key not listed here (none is documented beyond `note` and `provider_qty`) cannot be checked.
 */
const fieldSlots: Readonly<Record<string, FieldSlot>> = {
  note: "customer",
  target: "customer",
  customer_id: "customer",
  user_id: "customer",
  player_id: "customer",
  phone: "customer",
  msisdn: "customer",
  destination: "customer",
  provider_qty: "nominal",
  nominal: "nominal",
  amount: "nominal",
  zone_id: "zone",
  zone: "zone",
  server_id: "zone",
};

export function slotOf(field: RequiredField): FieldSlot | undefined {
  return Object.hasOwn(fieldSlots, field.key) ? fieldSlots[field.key] : undefined;
}

/** A field the line leaves out; one with no place in a line is never given. */
function isMissing(parts: Partial<Record<FieldSlot, unknown>>, field: RequiredField): boolean {
  const slot = slotOf(field);
  return slot === undefined || parts[slot] === undefined;
}

/** The fields an order must give for the item; an open amount needs its target and amount even when the item lists none. */
export function requiredFieldsOf(item: Item): RequiredField[] {
  const listed = item.requiredFields.filter((f) => f.required && slotOf(f) !== undefined);
  if (!item.openAmount) return listed;
  const has = (slot: FieldSlot) => listed.some((f) => slotOf(f) === slot);
  const implied: RequiredField[] = [];
  if (!has("customer")) implied.push({ key: "note", label: "Target", required: true, min: null, max: null });
  if (!has("nominal"))
    implied.push({
      key: "provider_qty",
      label: item.openAmount.label ?? "Nominal",
      required: true,
      min: item.openAmount.min,
      max: item.openAmount.max,
    });
  return [...implied, ...listed];
}

const looksLikeJson = (text: string | undefined) => text?.trimStart().startsWith("{");

/** The parts of an open-amount line: from a JSON note (cart, orders file), or from the target, nominal and zone. */
function openAmountParts(
  item: Item,
  line: LineInput,
  where: Said,
): { customer?: string; nominal?: number; zone?: string } {
  if (!looksLikeJson(line.note)) {
    const customer = line.note?.trim() ? line.note : undefined;
    return {
      ...(customer !== undefined ? { customer } : {}),
      ...(line.nominal !== undefined ? { nominal: line.nominal } : {}),
      ...(line.zoneId !== undefined ? { zone: line.zoneId } : {}),
    };
  }
  if (line.nominal !== undefined || line.zoneId !== undefined) {
    refuse(where, (say) => say.orders.line.amountOnce(itemWords(item)(say)));
  }
  let parsed: unknown;
  try {
    // Given here: it looks like JSON.
    parsed = JSON.parse(line.note ?? "");
  } catch {
    refuse(where, (say) => say.orders.line.noteNotJson(itemWords(item)(say)));
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    refuse(where, (say) => say.orders.line.jsonNoteObject(itemWords(item)(say)));
  const note = parsed as Record<string, unknown>;
  const unknownKeys = Object.keys(note).filter((k) => !["target", "provider_qty", "zone_id"].includes(k));
  if (unknownKeys.length)
    refuse(where, (say) =>
      say.orders.line.jsonNoteKeys(itemWords(item)(say), unknownKeys.map((k) => `"${k}"`).join(", ")),
    );
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : undefined);
  let nominal: number | undefined;
  if (note.provider_qty !== undefined && note.provider_qty !== null && note.provider_qty !== "") {
    if (typeof note.provider_qty !== "number" && typeof note.provider_qty !== "string") {
      const given = JSON.stringify(note.provider_qty);
      refuse(where, (say) => say.orders.line.providerQtyNotAmount(itemWords(item)(say), given));
    }
    nominal = rupiah(
      placed(where, (say) => say.orders.line.providerQtyIn(itemWords(item)(say))),
      note.provider_qty,
    );
  }
  const customer = text(note.target);
  const zone = text(note.zone_id);
  return {
    ...(customer !== undefined ? { customer } : {}),
    ...(nominal !== undefined ? { nominal } : {}),
    ...(zone !== undefined ? { zone } : {}),
  };
}

/** What a line gives for each slot, read leniently (a prompt asks before the full check runs). */
function lineParts(item: Item, line: LineInput, where: Said): { customer?: string; nominal?: number; zone?: string } {
  if (item.openAmount) return openAmountParts(item, line, where);
  if (orderProcessOf(item) === "smm") {
    const customer = line.target ?? (line.note?.trim() ? line.note : undefined);
    return customer !== undefined ? { customer } : {};
  }
  if (!line.note?.trim()) return {};
  const { zoneId } = splitCustomerNote(line.note);
  return { customer: line.note, ...(zoneId !== undefined ? { zone: zoneId } : {}) };
}

/**
 * The required fields this line leaves out: what a terminal asks for with the item's own labels.
 * A line the full check would refuse for another reason reports nothing missing here.
 */
export function missingFields(item: Item, line: LineInput): RequiredField[] {
  let parts: ReturnType<typeof lineParts>;
  try {
    parts = lineParts(item, line, "");
  } catch {
    return [];
  }
  return requiredFieldsOf(item).filter((f) => isMissing(parts, f));
}

/** `Nomor HP (note) and Nominal (provider_qty)`. */
export function fieldNames(fields: RequiredField[]): Wording {
  const names = fields.map((f) => (f.label === f.key ? f.key : `${f.label} (${f.key})`));
  return (say) =>
    names.length > 1 ? `${names.slice(0, -1).join(", ")}${say.orders.line.and}${names.at(-1)}` : (names[0] ?? "");
}

// ---- phone numbers ----

/** Required-field keys that are a phone number whatever their label says. */
const phoneKeys = new Set(["phone", "phone_number", "msisdn", "nomor_hp", "no_hp", "hp", "whatsapp"]);
/** Labels that name a phone number: `Nomor HP`, `No. HP`, `Nomor Tujuan`, `Nomor Telepon`, `Phone`, `WhatsApp`. */
const phoneLabel =
  /\b(nomor|no\.?)\s*(hp|handphone|ponsel|telepon|telp|tujuan|wa|whatsapp)\b|\bphone\b|\bmsisdn\b|\bwhats\s?app\b/i;
/** Catalogue headings whose h2h items are delivered to a phone number when the item labels no field. */
const phoneCategory = /^\s*(pulsa|paket\s*data|data|internet|e-?\s?wallet|e-?money|saldo)\b/i;

/**
 * Whether the customer data of an item is a phone number, so it can be checked before paying:
 * a customer field keyed or labelled as one (`Nomor HP`), or, when the item labels no customer field,
 * an h2h item listed under Pulsa, Paket Data or E-Wallet. A game's `User ID` is never one.
 */
export function takesPhoneNumber(item: Item): boolean {
  if (orderProcessOf(item) === "smm") return false;
  const customerFields = item.requiredFields.filter((f) => slotOf(f) === "customer");
  if (customerFields.some((f) => phoneKeys.has(f.key) || phoneLabel.test(f.label))) return true;
  const labelled = customerFields.some((f) => f.label.trim() !== "" && f.label !== f.key);
  if (labelled || item.accountCheck?.available) return false;
  return orderProcessOf(item) === "h2h" && phoneCategory.test(item.category ?? "");
}

/**
 * A prompt's check of a typed customer number, for an item that takes one; anything non-empty otherwise.
 * What is wrong is a wording, said by the prompt in the reader's words.
 */
export function checkTypedCustomer(item: Item): (text: string) => true | Wording {
  return (text) => {
    if (!text.trim()) return (say) => say.phone.required;
    if (!takesPhoneNumber(item)) return true;
    const reading = readPhoneNumber(text);
    if (reading.ok) return true;
    const why = whyNotPhone(reading.problem);
    const hint = phoneHint(reading.problem);
    return (say) => say.phone.notMobile(why(say), hint(say));
  };
}

/**
 * Which form of the customer data a check makes: what is `sent` (the service's form: 0812…, `id|zone`),
 * or what was `written` (separators out of a number, `--zone-id` as `id(zone)`), from which an orders
 * file's ref_ids have always been derived.
 */
type NoteForm = "sent" | "written";

/** The customer's number in the form asked for, or a refusal saying why and how to override. */
function checkedPhone(item: Item, text: string, where: Said, form: NoteForm): string {
  const reading = readPhoneNumber(text);
  if (reading.ok) return form === "sent" ? reading.number : reading.written;
  const why = whyNotPhone(reading.problem);
  refuse(where, (say) => say.phone.refused(text.trim(), itemWords(item)(say), why(say)), {
    code: "PHONE_NUMBER_INVALID",
    suggestion: phoneHint(reading.problem, (say) => say.phone.refusedHint),
  });
}

// ---- open amounts ----

/** `from Rp 10.000 to Rp 2.000.000 in steps of Rp 1.000`, with whatever bounds the item gives. */
export function openAmountRange(range: OpenAmount): Wording {
  return (say) => {
    const words = say.orders.line;
    const bounds =
      range.min !== null && range.max !== null
        ? words.fromTo(formatRupiah(range.min), formatRupiah(range.max))
        : range.min !== null
          ? words.atLeast(formatRupiah(range.min))
          : range.max !== null
            ? words.atMost(formatRupiah(range.max))
            : words.anyAmount;
    return range.step !== null && range.step > 1 ? words.inSteps(bounds, formatRupiah(range.step)) : bounds;
  };
}

/**
 * A prompt's check of a typed nominal: an amount as people write it (`50rb`, `50.000`) that the item
 * takes; the words say what is wrong, and the reading when it could be two sums.
 */
export function checkTypedNominal(range: OpenAmount): (text: string) => true | Wording {
  return (text) => {
    const reading = readAmount(text);
    if (!reading.ok) {
      const why = whyNotAmount(reading.problem);
      return (say) =>
        say.orders.amount.notAnAmount(why(say), reading.readings.map(formatRupiah).join(say.usage.either));
    }
    const problem = openAmountProblem(range, reading.amount);
    return problem
      ? (say) => say.orders.line.amountProblem(formatRupiah(reading.amount), problem(say), openAmountRange(range)(say))
      : true;
  };
}

/** Why an amount is not one the item takes, or undefined when it is. */
export function openAmountProblem(range: OpenAmount, amount: number): Wording | undefined {
  if (amount <= 0) return (say) => say.orders.line.notPositive;
  if (range.min !== null && amount < range.min) return (say) => say.orders.line.belowMinimum;
  if (range.max !== null && amount > range.max) return (say) => say.orders.line.aboveMaximum;
  const { step } = range;
  if (step !== null && step > 1 && amount % step !== 0) return (say) => say.orders.line.notMultiple(formatRupiah(step));
  return undefined;
}

/** The allowed amounts on either side of one that is off the step, for the hint. */
function nearestAllowed(range: OpenAmount, amount: number): number[] {
  if (range.step === null || range.step <= 1) return [];
  const below = Math.floor(amount / range.step) * range.step;
  return [below, below + range.step].filter((n) => openAmountProblem(range, n) === undefined);
}

/** The amount's name for people: the item's own label (`Nominal`). */
function amountLabel(item: Item): string {
  return item.openAmount?.label ?? item.requiredFields.find((f) => slotOf(f) === "nominal")?.label ?? "nominal";
}

function checkOpenAmount(
  item: Item,
  range: OpenAmount,
  line: LineInput,
  where: Said,
  check: boolean,
  form: NoteForm,
): string {
  const parts = openAmountParts(item, line, where);
  const missing = requiredFieldsOf(item).filter((f) => isMissing(parts, f));
  if (missing.length) {
    refuse(where, (say) => say.orders.line.openAmountMissing(itemWords(item)(say), fieldNames(missing)(say)), {
      code: "REQUIRED_FIELD_MISSING",
      suggestion: (say) =>
        say.orders.line.openAmountExample(
          openAmountRange(range)(say),
          formatRupiah(range.min ?? 10000).replace("Rp ", ""),
        ),
    });
  }
  const amount = present(parts.nominal, "the amount, checked as given");
  const problem = openAmountProblem(range, amount);
  if (problem) {
    const near = nearestAllowed(range, amount);
    refuse(
      where,
      (say) =>
        say.orders.line.outOfRange(
          amountLabel(item),
          itemWords(item)(say),
          problem(say),
          openAmountRange(range)(say),
          formatRupiah(amount),
        ),
      {
        code: "OPEN_AMOUNT_OUT_OF_RANGE",
        ...(near.length
          ? { suggestion: (say) => say.orders.line.nearest(near.map(formatRupiah).join(say.usage.either)) }
          : {}),
      },
    );
  }
  const customer = present(parts.customer, "the target, checked as given");
  const target = check && takesPhoneNumber(item) ? checkedPhone(item, customer, where, form) : customer;
  const note: OpenAmountNote = {
    target,
    provider_qty: amount,
    ...(parts.zone !== undefined ? { zone_id: parts.zone } : {}),
  };
  return JSON.stringify(note);
}

/** The amount an open-amount line asks for, read back from the note checkLine built; undefined for other lines. */
export function openAmountOf(item: Item, note: string | undefined): number | undefined {
  if (!item.openAmount || note === undefined || !looksLikeJson(note)) return undefined;
  try {
    const parsed = JSON.parse(note) as Partial<OpenAmountNote>;
    return typeof parsed.provider_qty === "number" ? parsed.provider_qty : undefined;
  } catch {
    return undefined;
  }
}

// ---- a game's zone ----

/** Whether a fixed-price item asks for a zone: its account check needs one, or it lists a zone field. */
function takesZone(item: Item): boolean {
  return item.accountCheck?.requiresZoneId === true || item.requiredFields.some((f) => slotOf(f) === "zone");
}

/**
 * `--zone-id 1234` with `--note 12345678` for a game whose note carries the zone: the note as the
 * service takes it, `12345678|1234`. A note that already gives another zone is refused rather than guessed.
 */
function withZoneInNote(item: Item, line: LineInput, zoneId: string, where: Said, form: NoteForm): LineInput {
  const { zoneId: _given, ...rest } = line;
  if (line.note === undefined || !line.note.trim()) return line;
  const zone = zoneId.trim();
  const given = splitCustomerNote(line.note);
  if (given.zoneId !== undefined && given.zoneId !== zone) {
    const [note, givenZone] = [line.note.trim(), given.zoneId];
    refuse(where, (say) => say.orders.line.twoZones(note, givenZone, zone), {
      suggestion: (say) => say.orders.line.zoneOnce(given.customerId),
    });
  }
  return {
    ...rest,
    note: form === "sent" ? gameAccountNote(given.customerId, zone) : `${given.customerId}(${zone})`,
  };
}

// ---- the check ----

/** Longer than any customer data or SMM comment list; a pasted file or a runaway script is not a note. */
export const maxNoteBytes = 64 * 1024;

/** Text that cannot be customer data: a NUL byte (cut short or refused along the way), or a note past maxNoteBytes. */
function checkLineText(line: LineInput, where: Said): void {
  const texts: [string, string | undefined][] = [
    ["note", line.note],
    ["target", line.target],
    ["comment", line.comment],
    ...line.opt.map((o): [string, string] => ["opt", o]),
  ];
  for (const [name, text] of texts) {
    if (text === undefined) continue;
    if (text.includes("\u0000"))
      refuse(where, (say) => say.orders.line.nulByte(name), { suggestion: (say) => say.orders.line.nulByteHint });
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > maxNoteBytes)
      refuse(where, (say) => say.orders.line.tooBig(name, Math.ceil(bytes / 1024), maxNoteBytes / 1024));
  }
}

/**
 * Checks one line and returns the note to send: the SMM JSON built from a target, the open-amount JSON
 * built from the target and nominal, or the note as given.
 * `where` prefixes every message ("" for flags, "cart line 2: ", "orders.csv order 3: "), a wording
 * when the reader's words name the place.
 * `check: false` (`--no-check`) sends the customer data as given, without the phone-number check.
 */
export function checkLine(
  item: Item,
  line: LineInput,
  where: Said,
  { check = true, form = "sent" }: { check?: boolean; form?: NoteForm } = {},
): string | undefined {
  checkLineText(line, where);
  if (line.quantity < item.minOrder) {
    const quantity = line.quantity;
    refuse(where, (say) => say.orders.line.minimumOrder(itemWords(item)(say), item.minOrder, quantity), {
      code: "MINIMUM_ORDER_NOT_MET",
      suggestion: (say) => say.orders.line.buyAtLeast(item.minOrder),
    });
  }
  if (!item.openAmount && line.zoneId !== undefined && takesZone(item))
    line = withZoneInNote(item, line, line.zoneId, where, form);
  if (!item.openAmount && (line.nominal !== undefined || line.zoneId !== undefined)) {
    const nominal = line.nominal !== undefined;
    refuse(where, (say) => say.orders.line.fixedPrice(itemWords(item)(say), nominal), {
      suggestion: (say) => (nominal ? say.orders.line.byQuantity : say.orders.line.zoneInNote(item.id)),
    });
  }
  const smmParts = line.target !== undefined || line.opt.length > 0 || line.comment !== undefined;
  const process = orderProcessOf(item);
  if (process === "smm") {
    if (line.target !== undefined && line.note !== undefined) refuse(where, (say) => say.orders.line.noteOrTarget);
    if (line.target === undefined && (line.opt.length > 0 || line.comment !== undefined))
      refuse(where, (say) => say.orders.line.optNeedsTarget);
    if (line.target !== undefined) return buildSmmNote(line.target, line.opt, line.comment);
    if (line.note === undefined) {
      refuse(where, (say) => say.orders.line.smmNeedsTarget(itemWords(item)(say)), {
        suggestion: (say) => say.orders.line.targetExample,
      });
    }
    smmNote(line.note, where);
    return line.note;
  }
  if (smmParts)
    refuse(where, (say) => say.orders.line.notSmm(itemWords(item)(say), process), {
      suggestion: (say) => say.orders.line.customerAsNote,
    });
  if (item.openAmount) return checkOpenAmount(item, item.openAmount, line, where, check, form);
  // A provider delivery needs a destination; without it the order would only fail and be refunded.
  if (process === "h2h" && !line.note?.trim()) {
    const labelled = item.requiredFields.find((f) => slotOf(f) === "customer" && f.label !== f.key);
    refuse(
      where,
      (say) =>
        say.orders.line.destination(itemWords(item)(say), labelled ? labelled.label : say.orders.line.phoneOrUserId),
      {
        code: "REQUIRED_FIELD_MISSING",
        suggestion: (say) => say.orders.line.noteExample,
      },
    );
  }
  const missing = missingFields(item, line);
  if (missing.length)
    refuse(where, (say) => say.orders.line.missingFields(itemWords(item)(say), fieldNames(missing)(say)), {
      code: "REQUIRED_FIELD_MISSING",
    });
  if (check && line.note?.trim() && takesPhoneNumber(item)) return checkedPhone(item, line.note, where, form);
  // A game account however written (`id(zone)`, `id zone`, `id|zone`) is sent as the service takes it.
  if (form === "sent" && line.note !== undefined && takesZone(item)) {
    const { customerId, zoneId } = splitCustomerNote(line.note);
    if (zoneId !== undefined) return gameAccountNote(customerId, zoneId);
  }
  return line.note;
}

/** What the user typed for a line's customer, kept in the journal beside what was sent. */
export interface TypedCustomer {
  note?: string;
  zone_id?: string;
}

/** A checked line in each form: what is sent, what was written (derived ref_ids), and what was typed when it differs from what is sent. */
export interface CheckedLine {
  note: string | undefined;
  written: string | undefined;
  typed?: TypedCustomer;
}

export function checkLineForms(
  item: Item,
  line: LineInput,
  where: Said,
  options: { check?: boolean } = {},
): CheckedLine {
  const note = checkLine(item, line, where, options);
  const written = checkLine(item, line, where, { ...options, form: "written" });
  const given = line.target ?? line.note;
  const changed = given !== undefined && note !== given && customerData(note) !== given;
  return {
    note,
    written,
    ...(changed
      ? { typed: { note: given, ...(line.zoneId !== undefined && !item.openAmount ? { zone_id: line.zoneId } : {}) } }
      : {}),
  };
}
