/**
 * A QR code drawn with text, so a payment link on the screen can be paid with a phone camera.
 * The `qrcode` package does the encoding (loaded here only, and only when a top-up result is shown);
 * the drawing is ours so the quiet zone and the colours are right for a terminal.
 */

/** Light modules around the code; scanners want a margin, 2 is enough for phone cameras on a screen. */
const quietZone = 2;

/** The modules of the QR code for `text`: true is a dark module. Row by row, no quiet zone. */
export async function qrModules(text: string): Promise<boolean[][]> {
  // A CommonJS module: `create` is on its default export. Types: ./qrcode.d.ts.
  const { default: qrcode } = await import("qrcode");
  // Level M survives a glare or a smudge on the screen and keeps a ~60-character link small.
  const { modules } = qrcode.create(text, { errorCorrectionLevel: "M" });
  const rows: boolean[][] = [];
  for (let r = 0; r < modules.size; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < modules.size; c++) row.push(Boolean(modules.get(r, c)));
    rows.push(row);
  }
  return rows;
}

/**
 * Two module rows per text line with half blocks. With colour, dark modules are black ink on a white
 * background, right on any terminal theme. Without colour (NO_COLOR) the ink is the terminal's own
 * text colour, so the light modules are drawn as ink: right on the usual dark background.
 */
export async function renderQr(text: string, options: { colour: boolean }): Promise<string> {
  const grid = await qrModules(text);
  const size = grid.length + quietZone * 2;
  const dark = (r: number, c: number) => grid[r - quietZone]?.[c - quietZone] === true;
  const inked = (r: number, c: number) => r < size && (options.colour ? dark(r, c) : !dark(r, c));
  const lines: string[] = [];
  for (let r = 0; r < size; r += 2) {
    let line = "";
    for (let c = 0; c < size; c++) {
      const top = inked(r, c);
      const bottom = inked(r + 1, c);
      line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
    }
    // Black on white, reset at each line end so a resize or a copy never smears the colours.
    lines.push(options.colour ? `\u001b[30;47m${line}\u001b[0m` : line);
  }
  return `${lines.join("\n")}\n`;
}
