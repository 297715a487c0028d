import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { formatInvoiceNumber, splitVat, type StudentInvoice } from '@school-transport/contracts';
import { recordAudit, type Actor } from '../../audit.js';
import { readCompanySettings } from '../../settings.js';
import { lockLiveStudent, parentPhoneOf, studentsWithNames } from './view.js';

/** Bahrain keeps UTC+3 all year: the service month is the month there. */
function bahrainMonth(now: Date): string {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 7);
}

/**
 * The invoice of a student for this month, issued when first printed. Printing again reprints the
 * same invoice, unless the fee changed since (a discount): then a new invoice is issued. Numbers
 * run 1, 2, 3 ... without gaps: the next one is taken under a table lock inside the transaction,
 * so two printings at once wait for each other and a rolled-back issue leaves no hole.
 */
export async function issueInvoice(db: Kysely<Database>, actor: Actor, studentId: string): Promise<StudentInvoice> {
  const now = new Date();
  const period = bahrainMonth(now);
  const { invoice, row } = await db.transaction().execute(async (trx) => {
    const student = await lockLiveStudent(trx, studentId);
    const latest = await trx
      .selectFrom('invoices')
      .selectAll()
      .where('studentId', '=', studentId)
      .where('period', '=', period)
      .orderBy('issuedAt', 'desc')
      .orderBy('invoiceNumber', 'desc')
      .executeTakeFirst();
    let invoice = latest;
    if (!invoice || invoice.amountBhd !== student.priceBhd) {
      await sql`LOCK TABLE invoices IN EXCLUSIVE MODE`.execute(trx);
      const last = await trx
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('invoiceNumber').as('n'))
        .executeTakeFirstOrThrow();
      const invoiceNumber = Number(last.n ?? 0) + 1;
      invoice = await trx
        .insertInto('invoices')
        .values({ invoiceNumber, studentId, period, amountBhd: student.priceBhd, issuedBy: actor.userId, issuedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        entityType: 'invoice',
        entityId: invoice.id,
        action: 'issue',
        diff: { studentId, invoiceNumber: formatInvoiceNumber(invoiceNumber), period, amountBhd: student.priceBhd },
      });
    }
    const row = await studentsWithNames(trx).where('students.id', '=', studentId).executeTakeFirstOrThrow();
    return { invoice, row };
  });
  const company = await readCompanySettings(db);
  const paid = row.paymentStatus === 'paid';
  // Fees include VAT when a rate is set: the invoice shows net, VAT and total, like the receipts.
  const vatRate = Number(company.vatRatePercent) > 0 ? company.vatRatePercent : null;
  return {
    id: invoice.id,
    invoiceNumber: formatInvoiceNumber(invoice.invoiceNumber),
    issuedAt: invoice.issuedAt.toISOString(),
    period: invoice.period,
    monthlyFeeBhd: invoice.amountBhd,
    totalDueBhd: paid ? '0.00' : invoice.amountBhd,
    paymentStatus: row.paymentStatus,
    vat: vatRate ? { ratePercent: vatRate, ...splitVat(invoice.amountBhd, vatRate), totalBhd: invoice.amountBhd, registrationNumber: company.vatNumber } : null,
    student: {
      id: row.id,
      automatedId: row.automatedId,
      name: `${row.firstName} ${row.fathersName} ${row.lastName}`,
      grade: row.grade,
      class: row.class,
      studentSchoolId: row.studentSchoolId,
      serviceType: row.serviceType,
      address: row.address,
    },
    school: { name: row.schoolName },
    area: row.areaName === null ? null : { name: row.areaName },
    driver: row.driverName !== null && row.driverPhone !== null ? { name: row.driverName, phone: row.driverPhone } : null,
    parent: { name: row.parentName, email: row.parentEmail, phone: parentPhoneOf(row) },
    company: {
      companyName: company.companyName,
      contactText: company.contactText,
      supportPhone1: company.supportPhone1,
      supportPhone2: company.supportPhone2,
      whatsappNumber: company.whatsappNumber,
      paymentBankAccount: company.paymentBankAccount,
      paymentMobileNumber: company.paymentMobileNumber,
    },
  };
}
