/**
 * The part of the `qrcode` package that src/output/qr.ts uses. The package ships no types, and its
 * @types package would be a second dependency for two functions' worth of typing.
 */
declare module "qrcode" {
  interface QRCodeSymbol {
    modules: { size: number; get(row: number, column: number): number | boolean };
  }
  const qrcode: {
    create(text: string, options: { errorCorrectionLevel: "L" | "M" | "Q" | "H" }): QRCodeSymbol;
  };
  export default qrcode;
}
