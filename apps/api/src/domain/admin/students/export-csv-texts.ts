import type { Language, PaymentStatus, ServiceType } from '@school-transport/contracts';

/** The export's columns, by what each holds. */
export type CsvColumn =
  | 'automatedId'
  | 'firstName'
  | 'fathersName'
  | 'lastName'
  | 'grade'
  | 'class'
  | 'studentSchoolId'
  | 'school'
  | 'area'
  | 'roundabout'
  | 'serviceType'
  | 'driver'
  | 'payment'
  | 'price'
  | 'parentName'
  | 'parentEmail'
  | 'parentPhone'
  | 'contactNumber1'
  | 'contactNumber2'
  | 'block'
  | 'road'
  | 'houseBuilding'
  | 'flatHome'
  | 'address'
  | 'address2'
  | 'registered';

interface CsvTexts {
  headers: Record<CsvColumn, string>;
  services: Record<ServiceType, string>;
  payment: Record<PaymentStatus, string>;
  unassigned: string;
}

/**
 * The words the server writes into the students CSV, in the language of the admin who downloads
 * it (the screens' words for the same columns, apps/web/src/i18n/{en,ar}/students.ts).
 */
export const CSV_TEXTS: Record<Language, CsvTexts> = {
  en: {
    headers: {
      automatedId: 'Student ID',
      firstName: 'First Name',
      fathersName: "Father's Name",
      lastName: 'Last Name',
      grade: 'Grade',
      class: 'Class',
      studentSchoolId: 'Student School ID',
      school: 'School',
      area: 'Area',
      roundabout: 'Roundabout',
      serviceType: 'Service Type',
      driver: 'Driver',
      payment: 'Payment',
      price: 'Price (BHD)',
      parentName: 'Parent Name',
      parentEmail: 'Parent Email',
      parentPhone: 'Parent Phone',
      contactNumber1: 'Primary Contact',
      contactNumber2: 'Contact 2',
      block: 'Block',
      road: 'Road',
      houseBuilding: 'House/Building',
      flatHome: 'Flat/Home',
      address: 'Address',
      address2: 'Address 2',
      registered: 'Registered',
    },
    services: { HOME_TO_SCHOOL: 'Home → School', SCHOOL_TO_HOME: 'School → Home', BOTH: 'Both Ways' },
    payment: { paid: 'Paid', unpaid: 'Pending' },
    unassigned: 'Unassigned',
  },
  ar: {
    headers: {
      automatedId: 'رقم الطالب',
      firstName: 'الاسم الأول',
      fathersName: 'اسم الأب',
      lastName: 'اسم العائلة',
      grade: 'الصف',
      class: 'الشعبة',
      studentSchoolId: 'الرقم المدرسي للطالب',
      school: 'المدرسة',
      area: 'المنطقة',
      roundabout: 'الدوّار',
      serviceType: 'نوع الخدمة',
      driver: 'السائق',
      payment: 'الدفع',
      price: 'الرسوم (د.ب.)',
      parentName: 'اسم ولي الأمر',
      parentEmail: 'البريد الإلكتروني لولي الأمر',
      parentPhone: 'هاتف ولي الأمر',
      contactNumber1: 'رقم التواصل الأساسي',
      contactNumber2: 'رقم التواصل 2',
      block: 'المجمع',
      road: 'الطريق',
      houseBuilding: 'المنزل/المبنى',
      flatHome: 'الشقة/المنزل',
      address: 'العنوان',
      address2: 'العنوان 2',
      registered: 'تاريخ التسجيل',
    },
    services: { HOME_TO_SCHOOL: 'من المنزل إلى المدرسة', SCHOOL_TO_HOME: 'من المدرسة إلى المنزل', BOTH: 'ذهابًا وإيابًا' },
    payment: { paid: 'مدفوع', unpaid: 'بانتظار الدفع' },
    unassigned: 'غير معيّن',
  },
};
