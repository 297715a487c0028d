import type { Language } from '@school-transport/contracts';

interface CreditNoteTexts {
  fallbackCompany: string;
  title: string;
  phone: string;
  vatNumber: string;
  creditNoteNumber: string;
  issuedOn: string;
  issuedTo: string;
  againstReceipt: string;
  reason: string;
  student: string;
  studentId: string;
  serviceMonth: string;
  amount: string;
  totalRefunded: string;
  footer: string;
  currency: string;
  documentTitle: (creditNoteNumber: string) => string;
  documentSubject: string;
}

/** The words of the credit note PDF in the reader's language (the receipt's words for the same things). */
export const CREDIT_NOTE_TEXTS: Record<Language, CreditNoteTexts> = {
  en: {
    fallbackCompany: 'Student Transport',
    title: 'CREDIT NOTE',
    phone: 'Phone',
    vatNumber: 'VAT registration number',
    creditNoteNumber: 'Credit note number',
    issuedOn: 'Date',
    issuedTo: 'Issued to',
    againstReceipt: 'Against receipt',
    reason: 'Reason',
    student: 'Student',
    studentId: 'Student ID',
    serviceMonth: 'Service month',
    amount: 'Amount (BHD)',
    totalRefunded: 'Total refunded',
    footer: 'The amount is refunded to the card or wallet the payment was made with. The months above are owed again.',
    currency: 'BHD',
    documentTitle: (number) => `Credit note ${number}`,
    documentSubject: 'Refund credit note',
  },
  ar: {
    fallbackCompany: 'نقل الطلاب',
    title: 'إشعار دائن',
    phone: 'الهاتف',
    vatNumber: 'رقم التسجيل الضريبي',
    creditNoteNumber: 'رقم إشعار الدائن',
    issuedOn: 'التاريخ',
    issuedTo: 'صادر إلى',
    againstReceipt: 'مقابل الإيصال',
    reason: 'السبب',
    student: 'الطالب',
    studentId: 'رقم الطالب',
    serviceMonth: 'شهر الخدمة',
    amount: 'المبلغ (د.ب.)',
    totalRefunded: 'إجمالي المبلغ المسترد',
    footer: 'يُعاد المبلغ إلى البطاقة أو المحفظة التي دُفعت بها الدفعة. تصبح الأشهر أعلاه مستحقة من جديد.',
    currency: 'د.ب.',
    documentTitle: (number) => `إشعار دائن ${number}`,
    documentSubject: 'إشعار دائن لاسترداد مبلغ',
  },
};
