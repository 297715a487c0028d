import type { CompanySettings, Language, NotificationPayloads, NotificationTemplateKey } from '@school-transport/contracts';
import { formatMoney } from '@school-transport/contracts';

/**
 * The text of every message, in English and Arabic, rendered from the row's payload when it is
 * delivered. `params` are the same facts in order, for gateways that hold approved templates of
 * their own (WhatsApp Cloud API template messages: {{1}}, {{2}}, ...). Adding a template key in
 * packages/contracts without a template here is a type error.
 */
export interface RenderContext {
  language: Language;
  settings: CompanySettings;
}

export interface RenderedMessage {
  text: string;
  params: string[];
}

type Template<K extends NotificationTemplateKey> = (payload: NotificationPayloads[K], ctx: RenderContext) => { en: string; ar: string; params: string[] };

/** Latin digits in both languages, like the student IDs and the product's screens. */
const LOCALES: Record<Language, string> = { en: 'en-BH', ar: 'ar-BH-u-nu-latn' };

/**
 * An amount in BHD. The dinar has 3 decimals (fils), but the product keeps fees with 2 (numeric(10,2),
 * "25.00" on every screen), so messages show 2 as well: the parent reads the same figure everywhere.
 */
export function formatBhd(amount: string, language: Language): string {
  const normalized = formatMoney(amount);
  const text = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'BHD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(normalized),
  );
  // A no-break space is not in the GSM alphabet: one would make an English SMS a shorter, dearer Unicode one.
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** "2026-11" → "November 2026" / "نوفمبر 2026"; any other text is shown as it is. */
export function formatMonth(month: string | null, language: Language): string | null {
  if (!month) return null;
  const match = /^(\d{4})-(\d{2})$/.exec(month.trim());
  if (!match) return month;
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, 1),
  );
}

const SERVICE_LABELS: Record<string, Record<Language, string>> = {
  HOME_TO_SCHOOL: { en: 'Home to School', ar: 'من المنزل إلى المدرسة' },
  SCHOOL_TO_HOME: { en: 'School to Home', ar: 'من المدرسة إلى المنزل' },
  BOTH: { en: 'Both ways', ar: 'ذهاباً وإياباً' },
};
const serviceLabel = (serviceType: string, language: Language) => SERVICE_LABELS[serviceType]?.[language] ?? serviceType;

/** How to pay, from the company settings; lines for settings not filled in are left out. */
function paymentInstructions(settings: CompanySettings): { en: string; ar: string } {
  const en: string[] = [];
  const ar: string[] = [];
  if (settings.paymentMobileNumber) {
    en.push(`Pay by mobile payment app to ${settings.paymentMobileNumber}.`);
    ar.push(`الدفع عبر تطبيق الدفع إلى ${settings.paymentMobileNumber}.`);
  }
  if (settings.paymentBankAccount) {
    en.push(`Bank transfer to ${settings.paymentBankAccount}.`);
    ar.push(`تحويل بنكي إلى ${settings.paymentBankAccount}.`);
  }
  en.push('Monthly fees are due from the 26th to the 30th of the month before the service month.');
  ar.push('تُدفع الرسوم الشهرية من 26 إلى 30 من الشهر السابق لشهر الخدمة.');
  if (settings.whatsappNumber) {
    en.push(`Send the student ID and a screenshot of the transfer by WhatsApp to ${settings.whatsappNumber}.`);
    ar.push(`أرسل رقم الطالب وصورة التحويل عبر واتساب إلى ${settings.whatsappNumber}.`);
  }
  return { en: en.join(' '), ar: ar.join(' ') };
}

/** "2026-08-30" → "30 August 2026" / "30 أغسطس 2026". */
function formatDay(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day.trim());
  if (!match) return day;
  return new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

const monthList = (months: string[], language: Language) => months.map((month) => formatMonth(month, language) ?? month).join(language === 'ar' ? '، ' : ', ');

const withNote = (note: string | null, label: string) => (note?.trim() ? ` ${label}: ${note.trim()}` : '');

/** An instant as Bahrain's clock time, "06:42" (24-hour, Latin digits in both languages). */
export function formatTime(at: string, language: Language): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Bahrain' }).format(date);
}

