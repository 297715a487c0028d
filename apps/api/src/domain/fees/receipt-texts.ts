import type { Language, LedgerPaymentMethod } from '@school-transport/contracts';

interface ReceiptTexts {
  fallbackCompany: string;
  title: string;
  taxTitle: string;
  void: string;
  phone: string;
  vatNumber: string;
  receiptNumber: string;
  datePaid: string;
  receivedFrom: string;
  method: string;
  reference: string;
  student: string;
  studentId: string;
  serviceMonth: string;
  amount: string;
  net: string;
  vat: (ratePercent: string) => string;
  totalPaid: string;
  thanks: string;
  currency: string;
  methods: Record<LedgerPaymentMethod, string>;
  /** The PDF's document title, which a search in the file finds. */
  documentTitle: (receiptNumber: string) => string;
  documentSubject: string;
}

/**
 * The words of the receipt PDF in the reader's language: the parent who paid, or the admin who
 * downloads it (the screens' words for the same things, apps/web/src/i18n/{en,ar}/fees.ts).
 */
export const RECEIPT_TEXTS: Record<Language, ReceiptTexts> = {
  en: {
    fallbackCompany: 'Student Transport',
    title: 'RECEIPT',
    taxTitle: 'TAX RECEIPT',
    void: 'VOID',
    phone: 'Phone',
    vatNumber: 'VAT registration number',
    receiptNumber: 'Receipt number',
    datePaid: 'Date paid',
    receivedFrom: 'Received from',
    method: 'Method',
    reference: 'Reference',
    student: 'Student',
    studentId: 'Student ID',
    serviceMonth: 'Service month',
    amount: 'Amount (BHD)',
    net: 'Net amount',
    vat: (ratePercent) => `VAT ${ratePercent}%`,
    totalPaid: 'Total paid',
    thanks: 'Thank you. This receipt was issued by the office system; keep it for your records.',
    currency: 'BHD',
    methods: { benefit_pay: 'BenefitPay', bank_transfer: 'Bank transfer', cash: 'Cash', other: 'Other', online: 'Online (card, BENEFIT or Apple Pay)' },
    documentTitle: (receiptNumber) => `Receipt ${receiptNumber}`,
    documentSubject: 'Payment receipt',
  },
  ar: {
    fallbackCompany: 'نقل الطلاب',
    title: 'إيصال',
    taxTitle: 'إيصال ضريبي',
    void: 'ملغى',
    phone: 'الهاتف',
    vatNumber: 'رقم التسجيل الضريبي',
    receiptNumber: 'رقم الإيصال',
    datePaid: 'تاريخ الدفع',
    receivedFrom: 'استُلم من',
    method: 'طريقة الدفع',
    reference: 'الرقم المرجعي',
    student: 'الطالب',
    studentId: 'رقم الطالب',
    serviceMonth: 'شهر الخدمة',
    amount: 'المبلغ (د.ب.)',
    net: 'المبلغ الصافي',
    vat: (ratePercent) => `ضريبة القيمة المضافة ${ratePercent}%`,
    totalPaid: 'إجمالي المدفوع',
    thanks: 'شكرًا لكم. صدر هذا الإيصال من نظام المكتب؛ يُرجى الاحتفاظ به في سجلاتكم.',
    currency: 'د.ب.',
    methods: { benefit_pay: 'بنفت باي', bank_transfer: 'تحويل بنكي', cash: 'نقدًا', other: 'أخرى', online: 'عبر الإنترنت (بطاقة أو بنفت أو آبل باي)' },
    documentTitle: (receiptNumber) => `إيصال ${receiptNumber}`,
    documentSubject: 'إيصال دفع',
  },
};
