import PDFDocument from 'pdfkit';
import type { Language, Receipt } from '@school-transport/contracts';
import { formatMonth } from '../notifications/templates.js';
import { RECEIPT_TEXTS } from './receipt-texts.js';
import { hasArabic, isolate, withoutMarks, writeBidi } from './bidi-text.js';
import { registerArabicFonts } from './receipt-fonts.js';

export interface Place {
  /** Left edge and width of the box as laid out for English; Arabic mirrors it across the page. */
  x: number;
  width: number;
  y?: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  size?: number;
}

/**
 * Writes text on the page in the reader's language. The layout is given once, for English (left to
 * right, Helvetica); for Arabic each box is mirrored, its alignment flipped and its text drawn right
 * to left (bidi-text.ts), so labels sit on the right and amounts on the left. Arabic names and
 * settings on an English receipt are drawn with the Arabic font too, in a left-to-right paragraph.
 * What people typed (names, references, the company's details) comes isolated (isolate()), so it
 * keeps its own direction inside either paragraph.
 */
export function pageWriter(doc: PDFKit.PDFDocument, language: Language) {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  registerArabicFonts(doc);
  let size = 10;
  return {
    left,
    width,
    size: (points: number) => {
      size = points;
      doc.fontSize(points);
    },
    write(text: string, place: Place) {
      const y = place.y ?? doc.y;
      const style = { size: place.size ?? size, bold: place.bold ?? false };
      const align = place.align ?? 'left';
      if (language === 'en') {
        if (hasArabic(text)) return writeBidi(doc, text, { x: place.x, y, width: place.width, align }, style, 'ltr');
        doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size);
        doc.text(withoutMarks(text), place.x, y, { width: place.width, align });
        return;
      }
      const mirroredX = left + width - (place.x - left) - place.width;
      const mirroredAlign = align === 'left' ? 'right' : align === 'right' ? 'left' : 'center';
      writeBidi(doc, text, { x: mirroredX, y, width: place.width, align: mirroredAlign }, style, 'rtl');
    },
  };
}

type PageWriter = ReturnType<typeof pageWriter>;

/** Label and value rows (the document's number, date, whom it is for…): the label bold, the value beside it, wrapping under itself. */
export function writeFacts(doc: PDFKit.PDFDocument, page: PageWriter, facts: readonly (readonly [string, string])[]): void {
  const { left, width } = page;
  for (const [label, value] of facts) {
    const y = doc.y;
    page.write(label, { x: left, width: 130, y, bold: true });
    const below = doc.y;
    page.write(value, { x: left + 140, width: width - 140, y });
    doc.y = Math.max(below, doc.y);
  }
  doc.moveDown(1.5);
}

/** A month a document covers for one child, with its amount. */
export interface MonthLine {
  studentName: string;
  automatedId: string;
  month: string;
  amountBhd: string;
}

/** The months a receipt or credit note covers (student, ID, service month, amount), between two rules. */
export function writeMonthLines(
  doc: PDFKit.PDFDocument,
  page: PageWriter,
  headings: { student: string; studentId: string; serviceMonth: string; amount: string },
  lines: readonly MonthLine[],
  language: Language,
): void {
  const { left, width } = page;
  const columns = {
    student: { x: left, width: 180 },
    id: { x: left + 190, width: 105 },
    month: { x: left + 300, width: 120 },
    amount: { x: left + width - 110, width: 110, align: 'right' as const },
  };
  const header = doc.y;
  page.write(headings.student, { ...columns.student, y: header, bold: true });
  page.write(headings.studentId, { ...columns.id, y: header, bold: true });
  page.write(headings.serviceMonth, { ...columns.month, y: header, bold: true });
  page.write(headings.amount, { ...columns.amount, y: header, bold: true });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .stroke();
  doc.moveDown(0.6);
  for (const line of lines) {
    const y = doc.y;
    let bottom = y;
    const cell = (text: string, place: Place) => {
      page.write(text, { ...place, y });
      bottom = Math.max(bottom, doc.y);
    };
    cell(isolate(line.studentName), columns.student);
    cell(isolate(line.automatedId), columns.id);
    cell(formatMonth(line.month, language) ?? line.month, columns.month);
    cell(line.amountBhd, columns.amount);
    doc.y = bottom;
    doc.moveDown(0.3);
  }
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .stroke();
  doc.moveDown(0.8);
}

/**
 * A calendar day as the reader writes it, as the web's receipt page does: 22 November 2026 in
 * English, 22 نوفمبر 2026 in Arabic (Latin digits, like the receipt number beside it).
 */
const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-BH-u-nu-latn' };
export function formatDay(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

/**
 * The receipt as an A4 PDF in the reader's language: company, receipt number and date, the months
 * paid, the total, and net / VAT / total when a VAT rate is set. English uses pdfkit's built-in
 * Helvetica; Arabic is laid out right to left with Noto Sans Arabic. The receipt number is also in
 * the document title, so a search in the file finds it.
 */
export function renderReceiptPdf(receipt: Receipt, language: Language): Promise<Buffer> {
  const words = RECEIPT_TEXTS[language];
  const company = receipt.company.name || words.fallbackCompany;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: language,
    info: { Title: words.documentTitle(receipt.receiptNumber), Author: company, Subject: words.documentSubject },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const page = pageWriter(doc, language);
  const { left, width } = page;
  const full = { x: left, width };
  const bhd = (amount: string) => `${amount} ${words.currency}`;

  page.write(isolate(company), { ...full, bold: true, size: 18 });
  page.size(9);
  doc.fillColor('#444');
  if (receipt.company.contactText) page.write(isolate(receipt.company.contactText), full);
  if (receipt.company.phones.length > 0) page.write(`${words.phone}: ${isolate(receipt.company.phones.join(' / '))}`, full);
  if (receipt.vat?.registrationNumber) page.write(`${words.vatNumber}: ${isolate(receipt.vat.registrationNumber)}`, full);
  doc.fillColor('#000').moveDown(1.5);

  page.write(receipt.vat ? words.taxTitle : words.title, { ...full, bold: true, size: 16 });
  if (receipt.voided) {
    doc.fillColor('#c00');
    page.write(`${words.void}${receipt.voidReason ? `: ${isolate(receipt.voidReason)}` : ''}`, { ...full, size: 12, bold: true });
    doc.fillColor('#000');
  }
  doc.moveDown(0.5);
  page.size(10);
  const facts: [string, string][] = [
    [words.receiptNumber, isolate(receipt.receiptNumber)],
    [words.datePaid, formatDay(receipt.paidAt, language)],
    [words.receivedFrom, isolate(receipt.parentName)],
    [words.method, words.methods[receipt.method]],
  ];
  if (receipt.reference) facts.push([words.reference, isolate(receipt.reference)]);
  writeFacts(doc, page, facts);

  writeMonthLines(doc, page, words, receipt.lines, language);

  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    page.write(label, { x: left + width - 300, width: 180, y, align: 'right', bold });
    page.write(bhd(value), { x: left + width - 110, width: 110, y, align: 'right', bold });
  };
  if (receipt.vat) {
    total(words.net, receipt.vat.netBhd);
    total(words.vat(receipt.vat.ratePercent), receipt.vat.vatBhd);
    total(words.totalPaid, receipt.vat.totalBhd, true);
  } else {
    total(words.totalPaid, receipt.amountBhd, true);
  }

  doc.moveDown(3).fillColor('#666');
  page.write(words.thanks, { ...full, y: doc.y, align: 'center', size: 8 });
  doc.end();
  return done;
}
