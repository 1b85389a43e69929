/**
 * The deliveries file when a write is cut short (a full disk; the end-to-end test mounts a small
 * filesystem where it may, this one makes the file system's write fail where it is told to): the
 * delivery is not taken (answered 500), nothing it left behind spoils the next attempt's record,
 * and after a restart that record is read back and handed on.
 */
import * as fs from "node:fs";
import { readFileSync, rmSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { DeliveryStore, deliveryIdOf, type ReceivedDelivery } from "../../src/webhooks/deliveries.js";
import { makeTempDir } from "../support/temp-dir.js";

/** When set, the next write writes this many bytes and the one after fails with ENOSPC. */
const disk = vi.hoisted(() => ({ roomLeft: undefined as number | undefined }));

vi.mock("node:fs", async (original) => {
  const real = await original<typeof import("node:fs")>();
  const { promisify } = await import("node:util");
  const write = (
    fd: number,
    buffer: Buffer,
    offset: number,
    length: number,
    position: null,
    done: (error: NodeJS.ErrnoException | null, written?: number, buffer?: Buffer) => void,
  ) => {
    if (disk.roomLeft === undefined) return real.write(fd, buffer, offset, length, position, done);
    if (disk.roomLeft === 0)
      return process.nextTick(() =>
        done(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" })),
      );
    const part = Math.min(length, disk.roomLeft);
    disk.roomLeft = 0;
    return real.write(fd, buffer, offset, part, position, done);
  };
  // As the real one: promisified, it resolves to { bytesWritten, buffer }.
  Object.defineProperty(write, promisify.custom, {
    value: (fd: number, buffer: Buffer, offset: number, length: number, position: null) =>
      new Promise((resolve, reject) =>
        write(fd, buffer, offset, length, position, (error, bytesWritten, b) =>
          error ? reject(error) : resolve({ bytesWritten, buffer: b }),
        ),
      ),
  });
  return { ...real, write, default: { ...real, write } };
});

function delivery(key: string): ReceivedDelivery {
  return {
    id: deliveryIdOf(key),
    key,
    profile: "default",
    event: "order.completed",
    ref_id: "R1",
    invoice: "INV-1",
    signed_status: "completed",
    received_at: new Date().toISOString(),
    body: JSON.stringify({ event: "order.completed", data: { licence: "x".repeat(8_000) } }),
    headers: { "x-event": "order.completed" },
  };
}

describe("the deliveries file on a full disk", () => {
  it("refuses a delivery it could write only in part, takes the next attempt whole, and reads it back after a restart", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    try {
      const first = new DeliveryStore(dir);
      await first.receive(delivery("earlier"));
      await first.settle(delivery("earlier"), "handed", new Date().toISOString());
      const sizeBefore = fs.statSync(first.path).size;

      disk.roomLeft = 4096;
      await expect(first.receive(delivery("big"))).rejects.toMatchObject({ code: "ENOSPC" });
      // Nothing of the refused attempt is left to spoil the next record.
      expect(fs.statSync(first.path).size).toBe(sizeBefore);

      disk.roomLeft = undefined;
      expect(await first.receive(delivery("big"))).toBe("new");
      // The listener is killed: nothing more is written.
      const lines = readFileSync(first.path, "utf8").trim().split("\n");
      expect(lines.map((line) => JSON.parse(line).type)).toEqual(["received", "settled", "received"]);

      const second = new DeliveryStore(dir);
      expect(second.problems).toEqual([]);
      expect(second.unsettled().map((d) => d.key)).toEqual(["big"]);
      await first.close();
      await second.close();
    } finally {
      disk.roomLeft = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
