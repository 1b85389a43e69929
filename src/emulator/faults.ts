import { SeededRandom } from "./seeded-random.js";
import { FieldErrors, invalidChoiceMessage, readInteger } from "./validation.js";

/**
 * Fault injection for rehearsals and tests, off by default. The same settings are accepted in-process
 * (RunningEmulator.faults.configure) and over HTTP (POST /__emulator/faults); names are snake_case in both
 * so a test reads the same either way.
 */
export type FaultMode =
  | "latency"
  | "error"
  | "drop_after_commit"
  | "drop_before_commit"
  | "html"
  | "rate_limit"
  | "down";
export type RandomFaultMode = Exclude<FaultMode, "down">;

const RANDOM_MODES: readonly RandomFaultMode[] = [
  "latency",
  "error",
  "drop_after_commit",
  "drop_before_commit",
  "html",
  "rate_limit",
];

export interface FaultSettings {
  /** Delay before each matching request is processed (the request is processed even if the client gave up). */
  latency_ms?: number;
  /**
   * Answer the next N matching requests with error_status (default 503) without processing them; a 409
   * is a `CONFLICT` (a proxy's 4xx, not one of the service's refusal codes).
   */
  error_next?: number;
  error_status?: number;
  /** Process the next N matching requests fully, then destroy the socket without an answer. */
  drop_after_commit_next?: number;
  /** Destroy the socket of the next N matching requests without processing them. */
  drop_before_commit_next?: number;
  /** Answer the next N matching requests with an nginx 502 HTML page, unprocessed. */
  html_next?: number;
  /** Answer the next N matching requests with 429 and Retry-After: retry_after (default 1), unprocessed. */
  rate_limit_next?: number;
  retry_after?: number;
  /** Every /v1 request (whatever `match` says) has its socket destroyed unprocessed while true. */
  down?: boolean;
  /** Each matching request without a queued fault gets one of `modes` with probability `rate`. */
  random?: { rate: number; modes?: RandomFaultMode[]; seed?: number; latency_ms?: number } | null;
  /** Which requests the faults apply to: method and path (a path also matches what lies below it). Default: all /v1. */
  match?: { method?: string; path?: string } | null;

  // ---- shapes live clients meet (real-service-notes §12), switched on for tests and rehearsals; not filtered by `match` ----

  /** Delay before answering `GET /v1/item?per_page=all` (with or without `updated_since`): the slow full catalogue. Paged asks are not delayed. */
  per_page_all_latency_ms?: number;
  /** `GET /v1/balance/channels` keyed `code`/`min_amount`/`max_amount`/`fee` (default) or `service`/`type`/`minimum`/`maximum`/`fee_flat`/`fee_percentage`/`status`. */
  channel_keys?: ChannelKeys;
  /** `POST /v1/balance` with a payment page (default), a QR link only (`qr_link`), or both. */
  top_up_link?: TopUpLink;
  /** An auto item's licences in `product_license` and `licenses[]` (default), in `licenses[]` only (`product_license: null`), or in `product_license` only. */
  licence_field?: LicenceField;
  /** `GET /v1/item` in the live dialects: categories → products → variants (default), or version A's flat list. */
  catalogue_shape?: CatalogueShape;
  /** An unlimited item's `stock` in `GET /v1/item` and `/v1/item/{id}`: as the dialect says it (default), `null`, no field at all, or `-1` (§13). */
  unlimited_stock?: UnlimitedStock;
  /** `GET /v1/trx/{ref_id}` also answers for a top-up requested with that `ref_id`, as a transaction row (§13). */
  top_up_trx?: boolean;
  /** `GET /v1/trx/{ref_id}`'s items with their `note` (default), or without it: an answer that does not say whom a line was for. */
  trx_item_note?: TrxItemNote;
}

export type UnlimitedStock = "dialect" | "null" | "missing" | "minus_one";
export type TrxItemNote = "kept" | "left_out";

export type CatalogueShape = "nested" | "flat";

export type ChannelKeys = "code" | "service";
export type TopUpLink = "payment_url" | "qr_link" | "both";
export type LicenceField = "both" | "list" | "product_license";

/** The answer shapes in force: what routes.ts and dialect.ts read. */
export interface ShapeSwitches {
  perPageAllLatencyMs: number;
  channelKeys: ChannelKeys;
  topUpLink: TopUpLink;
  licenceField: LicenceField;
  catalogueShape: CatalogueShape;
  unlimitedStock: UnlimitedStock;
  topUpTrx: boolean;
  trxItemNote: TrxItemNote;
}

