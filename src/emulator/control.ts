import type { IncomingHttpHeaders } from "node:http";
import { formatUtc } from "./clock.js";
import { emulatorDialects, isDialect, type SpokenDialect } from "./dialect.js";
import type { FaultController } from "./faults.js";
import { parseJsonObject, type ApiResponse } from "./routes.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import { FieldErrors, invalidChoiceMessage, readInteger, readString } from "./validation.js";

/**
 * /__emulator/...: the rehearsal and test control surface, not part of the service; it exists only in
 * the emulator. Every route needs one of the emulator's API keys in X-APIKEY, and a POST a JSON body
 * (Content-Type: application/json): a web page the person visits cannot send either without the
 * browser asking first, so it cannot move the clock, inject faults or set balances (no text/plain CSRF).
 *   GET    /__emulator/state[?api_key=K]  snapshot (balances, transactions, locks, top-ups)
 *   POST   /__emulator/reset {seed?}      fresh seeded state (faults are left as they are)
 *   GET    /__emulator/clock              {now}
 *   POST   /__emulator/clock {advance_seconds}
 *   GET|POST|DELETE /__emulator/faults    show / merge settings / turn all off
 *   POST   /__emulator/balance {api_key, balance}
 *   GET    /__emulator/dialect            {dialect, dialects}
 *   POST   /__emulator/dialect {dialect}  answer in live, live-short or spec from the next request on
 *   POST   /__emulator/items/{id} {unavailable}  refuse orders for the item with 503, or stop refusing
 *   POST   /__emulator/items/{id} {price}  a new price from now on (`GET /v1/item?updated_since=` lists it)
 *   GET    /__emulator/requests           the last 50 API requests' bodies {requests: [{method, path, body}]}
 *   POST   /__emulator/catalogue {per_page_all}  take `per_page=all` as "answered", "refused" (422) or "ignored" (100 a page)
 */
export function handleControlRequest(
  service: EmulatedService,
  faults: FaultController,
  spoken: SpokenDialect,
  method: string,
  url: URL,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): ApiResponse {
  const path = url.pathname.replace(/\/$/, "");
  const route = `${method} ${path}`;
  try {
    const apiKey = headers["x-apikey"];
    service.authenticate(typeof apiKey === "string" ? apiKey : undefined);
    const contentType = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (method === "POST" && contentType !== "application/json") {
      return {
        status: 415,
        body: {
          message: "UNSUPPORTED_MEDIA_TYPE",
          hint: "Send the control's body as JSON with Content-Type: application/json.",
        },
      };
    }
    const item = /^POST \/__emulator\/items\/(\d+)$/.exec(route);
    if (item) {
      const body = parseJsonObject(rawBody);
      const id = Number(item[1]);
      // A new price alone, or with a mark: the mark is checked as before when it is given or nothing else is.
      const errors = new FieldErrors();
      const price = readInteger(errors, "price", body.price, { required: false, min: 1 });
      const unavailable = body.unavailable;
      if ((unavailable !== undefined || body.price === undefined) && typeof unavailable !== "boolean") {
        errors.add("unavailable", "The unavailable field must be true or false.");
      }
      errors.throwIfAny();
      service.activeItem(id);
      if (price !== undefined) service.setItemPrice(id, price);
      if (typeof unavailable === "boolean") service.setItemAvailable(id, !unavailable);
      return {
        status: 200,
        body: {
          message: "OK",
          data: {
            id,
            ...(typeof unavailable === "boolean" ? { unavailable } : {}),
            ...(price !== undefined ? { price } : {}),
          },
        },
      };
    }
    switch (route) {
      case "GET /__emulator/state":
        return { status: 200, body: service.snapshot(url.searchParams.get("api_key") ?? undefined) };
      case "POST /__emulator/reset": {
        const errors = new FieldErrors();
        const seed = readInteger(errors, "seed", parseJsonObject(rawBody).seed, { required: false });
        errors.throwIfAny();
        service.reset(seed);
        return { status: 200, body: { message: "OK", seed: service.state.seed } };
      }
      case "GET /__emulator/requests":
        return { status: 200, body: { requests: service.recentRequests } };
      case "GET /__emulator/clock":
        return { status: 200, body: { now: formatUtc(service.now()) } };
      case "POST /__emulator/clock": {
        const errors = new FieldErrors();
        const { seconds } = errors.required({
          seconds: readInteger(errors, "advance_seconds", parseJsonObject(rawBody).advance_seconds, {
            required: true,
            min: 0,
          }),
        });
        service.clock.advance(seconds * 1000);
        return { status: 200, body: { now: formatUtc(service.now()) } };
      }
      case "GET /__emulator/faults":
        return { status: 200, body: faults.status() };
      case "POST /__emulator/faults":
        return { status: 200, body: faults.configure(parseJsonObject(rawBody)) };
      case "DELETE /__emulator/faults":
        faults.reset();
        return { status: 200, body: faults.status() };
      case "POST /__emulator/balance": {
        const body = parseJsonObject(rawBody);
        const errors = new FieldErrors();
        const { apiKey, balance } = errors.required({
          apiKey: readString(errors, "api_key", body.api_key, { required: true }),
          balance: readInteger(errors, "balance", body.balance, { required: true, min: 0 }),
        });
        service.setBalance(apiKey, balance);
        return { status: 200, body: { message: "OK", data: { balance } } };
      }
      case "GET /__emulator/dialect":
        return { status: 200, body: { dialect: spoken.current, dialects: emulatorDialects } };
      case "POST /__emulator/dialect": {
        const dialect = parseJsonObject(rawBody).dialect;
        if (!isDialect(dialect))
          throw new ServiceError(422, "VALIDATION_ERROR", { dialect: [invalidChoiceMessage("dialect")] });
        spoken.current = dialect;
        return { status: 200, body: { dialect, dialects: emulatorDialects } };
      }
      case "POST /__emulator/catalogue": {
        const mode = parseJsonObject(rawBody).per_page_all;
        if (mode !== "answered" && mode !== "refused" && mode !== "ignored") {
          throw new ServiceError(422, "VALIDATION_ERROR", { per_page_all: [invalidChoiceMessage("per_page_all")] });
        }
        service.perPageAll = mode;
        return {
          status: 200,
          body: {
            message: "OK",
            data: { per_page_all: mode, items: service.state.items.filter((i) => i.active).length },
          },
        };
      }
      default:
        throw new ServiceError(404, "ROUTE_NOT_FOUND");
    }
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, body: error.body };
    throw error;
  }
}
