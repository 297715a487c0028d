import type { CatalogOf } from '../catalog.js';
import type { common as en } from '../en/common.js';

/** Strings shared by every screen, in Arabic. */
export const common: CatalogOf<typeof en> = {
  appName: 'النقل الطلابي',
  loading: 'جارٍ التحميل...',
  nav: {
    home: 'الرئيسية',
    login: 'تسجيل الدخول',
    register: 'التسجيل',
    admin: 'الإدارة',
    dashboard: 'لوحة التحكم',
    logout: 'تسجيل الخروج',
    loggingOut: 'جارٍ تسجيل الخروج...',
    greeting: 'مرحبًا، {{name}}',
  },
  logout: {
    success: 'تم تسجيل الخروج بنجاح',
    failed: 'تعذّر تسجيل الخروج',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    text: 'الصفحة التي تبحث عنها غير موجودة.',
    back: 'العودة إلى الرئيسية',
  },
  placeholder: 'هذه الشاشة قادمة قريبًا.',
  actions: {
    cancel: 'إلغاء',
    save: 'حفظ',
    saving: 'جارٍ الحفظ...',
    close: 'إغلاق',
    edit: 'تعديل',
    togglePassword: 'إظهار كلمة المرور أو إخفاؤها',
  },
  notifications: { region: 'الإشعارات ({{hotkey}})' },
  grades: { Nursery: 'الحضانة', KG1: 'الروضة الأولى', KG2: 'الروضة الثانية' },
  account: {
    menu: 'الحساب',
    changePassword: 'تغيير كلمة المرور',
    signOutEverywhere: 'تسجيل الخروج من كل الأجهزة',
    signOutEverywhereHint: 'يسجّل خروجك من كل هاتف وحاسوب، وهذا الجهاز أيضاً',
    signedOutEverywhere: 'تم تسجيل الخروج من كل الأجهزة',
    signOutEverywhereFailed: 'تعذّر تسجيل الخروج من كل الأجهزة',
    currentPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    newPasswordHint: '{{count}} أحرف على الأقل، وليست كلمة مرور شائعة',
    change: 'تغيير كلمة المرور',
    changing: 'جارٍ التغيير...',
    changed: 'تم تغيير كلمة المرور',
    changeFailed: 'لم تُغيَّر كلمة المرور',
  },
  signInLock: {
    lockedUntil: 'مقفل حتى {{time}}',
    clear: 'رفع قفل تسجيل الدخول',
    clearHint: 'أُقفل هذا الحساب بسبب كلمات مرور خاطئة؛ رفع القفل يسمح بتسجيل الدخول مجدداً من كل العناوين الآن',
    clearFailed: 'تعذّر رفع القفل',
  },
  language: {
    names: { en: 'English', ar: 'العربية' },
    failed: 'تعذّر تغيير اللغة. يرجى المحاولة مرة أخرى.',
  },
};
