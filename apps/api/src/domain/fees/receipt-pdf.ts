import PDFDocument from 'pdfkit';
import { CURRENCY, type PaymentMethod, type Receipt } from '@school-transport/contracts';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  benefit_pay: 'BenefitPay',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  other: 'Other',
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
const bhd = (amount: string) => `${amount} ${CURRENCY}`;

/**
 * The receipt as an A4 PDF (pdfkit, its built-in Helvetica): company, receipt number and date,
 * the months paid, the total, and net / VAT / total when a VAT rate is set. The receipt number
 * is also the document title, so a search in the file finds it.
 */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${receipt.receiptNumber}`, Author: receipt.company.name || 'Student Transport', Subject: 'Payment receipt' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18).text(receipt.company.name || 'Student Transport', left);
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  if (receipt.company.contactText) doc.text(receipt.company.contactText, { width });
  if (receipt.company.phones.length > 0) doc.text(`Phone: ${receipt.company.phones.join(' / ')}`);
  if (receipt.vat?.registrationNumber) doc.text(`VAT registration number: ${receipt.vat.registrationNumber}`);
  doc.fillColor('#000').moveDown(1.5);

  doc.font('Helvetica-Bold').fontSize(16).text(receipt.vat ? 'TAX RECEIPT' : 'RECEIPT');
  if (receipt.voided) {
    doc.fillColor('#c00').fontSize(12).text(`VOID${receipt.voidReason ? `: ${receipt.voidReason}` : ''}`);
    doc.fillColor('#000');
  }
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Receipt number', receipt.receiptNumber],
    ['Date paid', receipt.paidAt],
    ['Received from', receipt.parentName],
    ['Method', METHOD_LABELS[receipt.method]],
  ];
  if (receipt.reference) facts.push(['Reference', receipt.reference]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 130 });
    doc.font('Helvetica').text(value, left + 140, y, { width: width - 140 });
  }
  doc.moveDown(1.5);

  // The months paid.
  const columns = { student: left, id: left + 190, month: left + 300, amount: left + width - 110 };
  const header = doc.y;
  doc.font('Helvetica-Bold');
  doc.text('Student', columns.student, header);
  doc.text('Student ID', columns.id, header);
  doc.text('Service month', columns.month, header);
  doc.text(`Amount (${CURRENCY})`, columns.amount, header, { width: 110, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .stroke();
  doc.moveDown(0.6).font('Helvetica');
  for (const line of receipt.lines) {
    const y = doc.y;
    doc.text(line.studentName, columns.student, y, { width: 180 });
    doc.text(line.automatedId, columns.id, y, { width: 105 });
    doc.text(monthLabel(line.month), columns.month, y, { width: 120 });
    doc.text(line.amountBhd, columns.amount, y, { width: 110, align: 'right' });
    doc.moveDown(0.3);
  }
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .stroke();
  doc.moveDown(0.8);

  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left + width - 300, y, { width: 180, align: 'right' });
    doc.text(bhd(value), left + width - 110, y, { width: 110, align: 'right' });
  };
  if (receipt.vat) {
    total('Net amount', receipt.vat.netBhd);
    total(`VAT ${receipt.vat.ratePercent}%`, receipt.vat.vatBhd);
    total('Total paid', receipt.vat.totalBhd, true);
  } else {
    total('Total paid', receipt.amountBhd, true);
  }

  doc.moveDown(3).font('Helvetica').fontSize(8).fillColor('#666').text('Thank you. This receipt was issued by the office system; keep it for your records.', left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
