/** `report`'s flags, declared once: their types are the options its handler gets (`ReportOptions`). */
import { choice } from "../../config/choice.js";
import { type Bare, type FlagsOf, parser } from "../../registry/declaration.js";

export const reportFlags = (c: Bare) =>
  c
    .option(
      "--since <when>",
      "today (the default), yesterday, 7d, 30d, this week, this month, or a date like 2026-11-01 (the shop's time zone, WIB)",
    )
    .option("--until <date>", "up to and with this date (default: today)")
    .option(
      "--by <group>",
      "rows per day, hour, product, category or customer (default: hour for a day, else day)",
      parser((v) => choice("--by", v, ["day", "hour", "product", "category", "customer"] as const)),
    )
    .option(
      "--refresh",
      "ask the service about every order not final first (unknown, or not delivered yet): the default",
    )
    .option("--no-refresh", "count the orders as recorded, asking the service nothing (faster, works offline)");

export type ReportOptions = FlagsOf<typeof reportFlags>;
