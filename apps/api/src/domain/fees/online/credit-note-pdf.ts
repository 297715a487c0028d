import PDFDocument from 'pdfkit';
import type { Language } from '@school-transport/contracts';
import { isolate } from '../bidi-text.js';
import { formatDay, pageWriter, writeFacts, writeMonthLines } from '../receipt-pdf.js';
import { CREDIT_NOTE_TEXTS } from './credit-note-texts.js';
import type { CreditNote } from './credit-note.js';

/**
 * The credit note as an A4 PDF in the reader's language, laid out as the receipt is (English left
 * to right in Helvetica, Arabic mirrored right to left in Noto Sans Arabic): company, the credit
 * note's number and date, whom it is for and the receipt it gives back against, the reason, the
 * months and amounts refunded, and the total. Its number is in the document title too.
 */
export function renderCreditNotePdf(note: CreditNote, language: Language): Promise<Buffer> {
  const words = CREDIT_NOTE_TEXTS[language];
  const company = note.company.name || words.fallbackCompany;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: language,
    info: { Title: words.documentTitle(note.creditNoteNumber), Author: company, Subject: words.documentSubject },
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

  page.write(isolate(company), { ...full, bold: true, size: 18 });
  page.size(9);
  doc.fillColor('#444');
  if (note.company.contactText) page.write(isolate(note.company.contactText), full);
  if (note.company.phones.length > 0) page.write(`${words.phone}: ${isolate(note.company.phones.join(' / '))}`, full);
  if (note.company.vatNumber) page.write(`${words.vatNumber}: ${isolate(note.company.vatNumber)}`, full);
  doc.fillColor('#000').moveDown(1.5);

  page.write(words.title, { ...full, bold: true, size: 16 });
  doc.moveDown(0.5);
  page.size(10);
  const facts: [string, string][] = [
    [words.creditNoteNumber, isolate(note.creditNoteNumber)],
    [words.issuedOn, formatDay(note.issuedOn, language)],
    [words.issuedTo, isolate(note.parentName)],
    [words.againstReceipt, isolate(note.receiptNumber)],
    [words.reason, isolate(note.reason)],
  ];
  writeFacts(doc, page, facts);

  writeMonthLines(doc, page, words, note.lines, language);
  const y = doc.y;
  page.write(words.totalRefunded, { x: left + width - 300, width: 180, y, align: 'right', bold: true });
  page.write(`${note.amountBhd} ${words.currency}`, { x: left + width - 110, width: 110, y, align: 'right', bold: true });

  doc.moveDown(3).fillColor('#666');
  page.write(words.footer, { ...full, y: doc.y, align: 'center', size: 8 });
  doc.end();
  return done;
}
