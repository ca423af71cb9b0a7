import PDFDocument from 'pdfkit';
import { formatTimestamp } from '../../domain/index.js';
import { WIRE_TIMESTAMP } from '../../domain/timestamp.js';
import { fitColumnWidths, isWinAnsi, type Measure, pdfSafeText, truncateToWidth } from './pdf-layout.js';
import { cellText, cellValue, type ReportData } from './report-data.js';

const MARGIN = { top: 36, bottom: 44, left: 36, right: 36 };
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';
const TITLE_SIZE = 16;
const INFO_SIZE = 9;
const CELL_SIZE = 8;
const HEADER_HEIGHT = 18;
const ROW_HEIGHT = 14;
const PAD = 4;
const COLOR = { text: '#1f2328', muted: '#57606a', headerFill: '#d8dee4', zebra: '#f2f4f7', rule: '#8c959f' };

type Doc = InstanceType<typeof PDFDocument>;

interface Column {
  header: string;
  x: number;
  width: number;
  alignRight: boolean;
}

/** "2026-11-21 15:00:00 Asia/Kolkata (UTC+05:30)" from the wire form of the same instant. */
function humanTime(ms: number, timeZone: string): string {
  const wire = formatTimestamp(ms, timeZone);
  const offset = `${wire.slice(23, 26)}:${wire.slice(26, 28)}`;
  return `${wire.slice(0, 10)} ${wire.slice(11, 19)} ${timeZone} (UTC${offset})`;
}

/**
 * A width measure for `font` at `size` that sums per-character widths. pdfkit's own measure also
 * looks up kerning pair by pair, which dominated the run time of large reports; kerning moves a cell's text
 * by a fraction of a point, which the cell padding absorbs. Text has been through pdfSafeText, so every
 * character code is below U+2200 (the highest WinAnsi character is U+2122).
 */
function charWidthMeasure(doc: Doc, font: string, size: number): Measure {
  doc.font(font).fontSize(size);
  const widths = new Float64Array(0x2200);
  for (let code = 0x20; code < widths.length; code++) {
    const ch = String.fromCharCode(code);
    if (isWinAnsi(ch)) widths[code] = doc.widthOfString(ch);
  }
  return (text) => {
    let total = 0;
    for (let i = 0; i < text.length; i++) total += widths[text.charCodeAt(i)] ?? 0;
    return total;
  };
}

/** Text drawn at a fixed point with no wrapping, so pdfkit never adds a page on its own. */
function put(doc: Doc, text: string, x: number, y: number): void {
  doc.text(text, x, y, { lineBreak: false });
}

function cellY(rowTop: number, rowHeight: number): number {
  // pdfkit places text by the top of its line box; centre that box in the row.
  return rowTop + (rowHeight - CELL_SIZE * 1.15) / 2;
}

function drawHeader(doc: Doc, table: Table, y: number): number {
  doc.rect(MARGIN.left, y, table.width, HEADER_HEIGHT).fill(COLOR.headerFill);
  doc.font(BOLD).fontSize(CELL_SIZE).fillColor(COLOR.text);
  for (const col of table.columns) {
    const text = truncateToWidth(col.header, col.width - 2 * PAD, table.measureHeader);
    const x = col.alignRight ? col.x + col.width - PAD - table.measureHeader(text) : col.x + PAD;
    put(doc, text, x, cellY(y, HEADER_HEIGHT));
  }
  const bottom = y + HEADER_HEIGHT;
  doc
    .moveTo(MARGIN.left, bottom)
    .lineTo(MARGIN.left + table.width, bottom)
    .lineWidth(0.75)
    .stroke(COLOR.rule);
  doc.font(FONT).fontSize(CELL_SIZE).fillColor(COLOR.text);
  return bottom;
}

interface Table {
  columns: Column[];
  width: number;
  cells: string[][];
  cellWidths: number[][];
  measureCell: Measure;
  measureHeader: Measure;
}

// A cell wider than the page is cut anyway, so its natural width needs no more than this many characters.
const MEASURED_CHARS = 400;

/** Works out every cell's text and width once: the widths size the columns and decide truncation. */
function layoutTable(doc: Doc, data: ReportData, width: number): Table {
  const measureCell = charWidthMeasure(doc, FONT, CELL_SIZE);
  const measureHeader = charWidthMeasure(doc, BOLD, CELL_SIZE);
  const cells = data.records.map((r) =>
    data.columns.map((c) => pdfSafeText(readableTimestamp(cellText(cellValue(r, c.key))))),
  );
  const cellWidths = cells.map((row) => row.map((t) => measureCell(t.slice(0, MEASURED_CHARS))));
  const headers = data.columns.map((c) => pdfSafeText(c.header));
  const natural = headers.map((h, i) => {
    let w = measureHeader(h);
    for (const row of cellWidths) w = Math.max(w, row[i]!);
    return w + 2 * PAD;
  });
  const fitted = fitColumnWidths(natural, width);
  let x = MARGIN.left;
  const columns = data.columns.map((c, i): Column => {
    const values = data.records.map((r) => cellValue(r, c.key)).filter((v) => v !== null && v !== undefined);
    const col = {
      header: headers[i]!,
      x,
      width: fitted[i]!,
      alignRight: values.length > 0 && values.every((v) => typeof v === 'number'),
    };
    x += col.width;
    return col;
  });
  return { columns, width, cells, cellWidths, measureCell, measureHeader };
}

