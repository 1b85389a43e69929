/**
 * Reads a QR code back off a captured screen: each half-block character is two modules (top and
 * bottom). Colours are gone in a capture: in the colour drawing the blocks are the dark modules, in
 * the drawing without colour (`inked: "light"`) they are the light ones. The result is cropped to
 * the code itself (the finder patterns sit in three corners).
 */
export function qrGridFromScreen(screen: string, after: string, inked: "dark" | "light" = "dark"): boolean[][] {
  const lines = screen.split("\n");
  const start = lines.findIndex((l) => l.includes(after));
  const rows: boolean[][] = [];
  for (const line of lines.slice(start + 1)) {
    const isQrLine = /^[ █▀▄]*$/.test(line);
    if (!isQrLine) {
      if (rows.length > 0) break;
      continue;
    }
    const dark = (ink: boolean) => (inked === "dark" ? ink : !ink);
    rows.push([...line].map((ch) => dark(ch === "█" || ch === "▀")));
    rows.push([...line].map((ch) => dark(ch === "█" || ch === "▄")));
  }
  // A row dark from edge to edge is the half line below an odd-sized drawing, never part of a code
  // (its quiet zone is light).
  const darkRows = rows.map((r, i) => (r.includes(true) && r.includes(false) ? i : -1)).filter((i) => i >= 0);
  if (darkRows.length === 0) return [];
  const top = darkRows[0]!;
  const bottom = darkRows[darkRows.length - 1]!;
  const code = rows.slice(top, bottom + 1);
  const left = Math.min(...code.map((r) => (r.indexOf(true) === -1 ? Infinity : r.indexOf(true))));
  const right = Math.max(...code.map((r) => r.lastIndexOf(true)));
  return code.map((r) => Array.from({ length: right - left + 1 }, (_, i) => r[left + i] === true));
}
