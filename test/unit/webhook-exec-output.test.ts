/**
 * `webhook listen --exec`: what the command prints reaches the listener's stderr a line at a time,
 * so a secret it prints is masked whole even when a pipe read cuts it in two.
 */
import { en } from "../../src/messages/en.js";
import { describe, expect, it } from "vitest";
import { execCommand } from "../../src/webhooks/hand-off.js";
import { SecretMask } from "../../src/output/secrets.js";

describe("--exec output", () => {
  it("is passed on in whole lines, and the last words without a line break when the command ends", async () => {
    const secret = "whsec_split_across_two_reads_0123456789";
    const secrets = new SecretMask();
    secrets.add(secret);
    const chunks: string[] = [];
    let shown = "";
    const log = (chunk: string) => {
      chunks.push(chunk);
      shown += secrets.apply(chunk);
    };
    // Half the secret, a pause long enough for the listener to read it alone, then the rest.
    const half = secret.length / 2;
    const command = `printf '%s' '${secret.slice(0, half)}'; sleep 0.3; printf '%s\\n' '${secret.slice(half)}'; printf 'done'`;
    const result = await execCommand(command, log, [], en).deliver(
      { body: Buffer.from("{}"), headers: {}, env: {}, deliveryId: "d-1" },
      new AbortController().signal,
    );
    expect(result).toEqual({ ok: true });
    expect(chunks).toEqual([`${secret}\n`, "done"]);
    expect(shown).not.toContain(secret.slice(0, half));
    expect(shown).toContain("done");
  });
});