function drawRow(doc: Doc, table: Table, r: number, y: number): void {
  if (r % 2 === 1) {
    doc.rect(MARGIN.left, y, table.width, ROW_HEIGHT).fill(COLOR.zebra);
    doc.fillColor(COLOR.text);
  }
  const row = table.cells[r]!;
  for (let c = 0; c < table.columns.length; c++) {
    const col = table.columns[c]!;
    const room = col.width - 2 * PAD;
    let text = row[c]!;
    if (text === '') continue;
    let w = table.cellWidths[r]![c]!;
    if (w > room) {
      text = truncateToWidth(text.slice(0, MEASURED_CHARS), room, table.measureCell);
      w = table.measureCell(text);
    }
    put(doc, text, col.alignRight ? col.x + col.width - PAD - w : col.x + PAD, cellY(y, ROW_HEIGHT));
  }
}

function drawFooter(doc: Doc, page: number, pages: number): void {
  doc.font(FONT).fontSize(CELL_SIZE).fillColor(COLOR.muted);
  const footer = `Page ${page} of ${pages}`;
  put(doc, footer, (doc.page.width - doc.widthOfString(footer)) / 2, doc.page.height - MARGIN.bottom + 16);
}

/** How many pages `rows` rows take when the first page's rows start at `firstTop` and a page ends at `bottom`. */
export function pageCount(rows: number, firstTop: number, laterTop: number, bottom: number): number {
  const first = Math.max(0, Math.floor((bottom - firstTop) / ROW_HEIGHT));
  const later = Math.max(1, Math.floor((bottom - laterTop) / ROW_HEIGHT));
  return rows <= first ? 1 : 1 + Math.ceil((rows - first) / later);
}

export async function renderPdf(data: ReportData): Promise<Buffer> {
  const created = new Date(data.generatedAt);
  // CreationDate also seeds the file ID, so a fixed generatedAt makes the whole file reproducible.
  const doc: Doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    // Pages are not buffered: each is written (and compressed) as the next begins, so memory holds the
    // records and the finished file, not every page of a 7,000-page report. Footers know the page count
    // because it is worked out before the first row is drawn.
    info: {
      Title: data.title,
      Author: data.organization,
      Subject: `${data.template} report`,
      Creator: 'ccp',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const tableWidth = doc.page.width - MARGIN.left - MARGIN.right;
  const bottomLimit = doc.page.height - MARGIN.bottom;
  const oneLine = (text: string) =>
    truncateToWidth(pdfSafeText(text), tableWidth, (s) => doc.widthOfString(s));

  let y = MARGIN.top;
  doc.font(BOLD).fontSize(TITLE_SIZE).fillColor(COLOR.text);
  put(doc, oneLine(data.title), MARGIN.left, y);
  y += TITLE_SIZE * 1.4;
  const n = data.records.length;
  doc.font(FONT).fontSize(INFO_SIZE).fillColor(COLOR.muted);
  const info = [
    `Generated ${humanTime(data.generatedAt, data.timeZone)}`,
    data.organization,
    `${n} ${n === 1 ? 'record' : 'records'}`,
  ].join('  \u00b7  ');
  put(doc, oneLine(info), MARGIN.left, y);
  y += INFO_SIZE * 1.4 + 10;

  const table = layoutTable(doc, data, tableWidth);
  const hasColumns = table.columns.length > 0;
  if (hasColumns) y = drawHeader(doc, table, y);
  const laterTop = MARGIN.top + (hasColumns ? HEADER_HEIGHT : 0);
  const pages = pageCount(n, y, laterTop, bottomLimit);
  if (n === 0) {
    doc.font(ITALIC).fontSize(CELL_SIZE).fillColor(COLOR.muted);
    put(doc, 'No records', MARGIN.left + PAD, cellY(y, ROW_HEIGHT));
  }
  doc.font(FONT).fontSize(CELL_SIZE).fillColor(COLOR.text);
  let page = 1;
  for (let r = 0; r < n; r++) {
    if (y + ROW_HEIGHT > bottomLimit) {
      drawFooter(doc, page++, pages);
      doc.addPage();
      y = hasColumns ? drawHeader(doc, table, MARGIN.top) : MARGIN.top;
    }
    drawRow(doc, table, r, y);
    y += ROW_HEIGHT;
  }
  drawFooter(doc, page, pages);
  if (page !== pages) throw new Error(`drew ${page} pages, numbered as ${pages}`);

  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

/**
 * A page is read by people: `2026-11-21T09:30:00*000+0530` shows as `2026-11-21 09:30 +0530` (the zone the
 * report was asked in). csv writes ISO 8601 and json keeps the wire form, which programs read.
 */
function readableTimestamp(text: string): string {
  const wire = WIRE_TIMESTAMP.exec(text);
  return wire ? `${text.slice(0, 10)} ${text.slice(11, 16)} ${text.slice(23)}` : text;
}
