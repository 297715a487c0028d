import type { CatalogOf } from '../catalog.js';
import type { familyMessages as en } from '../en/family-messages.js';

export const familyMessages: CatalogOf<typeof en> = {
  open: 'مراسلة الأسر',
  title: 'مراسلة الأسر',
  intro: 'رسالة واحدة إلى جميع أسر رحلة أو مدرسة أو الخدمة كلها، بلغة كل أسرة.',
  audience: 'إرسال إلى',
  audiences: {
    run: 'أسر رحلة',
    school: 'أسر مدرسة',
    all: 'جميع الأسر',
  },
  driver: 'السائق',
  run: 'الرحلة',
  runs: {
    morning: 'رحلة الصباح',
    afternoon: 'رحلة الظهر',
  },
  school: 'المدرسة',
  textEn: 'الرسالة بالإنجليزية',
  textEnPlaceholder: 'Bus 12 is running 15 minutes late',
  textAr: 'الرسالة بالعربية (اختياري)',
  textArHint: 'إذا تُرك هذا فارغًا تصل الرسالة بالإنجليزية إلى الأسر التي تقرأ العربية.',
  count_one: 'تصل هذه الرسالة إلى أسرة واحدة: {{english}} بالإنجليزية و{{arabic}} بالعربية.',
  count_other: 'تصل هذه الرسالة إلى {{count}} من الأسر: {{english}} بالإنجليزية و{{arabic}} بالعربية.',
  countNone: 'لا توجد أسرة ضمن هذا الاختيار.',
  counting: 'جارٍ عدّ الأسر…',
  chooseFirst: 'اختر من تصله الرسالة لمعرفة عدد الأسر.',
  held_one: 'رسالة واحدة تتجاوز حد هذه الساعة: ستنتظر في صندوق الرسائل حتى تفرج عنها.',
  held_other: '{{count}} من الرسائل تتجاوز حد هذه الساعة: ستنتظر في صندوق الرسائل حتى تفرج عنها.',
  send_one: 'إرسال إلى أسرة واحدة',
  send_other: 'إرسال إلى {{count}} من الأسر',
  cancel: 'إلغاء',
  sent: 'أُرسلت الرسالة',
  sentText: 'في قائمة الإرسال: {{queued}}. محجوزة في صندوق الرسائل: {{held}}.',
  sendFailed: 'تعذّر إرسال الرسالة',
};