/** Who received a child, in the family's message ('Maryam (aunt)'). */
export const RECEIVER_RELATIONS: Record<NotificationPayloads['student_handed_over']['relation'], Record<Language, string>> = {
  mother: { en: 'mother', ar: 'الأم' },
  father: { en: 'father', ar: 'الأب' },
  grandparent: { en: 'grandparent', ar: 'الجد/الجدة' },
  aunt: { en: 'aunt', ar: 'العمة/الخالة' },
  uncle: { en: 'uncle', ar: 'العم/الخال' },
  sibling: { en: 'sibling', ar: 'الأخ/الأخت' },
  driver: { en: 'driver', ar: 'السائق' },
  nanny: { en: 'nanny', ar: 'المربية' },
  other: { en: 'other', ar: 'آخر' },
  parent: { en: 'parent', ar: 'ولي الأمر' },
  day_code: { en: 'one-day code', ar: 'رمز ليوم واحد' },
};

export const RUN_LABELS: Record<'morning' | 'afternoon', Record<Language, string>> = {
  morning: { en: 'morning', ar: 'الصباح' },
  afternoon: { en: 'afternoon', ar: 'الظهر' },
};

const TEMPLATES: { [K in NotificationTemplateKey]: Template<K> } = {
  registration_received: (p, { settings, language }) => {
    const pay = paymentInstructions(settings);
    return {
      en: `School bus registration received for ${p.studentName}. Student ID: ${p.automatedId}. ${pay.en}`,
      ar: `تم استلام تسجيل ${p.studentName} في خدمة الحافلة المدرسية. رقم الطالب: ${p.automatedId}. ${pay.ar}`,
      params: [p.studentName, p.automatedId, pay[language]],
    };
  },
  registration_email_in_use: (p) => ({
    en: `Someone tried to register ${p.studentName} for the school bus with your email address, but the password did not match your account, so nothing was added. If it was you, sign in to the parent portal and register from there, or call the office. If it was not, you can ignore this message.`,
    ar: `حاول شخص تسجيل ${p.studentName} في خدمة الحافلة المدرسية باستخدام بريدك الإلكتروني، لكن كلمة المرور لم تطابق حسابك فلم يُضف شيء. إن كنت أنت، سجّل الدخول إلى بوابة أولياء الأمور وسجّل الطالب من هناك أو اتصل بالمكتب. وإن لم تكن أنت، يمكنك تجاهل هذه الرسالة.`,
    params: [p.studentName],
  }),
  driver_assigned: (p) => ({
    en: `${p.studentName} (${p.automatedId}) now rides with driver ${p.driverName}, phone ${p.driverPhone}.`,
    ar: `تم تعيين السائق ${p.driverName} (هاتف ${p.driverPhone}) للطالب ${p.studentName} (${p.automatedId}).`,
    params: [p.studentName, p.automatedId, p.driverName, p.driverPhone],
  }),
  driver_removed: (p) => ({
    en: `${p.studentName} (${p.automatedId}) has no driver assigned any more. The office will tell you when a new driver is assigned.`,
    ar: `لم يعد للطالب ${p.studentName} (${p.automatedId}) سائق معيّن. سنبلغك عند تعيين سائق جديد.`,
    params: [p.studentName, p.automatedId],
  }),
  student_assigned: (p, { language }) => ({
    en: `New student on your list: ${p.studentName} (${p.automatedId}), ${p.schoolName}, ${p.areaName}, ${p.address}. Parent: ${p.contactNumber1}. Service: ${serviceLabel(p.serviceType, 'en')}.`,
    ar: `طالب جديد في قائمتك: ${p.studentName} (${p.automatedId})، ${p.schoolName}، ${p.areaName}، ${p.address}. ولي الأمر: ${p.contactNumber1}. الخدمة: ${serviceLabel(p.serviceType, 'ar')}.`,
    params: [p.studentName, p.automatedId, p.schoolName, p.areaName, p.address, p.contactNumber1, serviceLabel(p.serviceType, language)],
  }),
  modification_approved: (p, { language }) => ({
    en: `Your change request for ${p.studentName} was approved.${withNote(p.adminNote, 'Note')}`,
    ar: `تمت الموافقة على طلب التعديل الخاص بالطالب ${p.studentName}.${withNote(p.adminNote, 'ملاحظة')}`,
    params: [p.studentName, p.adminNote?.trim() || (language === 'ar' ? 'لا توجد' : 'None')],
  }),
  modification_rejected: (p, { language }) => ({
    en: `Your change request for ${p.studentName} was rejected.${withNote(p.adminNote, 'Note')}`,
    ar: `تم رفض طلب التعديل الخاص بالطالب ${p.studentName}.${withNote(p.adminNote, 'ملاحظة')}`,
    params: [p.studentName, p.adminNote?.trim() || (language === 'ar' ? 'لا توجد' : 'None')],
  }),
  payment_received: (p, { language }) => {
    const month = { en: formatMonth(p.month, 'en'), ar: formatMonth(p.month, 'ar') };
    return {
      en: `Payment received for ${p.studentName} (${p.automatedId}): ${formatBhd(p.amountBhd, 'en')}${month.en ? ` for ${month.en}` : ''}. Thank you.`,
      ar: `تم استلام دفعة ${p.studentName} (${p.automatedId}): ${formatBhd(p.amountBhd, 'ar')}${month.ar ? ` عن ${month.ar}` : ''}. شكراً لك.`,
      params: [p.studentName, p.automatedId, formatBhd(p.amountBhd, language), month[language] ?? '-'],
    };
  },
  fee_reminder: (p, { language }) => {
    const items = (lang: Language) =>
      p.items.map((item) => `${item.studentName} – ${formatMonth(item.month, lang)} – ${formatBhd(item.amountBhd, lang)}`).join(lang === 'ar' ? '؛ ' : '; ');
    // With online payments on, the reminder's own pay link; otherwise the way of transfers and screenshots.
    const howToPay = {
      en: p.payUrl ? `Pay online (BENEFIT, card or Apple Pay): ${p.payUrl}` : 'Please pay and upload the transfer screenshot in the parent portal.',
      ar: p.payUrl ? `ادفع عبر الإنترنت (بنفت أو البطاقة أو Apple Pay): ${p.payUrl}` : 'يرجى الدفع ورفع صورة التحويل في بوابة أولياء الأمور.',
    };
    return {
      en: `Dear ${p.parentName}, the school bus fees are due by ${formatDay(p.dueDate, 'en')}: ${items('en')}. Total ${formatBhd(p.totalBhd, 'en')}. ${howToPay.en}`,
      ar: `عزيزي ${p.parentName}، رسوم الحافلة المدرسية مستحقة بحلول ${formatDay(p.dueDate, 'ar')}: ${items('ar')}. المجموع ${formatBhd(p.totalBhd, 'ar')}. ${howToPay.ar}`,
      params: [p.parentName, formatDay(p.dueDate, language), items(language), formatBhd(p.totalBhd, language), howToPay[language]],
    };
  },
  payment_recorded: (p, { language }) => ({
    en: `We received ${formatBhd(p.amountBhd, 'en')} for ${p.studentNames.join(', ')} (${monthList(p.months, 'en')}). Receipt ${p.receiptNumber} is in the parent portal. Thank you.`,
    ar: `استلمنا ${formatBhd(p.amountBhd, 'ar')} عن ${p.studentNames.join('، ')} (${monthList(p.months, 'ar')}). الإيصال ${p.receiptNumber} متاح في بوابة أولياء الأمور. شكراً لك.`,
    params: [formatBhd(p.amountBhd, language), p.studentNames.join(', '), monthList(p.months, language), p.receiptNumber],
  }),
  payment_voided: (p, { language }) => ({
    en: `Payment ${p.receiptNumber} of ${formatBhd(p.amountBhd, 'en')} was cancelled: ${p.reason}. Please contact the office if you have questions.`,
    ar: `تم إلغاء الدفعة ${p.receiptNumber} بمبلغ ${formatBhd(p.amountBhd, 'ar')}: ${p.reason}. يرجى التواصل مع المكتب لأي استفسار.`,
    params: [p.receiptNumber, formatBhd(p.amountBhd, language), p.reason],
  }),
  payment_refunded: (p, { language }) => ({
    en: `${formatBhd(p.amountBhd, 'en')} of payment ${p.receiptNumber} is being refunded to the card or wallet it was paid with (${monthList(p.months, 'en')}): ${p.reason}. Credit note ${p.creditNoteNumber}.`,
    ar: `يجري استرداد ${formatBhd(p.amountBhd, 'ar')} من الدفعة ${p.receiptNumber} إلى البطاقة أو المحفظة التي دُفعت بها (${monthList(p.months, 'ar')}): ${p.reason}. إشعار الدائن ${p.creditNoteNumber}.`,
    params: [formatBhd(p.amountBhd, language), p.receiptNumber, monthList(p.months, language), p.reason, p.creditNoteNumber],
  }),
  proof_accepted: (p, { language }) => ({
    en: `Your payment proof for ${p.studentName}, ${formatMonth(p.month, 'en')} was accepted: ${formatBhd(p.amountBhd, 'en')}, receipt ${p.receiptNumber}.`,
    ar: `تم قبول إثبات الدفع الخاص بالطالب ${p.studentName} عن ${formatMonth(p.month, 'ar')}: ${formatBhd(p.amountBhd, 'ar')}، الإيصال ${p.receiptNumber}.`,
    params: [p.studentName, formatMonth(p.month, language) ?? p.month, formatBhd(p.amountBhd, language), p.receiptNumber],
  }),
  proof_rejected: (p, { language }) => ({
    en: `We could not accept your payment proof for ${p.studentName}, ${formatMonth(p.month, 'en')} (${formatBhd(p.amountBhd, 'en')}): ${p.reason}. Please check it and upload it again.`,
    ar: `تعذّر قبول إثبات الدفع الخاص بالطالب ${p.studentName} عن ${formatMonth(p.month, 'ar')} (${formatBhd(p.amountBhd, 'ar')}): ${p.reason}. يرجى التحقق ورفعه مرة أخرى.`,
    params: [p.studentName, formatMonth(p.month, language) ?? p.month, formatBhd(p.amountBhd, language), p.reason],
  }),
  password_reset: (p) => ({
    en: `Your password reset code is ${p.code}. It is valid for ${p.minutes} minutes. If you did not ask for it, ignore this message.`,
    ar: `رمز إعادة تعيين كلمة المرور هو ${p.code}. صالح لمدة ${p.minutes} دقيقة. إن لم تطلبه، تجاهل هذه الرسالة.`,
    params: [p.code, String(p.minutes)],
  }),
  welcome_code: (p) => ({
    en: `Welcome, ${p.name}. Your account (${p.signIn}) is ready. Choose your password with the code ${p.code} under 'Forgot password?' on the sign-in page, within ${p.days} days.`,
    ar: `مرحباً ${p.name}. حسابك (${p.signIn}) جاهز. اختر كلمة المرور بالرمز ${p.code} من خلال 'نسيت كلمة المرور؟' في صفحة تسجيل الدخول خلال ${p.days} أيام.`,
    params: [p.name, p.signIn, p.code, String(p.days)],
  }),
  phone_changed: (p) =>
    p.newPhoneEnding
      ? {
          en: `${p.name}, the office changed the phone number of your school bus account to a number ending in ${p.newPhoneEnding}. If you did not ask for this, call the office at once.`,
          ar: `${p.name}، غيّر المكتب رقم الهاتف في حسابك لخدمة الحافلة المدرسية إلى رقم ينتهي بـ ${p.newPhoneEnding}. إن لم تطلب ذلك، اتصل بالمكتب فوراً.`,
          params: [p.name, p.newPhoneEnding],
        }
      : {
          en: `${p.name}, the office removed the phone number of your school bus account. If you did not ask for this, call the office at once.`,
          ar: `${p.name}، حذف المكتب رقم الهاتف من حسابك لخدمة الحافلة المدرسية. إن لم تطلب ذلك، اتصل بالمكتب فوراً.`,
          params: [p.name, ''],
        },
  student_boarded: (p, { language }) => ({
    en: `${p.studentName} boarded the ${RUN_LABELS[p.run].en} bus at ${formatTime(p.at, 'en')}.`,
    ar: `صعد ${p.studentName} إلى حافلة ${RUN_LABELS[p.run].ar} الساعة ${formatTime(p.at, 'ar')}.`,
    params: [p.studentName, RUN_LABELS[p.run][language], formatTime(p.at, language)],
  }),
  student_dropped: (p, { language }) => {
    const where = p.run === 'morning' ? { en: `at ${p.schoolName}`, ar: `في ${p.schoolName}` } : { en: 'at home', ar: 'عند المنزل' };
    return {
      en: `${p.studentName} was dropped off ${where.en} at ${formatTime(p.at, 'en')}.`,
      ar: `نزل ${p.studentName} من الحافلة ${where.ar} الساعة ${formatTime(p.at, 'ar')}.`,
      params: [p.studentName, where[language], formatTime(p.at, language)],
    };
  },
  student_no_show: (p, { language }) => ({
    en: `${p.studentName} was not at the ${RUN_LABELS[p.run].en} bus at ${formatTime(p.at, 'en')}. The bus went on without them. Driver ${p.driverName}: ${p.driverPhone}.`,
    ar: `لم يكن ${p.studentName} عند حافلة ${RUN_LABELS[p.run].ar} الساعة ${formatTime(p.at, 'ar')}، فواصلت الحافلة طريقها. السائق ${p.driverName}: ${p.driverPhone}.`,
    params: [p.studentName, RUN_LABELS[p.run][language], formatTime(p.at, language), p.driverName, p.driverPhone],
  }),
  student_returned_to_school: (p, { language }) => ({
    en: `No adult was at home for ${p.studentName}, so the bus took them back to ${p.schoolName} at ${formatTime(p.at, 'en')}. Please collect them there. Driver ${p.driverName}: ${p.driverPhone}.`,
    ar: `لم يكن أحد من الكبار في المنزل لاستلام ${p.studentName}، فأعادته الحافلة إلى ${p.schoolName} الساعة ${formatTime(p.at, 'ar')}. يرجى استلامه من هناك. السائق ${p.driverName}: ${p.driverPhone}.`,
    params: [p.studentName, p.schoolName, formatTime(p.at, language), p.driverName, p.driverPhone],
  }),
  run_overdue: (p, { language }) => ({
    en: `Run overdue: driver ${p.driverName} (${p.driverPhone}) has not ended the ${RUN_LABELS[p.run].en} run of ${formatDay(p.date, 'en')} and ${p.studentNames.length} children are still marked on the bus: ${p.studentNames.join(', ')}.`,
    ar: `رحلة متأخرة: لم ينهِ السائق ${p.driverName} (${p.driverPhone}) رحلة ${RUN_LABELS[p.run].ar} بتاريخ ${formatDay(p.date, 'ar')}، ولا يزال ${p.studentNames.length} من الطلاب مسجلين في الحافلة: ${p.studentNames.join('، ')}.`,
    params: [
      p.driverName,
      p.driverPhone,
      RUN_LABELS[p.run][language],
      formatDay(p.date, language),
      String(p.studentNames.length),
      p.studentNames.join(language === 'ar' ? '، ' : ', '),
    ],
  }),
  // A family that reads Arabic gets the English when the office wrote no Arabic: late news in
  // another language is better than none.
  family_message: (p, { language }) => ({
    en: p.textEn,
    ar: p.textAr ?? p.textEn,
    params: [language === 'ar' ? (p.textAr ?? p.textEn) : p.textEn],
  }),
  tomorrow_bus: (p, { language }) => ({
    en: `Tomorrow's bus for ${p.studentName} (${formatDay(p.date, 'en')}): reply Not riding if they will stay home.`,
    ar: `حافلة الغد لـ ${p.studentName} (${formatDay(p.date, 'ar')}): اضغط «لن يركب» إذا كان سيبقى في المنزل.`,
    params: [p.studentName, formatDay(p.date, language)],
  }),
  student_handed_over: (p, { language }) => {
    const relation = RECEIVER_RELATIONS[p.relation];
    return {
      en: `${p.studentName} was handed to ${p.receiverName} (${relation.en}) at ${formatTime(p.at, 'en')}.`,
      ar: `سُلِّم ${p.studentName} إلى ${p.receiverName} (${relation.ar}) الساعة ${formatTime(p.at, 'ar')}.`,
      params: [p.studentName, p.receiverName, relation[language], formatTime(p.at, language)],
    };
  },
  handover_code: (p, { language }) => ({
    en: `${p.delegateName}, you may collect ${p.studentName} from the school bus on ${formatDay(p.date, 'en')}. Show the bus crew this code: ${p.code}. It works once, on that day only.`,
    ar: `${p.delegateName}، يمكنك استلام ${p.studentName} من الحافلة المدرسية يوم ${formatDay(p.date, 'ar')}. أعطِ طاقم الحافلة هذا الرمز: ${p.code}. يصلح مرة واحدة وفي ذلك اليوم فقط.`,
    params: [p.delegateName, p.studentName, formatDay(p.date, language), p.code],
  }),
  returned_to_school_office: (p, { language }) => ({
    en: `Returned to school: nobody received ${p.studentName} at the stop, so the bus took them back to ${p.schoolName} at ${formatTime(p.at, 'en')}. Driver ${p.driverName}: ${p.driverPhone}.`,
    ar: `أُعيد إلى المدرسة: لم يستلم أحد ${p.studentName} عند المحطة، فأعادته الحافلة إلى ${p.schoolName} الساعة ${formatTime(p.at, 'ar')}. السائق ${p.driverName}: ${p.driverPhone}.`,
    params: [p.studentName, p.schoolName, formatTime(p.at, language), p.driverName, p.driverPhone],
  }),
  data_erased: (p) => ({
    en: `As you asked, your family's data has been erased from the school bus service (reference ${p.familyNumber}). Fee records the law requires us to keep remain, without names.`,
    ar: `بناءً على طلبكم، تم محو بيانات عائلتكم من خدمة الحافلة المدرسية (المرجع ${p.familyNumber}). تبقى سجلات الرسوم التي يلزمنا القانون بحفظها، دون أسماء.`,
    params: [p.familyNumber],
  }),
  erasure_refused: (p) => ({
    en: `We could not erase your family's data yet: ${p.reason}. Please contact the office.`,
    ar: `لم نتمكن من محو بيانات عائلتكم بعد: ${p.reason}. يرجى التواصل مع المكتب.`,
    params: [p.reason],
  }),
  mark_undone: (p, { language }) => {
    const what = {
      boarded: { en: 'boarded the bus', ar: 'صعد إلى الحافلة' },
      dropped: { en: 'was dropped off', ar: 'نزل من الحافلة' },
      no_show: { en: 'was not at the bus', ar: 'لم يكن عند الحافلة' },
      returned_to_school: { en: 'was taken back to school', ar: 'أُعيد إلى المدرسة' },
    }[p.event];
    return {
      en: `Correction: our earlier message that ${p.studentName} ${what.en} at ${formatTime(p.at, 'en')} was sent by mistake. Please disregard it.`,
      ar: `تصحيح: رسالتنا السابقة بأن ${p.studentName} ${what.ar} الساعة ${formatTime(p.at, 'ar')} أُرسلت خطأً. يرجى تجاهلها.`,
      params: [p.studentName, what[language], formatTime(p.at, language)],
    };
  },
  bus_near: (p) => ({
    en: `The bus for ${p.studentName} is about ${p.minutes} minutes from your stop.`,
    ar: `حافلة ${p.studentName} على بعد ${p.minutes} دقائق تقريبًا من محطتكم.`,
    params: [p.studentName, String(p.minutes)],
  }),
  absence_by_reply: (p, { language }) => {
    const runs = {
      morning: { en: 'the morning bus', ar: 'حافلة الصباح' },
      afternoon: { en: 'the afternoon bus', ar: 'حافلة الظهر' },
      both: { en: 'the bus', ar: 'الحافلة' },
    }[p.run];
    const day = { en: formatDay(p.date, 'en'), ar: formatDay(p.date, 'ar') };
    const texts = {
      recorded: {
        en: `Noted: ${p.studentName} will not ride ${runs.en} on ${day.en}.`,
        ar: `تم التسجيل: لن يركب ${p.studentName} ${runs.ar} يوم ${day.ar}.`,
      },
      already_reported: {
        en: `${p.studentName} is already reported absent from ${runs.en} on ${day.en}.`,
        ar: `تم الإبلاغ مسبقًا عن غياب ${p.studentName} عن ${runs.ar} يوم ${day.ar}.`,
      },
      too_late: {
        en: `Too late to report an absence for ${p.studentName} on ${day.en}: the bus has left. Please call the driver.`,
        ar: `فات وقت الإبلاغ عن غياب ${p.studentName} يوم ${day.ar}: انطلقت الحافلة. يرجى الاتصال بالسائق.`,
      },
    }[p.outcome];
    return { ...texts, params: [texts[language]] };
  },
};

export class UnknownTemplateError extends Error {}

export function hasTemplate(templateKey: string): templateKey is NotificationTemplateKey {
  return Object.hasOwn(TEMPLATES, templateKey);
}

/** The message of one outbox row in the recipient's language, prefixed with the company's name when set. */
export function renderMessage(templateKey: string, payload: unknown, ctx: RenderContext): RenderedMessage {
  if (!hasTemplate(templateKey)) throw new UnknownTemplateError(`No message template for "${templateKey}"`);
  const template = TEMPLATES[templateKey] as Template<NotificationTemplateKey>;
  const rendered = template(payload as never, ctx);
  const body = rendered[ctx.language];
  const name = ctx.settings.companyName.trim();
  return { text: name ? `${name}: ${body}` : body, params: rendered.params };
}
