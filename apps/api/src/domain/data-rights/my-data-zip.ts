import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { Language } from '@school-transport/contracts';
import { RECORD_KINDS, type FamilyRecords, type RecordKind } from './family-records.js';

/**
 * The 'My data' ZIP: a README in the family's language that explains each file, one JSON file per
 * kind of record, and the receipts as PDFs. Streamed as it is compressed (fflate's Zip), so the
 * answer starts at once and the server never holds the whole archive.
 */
const EXPLAINED: Record<RecordKind, Record<Language, string>> = {
  account: {
    en: 'Your account: name, email, phone, WhatsApp number, language, when it was made and last signed in to. (Your password is never stored readably and is not included.)',
    ar: 'حسابكم: الاسم والبريد الإلكتروني والهاتف ورقم واتساب واللغة وتاريخ الإنشاء وآخر تسجيل دخول. (لا تُحفظ كلمة المرور بشكل مقروء ولا تُضمَّن.)',
  },
  children: {
    en: 'Each child registered: names, school, grade, service, price, contact numbers, home address and map link.',
    ar: 'كل طفل مسجَّل: الأسماء والمدرسة والصف والخدمة والسعر وأرقام التواصل وعنوان المنزل ورابط الخريطة.',
  },
  'terms-accepted': {
    en: 'The terms you accepted for each child: version, time, the internet address it was accepted from, and the language.',
    ar: 'الشروط التي قبلتموها لكل طفل: الإصدار والوقت وعنوان الإنترنت الذي قُبلت منه واللغة.',
  },
  'modification-requests': { en: 'The changes you asked the office to make, and its answers.', ar: 'التعديلات التي طلبتموها من المكتب، وردوده عليها.' },
  fees: {
    en: 'The monthly fee of each child: month, amount, due date, and whether it was waived.',
    ar: 'الرسوم الشهرية لكل طفل: الشهر والمبلغ وتاريخ الاستحقاق وما إذا أُعفي منها.',
  },
  payments: {
    en: 'Your payments: receipt number, amount, how you paid, and when. The receipts themselves are in the receipts folder.',
    ar: 'مدفوعاتكم: رقم الإيصال والمبلغ وطريقة الدفع والتاريخ. الإيصالات نفسها في مجلد receipts.',
  },
  messages: {
    en: 'Every message sent to your phone or email: channel, time, state and its text.',
    ar: 'كل رسالة أُرسلت إلى هاتفكم أو بريدكم: القناة والوقت والحالة والنص.',
  },
  absences: { en: 'The days you (or the office) reported a child would not ride.', ar: 'الأيام التي أبلغتم (أو أبلغ المكتب) فيها أن الطفل لن يركب.' },
  'school-day-marks': {
    en: 'What the bus crew recorded each school day: boarded, dropped, not at the bus, returned to school, with the time and where the phone was.',
    ar: 'ما سجّله طاقم الحافلة كل يوم دراسي: صعد، نزل، لم يكن عند الحافلة، أُعيد إلى المدرسة، مع الوقت وموقع الهاتف.',
  },
  choices: {
    en: "Your message choices: boarded and dropped messages, tomorrow's bus messages, and 'bus is near' per child.",
    ar: 'اختياراتكم للرسائل: رسائل الصعود والنزول، ورسائل حافلة الغد، و«الحافلة قريبة» لكل طفل.',
  },
  'authorised-adults': {
    en: 'The adults you named to receive your children from the bus, and the one-day codes you issued (the codes themselves are never stored).',
    ar: 'البالغون الذين سمّيتموهم لاستلام أطفالكم من الحافلة، ورموز اليوم الواحد التي أصدرتموها (الرموز نفسها لا تُحفظ أبدًا).',
  },
  'office-views': {
    en: "Each time someone in the office opened a child's record, the child's live position or a run's trail: who, when and what.",
    ar: 'كل مرة فتح فيها أحد موظفي المكتب سجل طفل أو موقعه المباشر أو مسار رحلة: من ومتى وماذا.',
  },
};

const HEADING: Record<Language, string> = {
  en: 'Your data held by the school bus service\n\nThis archive holds everything the service keeps about your family, as of the time you downloaded it.\nEach file is JSON (it opens in any text editor). The files:\n',
  ar: 'بياناتكم لدى خدمة الحافلة المدرسية\n\nيحوي هذا الملف كل ما تحفظه الخدمة عن عائلتكم وقت التنزيل.\nكل ملف بصيغة JSON (يُفتح في أي محرر نصوص). الملفات:\n',
};

export function readmeOf(language: Language, receiptCount: number): string {
  const lines = RECORD_KINDS.map((kind) => `- ${kind}.json: ${EXPLAINED[kind][language]}`);
  const receipts = language === 'ar' ? `- receipts/: ${receiptCount} إيصال بصيغة PDF.` : `- receipts/: ${receiptCount} receipt(s) as PDF.`;
  return `${HEADING[language]}\n${[...lines, receipts].join('\n')}\n`;
}

export function myDataZip(records: FamilyRecords): Readable {
  const output = new Readable({ read() {} });
  const zip = new Zip((error, chunk, final) => {
    if (error) output.destroy(error);
    else {
      output.push(Buffer.from(chunk));
      if (final) output.push(null);
    }
  });
  const add = (name: string, bytes: Uint8Array, compress: boolean) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(bytes, true);
  };
  add(records.language === 'ar' ? 'README-ar.txt' : 'README.txt', strToU8(readmeOf(records.language, records.receipts.length)), true);
  for (const kind of RECORD_KINDS) add(`${kind}.json`, strToU8(`${JSON.stringify(records.documents[kind], null, 2)}\n`), true);
  // PDFs are compressed already.
  for (const receipt of records.receipts) add(receipt.fileName, receipt.bytes, false);
  zip.end();
  return output;
}
