/**
 * The golden screens (test/e2e/golden-screens.test.ts) once in a real terminal: tmux windows 80 and
 * 120 columns wide, the width the terminal's own (no COLUMNS), the answers fixed and served over real
 * HTTP. capture-pane -J joins what the terminal wrapped, so a line too wide shows up as one longer
 * than the window; every datum must stand whole on a line.
 */
import { describe, expect, it } from "vitest";
import { useHostileServer } from "../support/hostile-server.js";
import {
  expectScreen,
  goldenScreens,
  resellerMachine,
  screenEnv,
  serveFixedAnswers,
} from "../support/golden-screens.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("golden screens in a real terminal", () => {
  const server = useHostileServer();
  serveFixedAnswers(server);
  const tmux = useTmux("golden-screens");

  describe.each([80, 120])("at %i columns", (width) => {
    it.each(goldenScreens.map((g) => [g.name, g] as const))("%s", async (_name, golden) => {
      const dir = await resellerMachine(server.baseUrl, { unknown: golden.unknown === true, smm: golden.smm === true });
      const term = tmux.run(golden.args, { env: terminalEnv(screenEnv(server.baseUrl, dir)), width, height: 100 });
      expect(await term.exitCode(15_000)).toBe(0);
      const screen = term.screen();
      expectScreen(screen, width, golden.data());
      // A terminal it is: the table's borders or its header are drawn, not tab-separated rows.
      expect(screen).not.toContain("\t");
    });

    it("the top-up wizard's channel list: one line per channel, the fee and range whole", async () => {
      const dir = await resellerMachine(server.baseUrl);
      const term = tmux.run(["topup"], { env: terminalEnv(screenEnv(server.baseUrl, dir)), width, height: 40 });
      const screen = await term.waitFor("MANDIRIVA");
      term.press("C-c");
      expect(await term.exitCode()).toBe(130);
      const lines = screen.split("\n");
      expect(
        lines.filter((line) => [...line].length > width),
        screen,
      ).toEqual([]);
      expect(screen).toMatch(/QRIS +QRIS \(semua[^\n]*fee Rp 750 +Rp 10\.000 – Rp 1\.000\.000\.000$/m);
      expect(screen).toMatch(/MANDIRIVA +Mandiri Virtual[^\n]*fee Rp 4\.000 +Rp 10\.000 – Rp 10\.000\.000$/m);
    });
  });
});