export const defaultShapes: ShapeSwitches = {
  perPageAllLatencyMs: 0,
  channelKeys: "code",
  topUpLink: "payment_url",
  licenceField: "both",
  catalogueShape: "nested",
  unlimitedStock: "dialect",
  topUpTrx: false,
  trxItemNote: "kept",
};

const CHOICES = {
  channel_keys: ["code", "service"],
  top_up_link: ["payment_url", "qr_link", "both"],
  licence_field: ["both", "list", "product_license"],
  catalogue_shape: ["nested", "flat"],
  unlimited_stock: ["dialect", "null", "missing", "minus_one"],
  trx_item_note: ["kept", "left_out"],
} as const;

export interface FaultStatus extends Required<Omit<FaultSettings, "random" | "match">> {
  random: FaultSettings["random"];
  match: FaultSettings["match"];
  /** How many times each fault was injected since the last reset. */
  injected: Record<FaultMode, number>;
}

/** What the server does with one request. */
export interface FaultDecision {
  latencyMs: number;
  action: "none" | Exclude<FaultMode, "latency">;
  errorStatus: number;
  retryAfter: number;
}

/** The faults queued by `<mode>_next` counts, in the order they are served when several are set. */
const QUEUED_MODES = ["drop_before_commit", "html", "rate_limit", "error", "drop_after_commit"] as const;
const counterOf = (mode: (typeof QUEUED_MODES)[number]) => `${mode}_next` as const;
const COUNTERS = QUEUED_MODES.map(counterOf);
const SETTING_NAMES = new Set<string>([
  ...COUNTERS,
  "latency_ms",
  "error_status",
  "retry_after",
  "down",
  "random",
  "match",
  "per_page_all_latency_ms",
  "top_up_trx",
  ...Object.keys(CHOICES),
]);
const DEFAULT_RANDOM_LATENCY_MS = 500;

function emptyCounters(): Record<FaultMode, number> {
  return { latency: 0, error: 0, drop_after_commit: 0, drop_before_commit: 0, html: 0, rate_limit: 0, down: 0 };
}

function defaultSettings(): Omit<FaultStatus, "injected"> {
  return {
    latency_ms: 0,
    error_next: 0,
    error_status: 503,
    drop_after_commit_next: 0,
    drop_before_commit_next: 0,
    html_next: 0,
    rate_limit_next: 0,
    retry_after: 1,
    down: false,
    random: null,
    match: null,
    per_page_all_latency_ms: 0,
    channel_keys: "code",
    top_up_link: "payment_url",
    licence_field: "both",
    catalogue_shape: "nested",
    unlimited_stock: "dialect",
    top_up_trx: false,
    trx_item_note: "kept",
  };
}

/** Checks settings given over HTTP (or by a test) and answers 422 with field errors, like the service does. */
function validateSettings(input: Record<string, unknown>): FaultSettings {
  const errors = new FieldErrors();
  for (const name of Object.keys(input))
    if (!SETTING_NAMES.has(name)) errors.add(name, `Unknown fault setting ${name}.`);
  const settings: FaultSettings = {};
  const count = (name: keyof FaultSettings, min = 0, max = 1_000_000) => {
    const value = readInteger(errors, name, input[name], { required: false, min, max });
    if (value !== undefined) (settings as Record<string, unknown>)[name] = value;
  };
  for (const name of COUNTERS) count(name);
  count("latency_ms", 0, 120_000);
  count("error_status", 400, 599);
  count("retry_after", 0, 3600);
  count("per_page_all_latency_ms", 0, 600_000);
  for (const [name, choices] of Object.entries(CHOICES)) {
    const value = input[name];
    if (value === undefined) continue;
    if (typeof value !== "string" || !(choices as readonly string[]).includes(value))
      errors.add(name, invalidChoiceMessage(name));
    else (settings as Record<string, unknown>)[name] = value;
  }
  if (input.top_up_trx !== undefined) {
    if (typeof input.top_up_trx !== "boolean") errors.add("top_up_trx", "The top_up_trx field must be true or false.");
    else settings.top_up_trx = input.top_up_trx;
  }
  if (input.down !== undefined) {
    if (typeof input.down !== "boolean") errors.add("down", "The down field must be true or false.");
    else settings.down = input.down;
  }
  if (input.random === null) settings.random = null;
  else if (input.random !== undefined) {
    const random = input.random as Record<string, unknown>;
    if (typeof random !== "object" || Array.isArray(random))
      errors.add("random", "The random field must be an object.");
    else {
      const rate = random.rate;
      if (typeof rate !== "number" || rate < 0 || rate > 1)
        errors.add("random.rate", "The random.rate field must be between 0 and 1.");
      const modes = random.modes ?? RANDOM_MODES;
      if (
        !Array.isArray(modes) ||
        modes.length === 0 ||
        !modes.every((mode) => RANDOM_MODES.includes(mode as RandomFaultMode))
      ) {
        errors.add("random.modes", invalidChoiceMessage("random.modes"));
      }
      const seed = readInteger(errors, "random.seed", random.seed, { required: false });
      const latency = readInteger(errors, "random.latency_ms", random.latency_ms, {
        required: false,
        min: 0,
        max: 120_000,
      });
      settings.random = {
        rate: rate as number,
        modes: modes as RandomFaultMode[],
        seed: seed ?? 1,
        latency_ms: latency ?? DEFAULT_RANDOM_LATENCY_MS,
      };
    }
  }
  if (input.match === null) settings.match = null;
  else if (input.match !== undefined) {
    const match = input.match as Record<string, unknown>;
    if (typeof match !== "object" || Array.isArray(match)) errors.add("match", "The match field must be an object.");
    else {
      if (match.method !== undefined && typeof match.method !== "string")
        errors.add("match.method", "The match.method field must be a string.");
      if (match.path !== undefined && typeof match.path !== "string")
        errors.add("match.path", "The match.path field must be a string.");
      settings.match = {
        ...(typeof match.method === "string" ? { method: match.method.toUpperCase() } : {}),
        ...(typeof match.path === "string" ? { path: match.path.replace(/\/$/, "") } : {}),
      };
    }
  }
  errors.throwIfAny();
  return settings;
}

