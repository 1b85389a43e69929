/**
 * The webhook signature against values computed apart from it: known vectors from `sha256sum`, and for
 * random fields a SHA-256 built here from the documentation's own words (ref_id:invoice:status:secret).
 */
import { en } from "../../src/messages/en.js";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventMismatch, signatureMatches, signBody, signedFieldsOf } from "../../src/webhooks/signature.js";

/** The documentation's rule, written out again here without the module's help. */
function documentedSignature(event: string, data: Record<string, unknown>, secret: string): string {
  const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
  const status = event === "order.item.sent" ? "item.sent" : event === "webhook.test" ? "test" : text(data.status);
  const hash = createHash("sha256");
  hash.update(Buffer.from([text(data.ref_id), text(data.invoice), status, secret].join(":"), "utf8"));
  return hash.digest().toString("hex");
}

const anyText = fc.string({ unit: "grapheme", maxLength: 40 });
const event = fc.constantFrom(
  "order.paid",
  "order.completed",
  "order.canceled",
  "order.item.sent",
  "webhook.test",
  "order.refunded",
);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const data = fc.record(
  {
    ref_id: maybe(fc.oneof(anyText, fc.integer())),
    invoice: maybe(anyText),
    status: maybe(anyText),
    transaction_status: maybe(anyText),
  },
  { requiredKeys: [] },
);

describe("the webhook signature", () => {
  it("matches sha256sum for the documented examples", () => {
    const completed = {
      event: "order.completed",
      data: { invoice: "INV-20240115-XXXXX", ref_id: "your-ref-123", status: "completed" },
    };
    // printf 'your-ref-123:INV-20240115-XXXXX:completed:abc123' | sha256sum
    expect(signBody("order.completed", completed, "abc123")).toBe(
      "d5adc7c12e05053129f9578f70b29e16b1d651f4fa342ed2fb4ca8217e382e64",
    );
    const sent = {
      event: "order.item.sent",
      data: { invoice: "SPY1770830637OC8V", ref_id: "INV-20260212-NQGYFI", transaction_status: "paid" },
    };
    // printf 'INV-20260212-NQGYFI:SPY1770830637OC8V:item.sent:abc123' | sha256sum
    expect(signBody("order.item.sent", sent, "abc123")).toBe(
      "23338efc0ddb1750d80407c5308c34ca112068b70164fb80de489f25e58eeea6",
    );
    // A test event with no fields at all: printf '::test:s3cret' | sha256sum
    expect(signBody("webhook.test", { event: "webhook.test" }, "s3cret")).toBe(
      "ecc221ac03112d86c615762788362e6d3142649d68e10066fc72c348cb61503f",
    );
  });

  it("equals the documented SHA-256 for any fields, any event and any secret", () => {
    fc.assert(
      fc.property(event, data, fc.string({ minLength: 1, maxLength: 64 }), (name, fields, secret) => {
        const body = { event: name, data: fields };
        const expected = documentedSignature(name, fields, secret);
        expect(signBody(name, body, secret)).toBe(expected);
        expect(signatureMatches(name, body, secret, expected)).toBe(true);
        expect(signatureMatches(name, body, secret, expected.toUpperCase())).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a signature with any one character changed, cut short, missing, or made with another secret", () => {
    fc.assert(
      fc.property(
        event,
        data,
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.nat(63),
        fc.string({ minLength: 1, maxLength: 64 }),
        (name, fields, secret, at, other) => {
          const body = { event: name, data: fields };
          const good = documentedSignature(name, fields, secret);
          const flipped = good.slice(0, at) + (good[at] === "0" ? "1" : "0") + good.slice(at + 1);
          expect(signatureMatches(name, body, secret, flipped)).toBe(false);
          expect(signatureMatches(name, body, secret, good.slice(0, at))).toBe(false);
          expect(signatureMatches(name, body, secret, undefined)).toBe(false);
          if (other !== secret)
            expect(signatureMatches(name, body, secret, documentedSignature(name, fields, other))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("notices a changed ref_id, invoice or status where the event signs them", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("order.paid", "order.completed", "order.canceled"),
        anyText,
        anyText,
        anyText,
        fc.constantFrom("ref_id", "invoice", "status"),
        (name, ref, invoice, status, changed) => {
          const fields = { ref_id: ref, invoice, status };
          const signature = documentedSignature(name, fields, "secret-1");
          const tampered = { ...fields, [changed]: `${fields[changed as keyof typeof fields]}x` };
          expect(signatureMatches(name, { event: name, data: tampered }, "secret-1", signature)).toBe(false);
        },
      ),
    );
  });

  it("signs order.item.sent and webhook.test with their literals, whatever data.status says", () => {
    expect(signedFieldsOf("order.item.sent", { data: { ref_id: "R", invoice: "I", status: "sent" } })).toEqual({
      refId: "R",
      invoice: "I",
      status: "item.sent",
    });
    expect(signedFieldsOf("webhook.test", { data: { status: "paid" } })).toEqual({
      refId: "",
      invoice: "",
      status: "test",
    });
    expect(signedFieldsOf("order.paid", { data: { ref_id: null, invoice: 7, status: { text: "paid" } } })).toEqual({
      refId: "",
      invoice: "7",
      status: "",
    });
    expect(signedFieldsOf("order.paid", "not an object")).toEqual({ refId: "", invoice: "", status: "" });
  });

  it("never accepts anything when no secret is known", () => {
    const body = { event: "order.paid", data: { ref_id: "R", invoice: "I", status: "paid" } };
    expect(signatureMatches("order.paid", body, "", documentedSignature("order.paid", body.data, ""))).toBe(false);
  });

  it("holds each event name to its signed status, and order events to a signed ref_id and invoice", () => {
    const f = (status: string, refId = "R1", invoice = "INV-1") => ({ refId, invoice, status });
    const agree: [string, string][] = [
      ["order.paid", "paid"],
      ["order.completed", "completed"],
      ["order.completed", "Success"],
      ["order.canceled", "canceled"],
      ["order.canceled", "CANCELLED"],
      ["order.refunded", "refunded"],
      ["order.item.sent", "item.sent"],
      ["webhook.test", "test"],
      ["order.expired", "expired"],
    ];
    for (const [event, status] of agree) expect(eventMismatch(event, f(status)), `${event} ${status}`).toBeNull();
    const disagree: [string, string][] = [
      ["order.paid", "completed"],
      ["order.completed", "test"],
      ["order.completed", "paid"],
      ["order.canceled", "completed"],
      ["order.refunded", "canceled"],
      ["order.expired", "paid"],
      ["order.whatever", "test"],
      ["shop.note", "item.sent"],
    ];
    for (const [event, status] of disagree)
      expect(eventMismatch(event, f(status)), `${event} ${status}`).not.toBeNull();
    expect(eventMismatch("order.paid", f("paid", "", "INV-1"))?.(en)).toMatch(/signed ref_id is empty/);
    expect(eventMismatch("order.completed", f("completed", "R1", " "))?.(en)).toMatch(/signed invoice is empty/);
    // A test names no order: empty fields are what the service signs.
    expect(eventMismatch("webhook.test", f("test", "", ""))).toBeNull();
  });
});
