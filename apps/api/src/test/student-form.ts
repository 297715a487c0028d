import type { AdminStudent } from '@school-transport/contracts';

/** The whole edit form of a student, as the dialog sends it. */
export function formOf(student: AdminStudent): Record<string, unknown> {
  return {
    firstName: student.firstName,
    fathersName: student.fathersName,
    lastName: student.lastName,
    grade: student.grade,
    class: student.class ?? '',
    studentSchoolId: student.studentSchoolId,
    schoolId: student.schoolId,
    areaId: student.areaId,
    roundabout: student.roundabout ?? '',
    serviceType: student.serviceType,
    contactNumber1: student.contactNumber1,
    contactNumber2: student.contactNumber2 ?? '',
    address: student.address,
    address2: student.address2 ?? '',
    flatHome: student.flatHome ?? '',
    houseBuilding: student.houseBuilding,
    road: student.road,
    block: student.block,
    priceBhd: student.priceBhd,
    paymentStatus: student.paymentStatus,
    driverId: student.driverId ?? 'none',
  };
}
