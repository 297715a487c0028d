import type { CatalogOf } from '../catalog.js';
import type { modificationRequests as enModificationRequests } from '../en/modification-requests.js';

/** Arabic strings of the admin's modification requests tab: the office's review of parents' requests. */
export const modificationRequests: CatalogOf<typeof enModificationRequests> = {
  title: 'طلبات التعديل',
  filter: 'عرض الطلبات',
  filters: {
    all: 'الكل',
    pending: 'بانتظار المراجعة ({{count}})',
    approved: 'الموافق عليها',
    rejected: 'المرفوضة',
  },
  total: 'المعروض: {{count}}',
  empty: {
    all: 'لا توجد طلبات تعديل بعد.',
    pending: 'لا توجد طلبات تعديل بانتظار المراجعة. تمت معالجة كل الطلبات.',
    approved: 'لا توجد طلبات موافق عليها.',
    rejected: 'لا توجد طلبات مرفوضة.',
  },
  card: {
    label: 'طلب تعديل بيانات {{name}}',
    student: '{{name}} · {{id}}',
    school: 'المدرسة: {{school}}',
    parent: 'ولي الأمر: {{name}}',
    callParent: 'الاتصال بـ{{name}} على الرقم {{phone}}',
    noPhone: 'لا يوجد رقم هاتف',
    requestedOn: 'تاريخ الطلب: {{date}}',
    decided: '{{status}} بواسطة {{name}} في {{date}}',
    decidedUnknown: '{{status}} في {{date}}',
    changedCount_one: 'تغيّر حقل واحد',
    changedCount_other: 'عدد الحقول المتغيّرة: {{count}}',
    conflict:
      'تغيّرت بيانات الطالب منذ تقديم هذا الطلب ({{fields}}). الموافقة عليه ستستبدل القيم الأحدث، لذا لا يمكن الموافقة عليه: ارفضه واطلب من ولي الأمر إرسال طلب جديد.',
    note: 'ملاحظة لولي الأمر: {{note}}',
  },
  actions: {
    approve: 'موافقة',
    reject: 'رفض',
    approveLabel: 'الموافقة على طلب {{name}}',
    rejectLabel: 'رفض طلب {{name}}',
  },
  decide: {
    approveTitle: 'الموافقة على هذا التعديل؟',
    rejectTitle: 'رفض هذا التعديل؟',
    approveText: 'ستُحدَّث بيانات {{name}} بالقيم المطلوبة.',
    rejectText: 'ستبقى بيانات {{name}} كما هي.',
    note: 'ملاحظة لولي الأمر (اختيارية)',
    noteHint: 'تظهر لولي الأمر مع القرار.',
    confirmApprove: 'موافقة',
    confirmReject: 'رفض',
    cancel: 'إلغاء',
    approved: 'تمت الموافقة على الطلب',
    rejected: 'تم رفض الطلب',
    failed: 'لم يُحفظ القرار',
  },
};
