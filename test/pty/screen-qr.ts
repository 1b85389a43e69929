/**
 * Reads a QR code back off a captured screen: each half-block character is two modules (top and
 * bottom). Colours are gone in a capture, so this reads the colour drawing, where the blocks are the
 * dark modules. The result is cropped to the code itself (the finder patterns sit in three corners).
 */
export function qrGridFromScreen(screen: string, after: string): boolean[][] {
  const lines = screen.split("\n");
  const start = lines.findIndex((l) => l.includes(after));
  const rows: boolean[][] = [];
  for (const line of lines.slice(start + 1)) {
    const isQrLine = /^[ █▀▄]*$/.test(line);
    if (!isQrLine) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push([...line].map((ch) => ch === "█" || ch === "▀"));
    rows.push([...line].map((ch) => ch === "█" || ch === "▄"));
  }
  const darkRows = rows.map((r, i) => (r.includes(true) ? i : -1)).filter((i) => i >= 0);
  if (darkRows.length === 0) return [];
  const top = darkRows[0]!;
  const bottom = darkRows[darkRows.length - 1]!;
  const left = Math.min(...rows.map((r) => (r.indexOf(true) === -1 ? Infinity : r.indexOf(true))));
  const right = Math.max(...rows.map((r) => r.lastIndexOf(true)));
  return rows.slice(top, bottom + 1).map((r) => Array.from({ length: right - left + 1 }, (_, i) => r[left + i] === true));
}
