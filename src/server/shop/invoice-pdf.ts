import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDateTimeWib, formatRupiah } from '../../domain/format.js';
import type { OrderItem } from '../../domain/orders.js';

/** What an invoice shows: every value already chosen by the caller, so this file only draws. */
export type InvoiceContent = {
  invoiceNumber: string;
  kodePesanan: string;
  seller: { name: string; lines: string[] };
  buyer: { namaToko: string; kodePendaftaran: string; addressLines: string[] };
  items: OrderItem[];
  subtotal: number;
  total: number;
  paymentMethod: string;
  paidAt: Date;
  /** What arrived (a transfer's total plus its unique code), when known. */
  paidAmount: number | null;
};

const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.8, 0.8, 0.82);

type Fonts = { regular: PDFFont; bold: PDFFont };

/**
 * The standard fonts encode WinAnsi only: any other character (a store name in another script, an
 * arrow) would make pdf-lib throw. Accents are dropped to their base letter, the rest become '?'.
 */
function encodable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.replace(/[\r\n\t]+/g, ' '))
      .map((char) => {
        if (supported.has(char.codePointAt(0)!)) return char;
        const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
        return base.length > 0 && Array.from(base).every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
      })
      .join('');
}

/** Cuts `text` to `width` with an ellipsis: a table cell never runs into the next column. */
function fitWidth(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/** Word-wraps `text` to lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = fitWidth(word, font, size, width);
    } else {
      line = fitWidth(next, font, size, width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A page with a cursor that moves down as text is written. */
class Writer {
  y: number;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
    readonly clean: (text: string) => string,
  ) {
    this.y = page.getHeight() - MARGIN;
  }

  get width(): number {
    return this.page.getWidth() - 2 * MARGIN;
  }

  text(
    value: string,
    x: number,
    options: { size?: number; bold?: boolean; color?: typeof INK; align?: 'left' | 'right'; width?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const cleaned = this.clean(value);
    const shown = options.width ? fitWidth(cleaned, font, size, options.width) : cleaned;
    const left = options.align === 'right' ? x - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: left, y: this.y, size, font, color: options.color ?? INK });
  }

  paragraph(value: string, x: number, width: number, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? 10;
    for (const line of wrap(this.clean(value), options.bold ? this.fonts.bold : this.fonts.regular, size, width)) {
      this.text(line, x, { size, bold: options.bold === true });
      this.down(size + 4);
    }
  }

  down(by: number): void {
    this.y -= by;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.7, color: RULE });
  }
}

function drawHeader(w: Writer, content: InvoiceContent): void {
  const right = MARGIN + w.width;
  w.text('INVOICE', MARGIN, { size: 22, bold: true });
  w.text(content.invoiceNumber, right, { size: 12, bold: true, align: 'right' });
  w.down(18);
  w.text(`Kode Pesanan: ${content.kodePesanan}`, right, { size: 10, color: MUTED, align: 'right' });
  w.down(14);
  w.text(`Tanggal: ${formatDateTimeWib(content.paidAt)}`, right, { size: 10, color: MUTED, align: 'right' });
  w.down(24);
}

function drawParties(w: Writer, content: InvoiceContent): void {
  const column = (w.width - 20) / 2;
  const buyerX = MARGIN + column + 20;
  const top = w.y;
  w.text('Penjual', MARGIN, { size: 9, bold: true, color: MUTED });
  w.down(14);
  w.paragraph(content.seller.name, MARGIN, column, { size: 11, bold: true });
  for (const line of content.seller.lines) w.paragraph(line, MARGIN, column);
  const sellerBottom = w.y;

  w.y = top;
  w.text('Pembeli', buyerX, { size: 9, bold: true, color: MUTED });
  w.down(14);
  // The store name is the buyer's legal identity on the invoice: wrapped, never cut.
  w.paragraph(content.buyer.namaToko, buyerX, column, { size: 11, bold: true });
  w.paragraph(`Kode Pendaftaran: ${content.buyer.kodePendaftaran}`, buyerX, column);
  for (const line of content.buyer.addressLines) w.paragraph(line, buyerX, column);
  w.y = Math.min(w.y, sellerBottom) - 16;
}

/** Column right edges (numbers) and left edges (text) of the lines table. */
function columns(w: Writer) {
  const right = MARGIN + w.width;
  return { name: MARGIN, sku: MARGIN + 185, qty: right - 195, price: right - 95, total: right };
}

function drawLines(w: Writer, items: OrderItem[]): void {
  const col = columns(w);
  const head = { size: 9, bold: true, color: MUTED } as const;
  w.text('Produk', col.name, head);
  w.text('SKU', col.sku, head);
  w.text('Jumlah', col.qty, { ...head, align: 'right' });
  w.text('Harga Satuan', col.price, { ...head, align: 'right' });
  w.text('Total', col.total, { ...head, align: 'right' });
  w.down(8);
  w.rule();
  w.down(16);
  for (const item of items) {
    w.text(item.name, col.name, { width: col.sku - col.name - 8 });
    w.text(item.sku, col.sku, { width: col.qty - col.sku - 40 });
    w.text(String(item.quantity), col.qty, { align: 'right' });
    w.text(formatRupiah(item.price), col.price, { align: 'right' });
    w.text(formatRupiah(item.line_total), col.total, { align: 'right' });
    w.down(18);
  }
  w.down(-8);
  w.rule();
  w.down(18);
}

function drawTotals(w: Writer, content: InvoiceContent): void {
  const col = columns(w);
  const row = (label: string, value: string, bold = false) => {
    w.text(label, col.price - 60, { bold, align: 'right' });
    w.text(value, col.total, { bold, align: 'right' });
    w.down(16);
  };
  row('Subtotal', formatRupiah(content.subtotal));
  row('Ongkos kirim', 'Gratis');
  row('Total', formatRupiah(content.total), true);
  w.down(14);
}

function drawPayment(w: Writer, content: InvoiceContent): void {
  w.text('Pembayaran', MARGIN, { size: 9, bold: true, color: MUTED });
  w.down(14);
  w.paragraph(`Metode: ${content.paymentMethod}`, MARGIN, w.width);
  w.paragraph(`Tanggal pembayaran: ${formatDateTimeWib(content.paidAt)}`, MARGIN, w.width);
  if (content.paidAmount !== null) w.paragraph(`Jumlah diterima: ${formatRupiah(content.paidAmount)}`, MARGIN, w.width);
  w.down(10);
  w.text('Harga sudah termasuk PPN', MARGIN, { bold: true });
}

/** The invoice of a paid order as a one-page A4 PDF. */
export async function renderInvoicePdf(content: InvoiceContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const clean = encodable(fonts.regular);
  doc.setTitle(clean(`Invoice ${content.invoiceNumber}`));
  doc.setAuthor(clean(content.seller.name));
  doc.setCreationDate(content.paidAt);
  doc.setModificationDate(content.paidAt);
  const writer = new Writer(doc.addPage(PageSizes.A4), fonts, clean);
  drawHeader(writer, content);
  drawParties(writer, content);
  drawLines(writer, content.items);
  drawTotals(writer, content);
  drawPayment(writer, content);
  // Plain objects rather than object streams: every PDF reader opens them.
  return doc.save({ useObjectStreams: false });
}
