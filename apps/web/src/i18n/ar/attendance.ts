import type { CatalogOf } from '../catalog.js';
import type { attendance as en } from '../en/attendance.js';

export const attendance: CatalogOf<typeof en> = {
  tab: 'الحضور',
  title: 'الحضور',
  intro: 'لشهر: أيام الدراسة التي قُدّمت فيها الخدمة حتى الآن، ولكل رحلة عدد الرحلات والغياب المُبلغ عنه وعدم الحضور.',
  month: 'الشهر',
  schoolDays_one: '{{month}}: يوم دراسة واحد بخدمة حتى الآن',
  schoolDays_other: '{{month}}: {{count}} من أيام الدراسة بخدمة حتى الآن',
  perSchool: 'حسب المدرسة',
  perStudent: 'حسب الطالب',
  downloadStudents: 'تنزيل حسب الطالب (CSV)',
  downloadSchools: 'تنزيل حسب المدرسة (CSV)',
  empty: 'لا يوجد طلاب.',
  columns: {
    student: 'الطالب',
    school: 'المدرسة',
    driver: 'السائق',
    students: 'الطلاب',
    rides: 'الرحلات',
    absences: 'الغياب',
    noShows: 'عدم الحضور',
    morning: 'الصباح',
    afternoon: 'الظهر',
  },
  figures: 'الرحلات {{rides}} · الغياب {{absences}} · عدم الحضور {{noShows}}',
  notRidden: '—',
  unassigned: 'غير معيّن',
};
