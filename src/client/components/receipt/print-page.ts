/**
 * Printing a receipt on an 80 mm roll (receipt.css). A roll has no page length and `@page { size: 80mm auto }`
 * is not valid CSS, so before printing the receipt is measured in its paper look (an off-screen copy with the
 * `.receipt-measure` rules, the same as the print ones) and the page is sized to it: 80 mm wide, as long as
 * the receipt. Without this a browser prints on the printer's default sheet (Letter or A4), which a "save as
 * PDF" or an office printer turns into a tiny strip on a big page.
 *
 * `printReceipt` is what the Print button does; `watchPrintShortcut` sizes the page for Ctrl+P / the browser
 * menu too (the `beforeprint` event comes before print layout, so the size applies to that print).
 */
const STYLE_ID = 'receipt-page-size';
const PX_PER_MM = 96 / 25.4;
/** The roll's width (receipt.css) and a little slack so rounding never spills a line onto a second page. */
export const ROLL_WIDTH_MM = 80;
const SLACK_MM = 2;

/** The page length for the first receipt on the page, in mm; null when there is none. */
export function measureReceiptMm(doc: Document = document): number | null {
  const receipt = doc.querySelector<HTMLElement>('.receipt-print');
  if (!receipt) return null;
  const holder = doc.createElement('div');
  holder.className = 'receipt-measure-holder';
  holder.setAttribute('aria-hidden', 'true');
  const copy = receipt.cloneNode(true) as HTMLElement;
  copy.classList.remove('receipt-print');
  copy.classList.add('receipt-measure');
  copy.removeAttribute('id');
  holder.appendChild(copy);
  doc.body.appendChild(holder);
  try {
    return Math.ceil(copy.getBoundingClientRect().height / PX_PER_MM) + SLACK_MM;
  } finally {
    holder.remove();
  }
}

/** Sets `@page` to 80 mm × the receipt's length (replacing an earlier size). */
export function sizePrintPage(doc: Document = document): void {
  const length = measureReceiptMm(doc);
  if (length === null) return;
  let style = doc.getElementById(STYLE_ID);
  if (!style) {
    style = doc.createElement('style');
    style.id = STYLE_ID;
    doc.head.appendChild(style);
  }
  style.textContent = `@page { size: ${ROLL_WIDTH_MM}mm ${length}mm; margin: 0; }`;
}

/** The Print button: size the page to the receipt, then open the browser's print dialog. */
export function printReceipt(win: Window = window): void {
  sizePrintPage(win.document);
  win.print();
}

/** Sizes the page whenever the browser prints (Ctrl+P, the menu); returns the unsubscribe. */
export function watchPrintShortcut(win: Window = window): () => void {
  const onBeforePrint = () => sizePrintPage(win.document);
  win.addEventListener('beforeprint', onBeforePrint);
  return () => win.removeEventListener('beforeprint', onBeforePrint);
}
