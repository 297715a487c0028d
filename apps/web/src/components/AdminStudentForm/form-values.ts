import type { AdminStudent, PaymentStatus, ServiceType } from '@school-transport/contracts';

/** The Add/Edit Student form's values: what the inputs hold (strings), checked by the shared contract. */
export interface StudentFormValues {
  firstName: string;
  fathersName: string;
  lastName: string;
  grade: string;
  class: string;
  studentSchoolId: string;
  schoolId: string;
  areaId: string;
  roundabout: string;
  serviceType: ServiceType;
  contactNumber1: string;
  contactNumber2: string;
  block: string;
  road: string;
  houseBuilding: string;
  flatHome: string;
  address: string;
  address2: string;
  locationLink: string;
  priceBhd: string;
  paymentStatus: PaymentStatus;
  /** 'none' or a driver's id ('none' is sent as null). */
  driverId: string;
  /** The run the child rides each way, placed by hand: 'none' (sent as null) rides by school. Edit only. */
  morningRunId: string;
  afternoonRunId: string;
  /** 'none' (sent as null): home on the morning's bus; else the bus home. Edit only. */
  afternoonDriverId: string;
  parent: { kind: 'existing' | 'new'; emailOrPhone: string; name: string; email: string; phone: string; password: string };
}

export function valuesOf(student: AdminStudent | null): StudentFormValues {
  return {
    firstName: student?.firstName ?? '',
    fathersName: student?.fathersName ?? '',
    lastName: student?.lastName ?? '',
    grade: student?.grade ?? '',
    class: student?.class ?? '',
    studentSchoolId: student?.studentSchoolId ?? '',
    schoolId: student?.schoolId ?? '',
    areaId: student?.areaId ?? '',
    roundabout: student?.roundabout ? String(student.roundabout) : '',
    serviceType: student?.serviceType ?? 'BOTH',
    contactNumber1: student?.contactNumber1 ?? '',
    contactNumber2: student?.contactNumber2 ?? '',
    block: student?.block ?? '',
    road: student?.road ?? '',
    houseBuilding: student?.houseBuilding ?? '',
    flatHome: student?.flatHome ?? '',
    address: student?.address ?? '',
    address2: student?.address2 ?? '',
    locationLink: student?.locationLink ?? '',
    priceBhd: student?.priceBhd ?? '',
    paymentStatus: student?.paymentStatus ?? 'unpaid',
    driverId: student?.driverId ?? 'none',
    morningRunId: student?.morningRunId ?? 'none',
    afternoonRunId: student?.afternoonRunId ?? 'none',
    afternoonDriverId: student?.afternoonDriverId ?? 'none',
    parent: { kind: 'existing', emailOrPhone: '', name: '', email: '', phone: '', password: '' },
  };
}

/** The edit form as the server takes it (no parent part). */
export function editPayload(values: StudentFormValues) {
  const { parent: _parent, ...rest } = values;
  return rest;
}

/** Add Student's form as the server takes it: a new child rides by school on one bus (placing by hand is an edit). */
export function createPayload(values: StudentFormValues) {
  const { morningRunId: _morning, afternoonRunId: _afternoon, afternoonDriverId: _home, ...rest } = values;
  return rest;
}