export class FaultController {
  private settings = defaultSettings();
  private injected = emptyCounters();
  private random: SeededRandom | null = null;

  /** Merges the given settings into the current ones; throws ServiceError 422 on a bad setting. */
  configure(input: FaultSettings | Record<string, unknown>): FaultStatus {
    const settings = validateSettings(input as Record<string, unknown>);
    Object.assign(this.settings, settings);
    if (settings.random !== undefined)
      this.random = settings.random ? SeededRandom.fromSeed(settings.random.seed ?? 1) : null;
    return this.status();
  }

  /** Turns every fault off and zeroes the counters. */
  reset(): void {
    this.settings = defaultSettings();
    this.injected = emptyCounters();
    this.random = null;
  }

  status(): FaultStatus {
    return { ...structuredClone(this.settings), injected: { ...this.injected } };
  }

  /** The answer shapes in force now. */
  shapes(): ShapeSwitches {
    const s = this.settings;
    return {
      perPageAllLatencyMs: s.per_page_all_latency_ms,
      channelKeys: s.channel_keys,
      topUpLink: s.top_up_link,
      licenceField: s.licence_field,
      catalogueShape: s.catalogue_shape,
      unlimitedStock: s.unlimited_stock,
      topUpTrx: s.top_up_trx,
      trxItemNote: s.trx_item_note,
    };
  }

  private matches(method: string, path: string): boolean {
    const match = this.settings.match;
    if (!match) return true;
    if (match.method && match.method !== method) return false;
    if (match.path && path !== match.path && !path.startsWith(`${match.path}/`)) return false;
    return true;
  }

  /** Decides, and counts, what happens to one /v1 request. Queued faults come before random ones. */
  take(method: string, path: string): FaultDecision {
    const decision: FaultDecision = {
      latencyMs: 0,
      action: "none",
      errorStatus: this.settings.error_status,
      retryAfter: this.settings.retry_after,
    };
    if (this.settings.down) {
      this.injected.down++;
      return { ...decision, action: "down" };
    }
    if (!this.matches(method, path)) return decision;
    if (this.settings.latency_ms > 0) {
      decision.latencyMs = this.settings.latency_ms;
      this.injected.latency++;
    }
    for (const mode of QUEUED_MODES) {
      const counter = counterOf(mode);
      if (this.settings[counter] > 0) {
        this.settings[counter]--;
        this.injected[mode]++;
        return { ...decision, action: mode };
      }
    }
    const random = this.settings.random;
    if (random && this.random?.chance(random.rate)) {
      const mode = this.random.pick(random.modes ?? RANDOM_MODES);
      this.injected[mode]++;
      if (mode === "latency")
        return { ...decision, latencyMs: decision.latencyMs + (random.latency_ms ?? DEFAULT_RANDOM_LATENCY_MS) };
      return { ...decision, action: mode };
    }
    return decision;
  }
}

/** The JSON `message` of an injected 5xx, by status. */
export function errorCodeFor(status: number): string {
  if (status < 500) return status === 409 ? "CONFLICT" : "CLIENT_ERROR";
  switch (status) {
    case 500:
      return "SERVER_ERROR";
    case 502:
      return "BAD_GATEWAY";
    case 504:
      return "GATEWAY_TIMEOUT";
    default:
      return "SERVICE_UNAVAILABLE";
  }
}
