import { defineCommand } from "../registry/declaration.js";
import { lockAddFlags, lockReleaseFlags, lockReleaseInput } from "./lock/flags.js";

export default defineCommand({
  name: "lock",
  summary: "reserve stock for a while before your buyer pays",
  examples: ["reseller lock add --item 3 --qty 1", "reseller lock list", "reseller lock release LCK-8F2K1Q"],
  commands: [
    defineCommand({
      name: "add",
      summary: "lock stock; prints the lock token",
      flags: lockAddFlags,
      piped: "the lock token alone",
      examples: ["reseller lock add --item 3 --qty 1", "TOKEN=$(reseller lock add --item 3 --qty 1 --duration 300)"],
      load: () => import("./lock/add.js"),
    }),
    defineCommand({
      name: "list",
      summary: "your active locks and the time each has left",
      piped: "one line per lock, tab-separated: token, item, quantity, expires, seconds left",
      examples: ["reseller lock list"],
      load: () => import("./lock/list.js"),
      movesNoMoney: true,
    }),
    defineCommand({
      name: "release",
      summary: "give the stock back now",
      flags: lockReleaseFlags,
      piped: "nothing: the confirmation goes to stderr",
      examples: ["reseller lock release LCK-8F2K1Q"],
      input: lockReleaseInput,
      load: () => import("./lock/release.js"),
    }),
  ],
});
