import type { CatalogOf } from '../catalog.js';
import type { users as enUsers } from '../en/users.js';

/** Arabic strings of the Users tab. */
export const users: CatalogOf<typeof enUsers> = {
  tab: 'المستخدمون',
  title: 'المستخدمون',
  intro:
    'الأشخاص الذين يسجّلون الدخول إلى لوحة الإدارة هذه. يدير الموظفون العمل اليومي، ويدير المسؤولون أيضًا الإعدادات والشروط والأسعار والمستخدمين والحذف وإلغاء الدفعات والإعفاءات.',
  add: 'إضافة مستخدم',
  addTitle: 'إضافة مستخدم',
  editTitle: 'تعديل {{name}}',
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  phone: 'الهاتف (اختياري)',
  role: 'الدور',
  roles: {
    admin: 'مسؤول',
    staff: 'موظف',
  },
  active: 'نشط',
  lastSignIn: 'آخر تسجيل دخول',
  never: 'لم يسجّل الدخول بعد',
  you: 'أنت',
  password: 'كلمة المرور الأولى',
  passwordHint: '12 حرفًا على الأقل. سلّمها للشخص بنفسك: لن تظهر مرة أخرى.',
  edit: 'تعديل',
  editLabel: 'تعديل {{name}}',
  deactivate: 'إيقاف',
  deactivateLabel: 'إيقاف {{name}}',
  reactivate: 'إعادة التفعيل',
  reactivateLabel: 'إعادة تفعيل {{name}}',
  added: 'تمت إضافة المستخدم',
  updated: 'تم حفظ المستخدم',
  deactivated: 'تم إيقاف المستخدم وتسجيل خروجه',
  reactivated: 'تمت إعادة تفعيل المستخدم',
  saveFailed: 'تعذّر حفظ المستخدم',
  empty: 'لا يوجد مستخدمون بعد.',
};
