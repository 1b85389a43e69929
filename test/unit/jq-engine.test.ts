/** jq's start asks for random bytes; Node's `crypto` global is as it found it afterwards. */
import { describe, expect, it } from "vitest";
import { compileJqFilter } from "../../src/output/jq.js";

describe("jq's engine", () => {
  it("leaves Node's crypto global as it was", async () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, "crypto");
    const filter = await compileJqFilter(".data.balance");
    expect(filter('{"data":{"balance":2500000}}', false)).toEqual({ text: "2500000\n" });
    expect(Object.getOwnPropertyDescriptor(globalThis, "crypto")).toEqual(before);
    expect(globalThis.crypto.getRandomValues(new Uint8Array(4))).toHaveLength(4);
  });
});
