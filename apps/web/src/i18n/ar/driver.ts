import type { CatalogOf } from '../catalog.js';
import type { driver as en } from '../en/driver.js';

/**
 * The driver screens in Arabic. Counts are written as "label: number", which reads correctly for
 * every number (Arabic nouns take several plural forms after a number).
 */
export const driver: CatalogOf<typeof en> = {
  title: 'لوحة السائق',
  greeting: 'أهلًا بك، {{name}}',
  loadFailed: 'تعذّر تحميل قائمتك. يرجى المحاولة مرة أخرى.',
  retry: 'حاول مرة أخرى',
  info: {
    title: 'بياناتي',
    name: 'الاسم',
    phone: 'الهاتف',
    licenseNo: 'رقم الرخصة',
    vehicle: 'المركبة',
    seats_one: 'عدد المقاعد: {{count}}',
    seats_other: 'عدد المقاعد: {{count}}',
    areas: 'المناطق التي أخدمها',
    studentCount: 'الطلاب',
    none: '—',
  },
  list: {
    title: 'الطلاب المعيّنون لي',
    runs: 'الرحلة',
    morning: 'الرحلة الصباحية',
    afternoon: 'رحلة الظهيرة',
    morningHint: 'المنزل ← المدرسة',
    afternoonHint: 'المدرسة ← المنزل',
    search: 'البحث عن طالب',
    searchPlaceholder: 'الاسم أو الرقم أو المدرسة أو المنطقة',
    schoolGroup_one: '{{school}} · عدد الطلاب: {{count}}',
    schoolGroup_other: '{{school}} · عدد الطلاب: {{count}}',
    noMatch: 'لا يوجد طلاب يطابقون بحثك.',
    emptyRun: 'لا يوجد طلاب في هذه الرحلة.',
    readOnly: 'للعرض فقط: هذه هي القائمة التي يراها السائق.',
  },
  empty: {
    title: 'لا يوجد طلاب معيّنون',
    text: 'لم تعيّن الإدارة لك أي طلاب بعد.',
  },
  columns: {
    id: 'الرقم',
    name: 'الاسم',
    fathersName: 'اسم الأب',
    grade: 'الصف',
    school: 'المدرسة',
    area: 'المنطقة',
    address: 'العنوان',
    contact: 'رقم التواصل',
    contact2: 'رقم التواصل 2',
    serviceType: 'نوع الخدمة',
  },
  student: {
    fatherLine: 'اسم الأب: {{name}}',
    roundabout: 'دوار {{number}}',
    flat: 'شقة {{flat}}',
    call: 'اتصال {{number}}',
    callLabel: 'الاتصال بالرقم {{number}} بخصوص {{student}}',
  },
  service: {
    HOME_TO_SCHOOL: 'المنزل ← المدرسة',
    SCHOOL_TO_HOME: 'المدرسة ← المنزل',
    BOTH: 'ذهابًا وإيابًا',
  },
  actions: {
    print: 'طباعة القائمة',
    export: 'تصدير CSV',
    exporting: 'جارٍ التصدير...',
  },
  toast: {
    printed: 'تم إعداد قائمة الطلاب',
    printedText_one: '{{run}}: عدد الطلاب {{count}}',
    printedText_other: '{{run}}: عدد الطلاب {{count}}',
    exported: 'اكتمل التصدير',
    exportedText: '{{file}}',
    noData: 'لا توجد بيانات',
    noDataText: 'لا يوجد طلاب للتصدير',
    noDataPrintText: 'لا يوجد طلاب للطباعة',
    exportFailed: 'تعذّر التصدير',
  },
  print: {
    title: 'قائمة الطلاب: {{driver}}',
    subtitle: '{{run}} · {{date}}',
    total_one: 'مجموع الطلاب: {{count}}',
    total_other: 'مجموع الطلاب: {{count}}',
  },
  admin: {
    studentsButton: 'الطلاب',
    studentsLabel: 'طلاب {{name}}',
    modalTitle: 'طلاب {{name}}',
  },
};
