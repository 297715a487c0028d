import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';
import type { ModificationStatus, PaymentStatus, Role, ServiceType, UserStatus } from '@school-transport/contracts';

/**
 * The typed shape of every table (spec section 3). Columns are snake_case in PostgreSQL and
 * camelCase here: the CamelCasePlugin translates. Money is numeric(10,2) and reads as a string.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  passwordHash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  name: string;
  phone: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ParentsTable {
  id: Generated<string>;
  userId: string;
  whatsappNumber: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SchoolsTable {
  id: Generated<string>;
  schoolCode: string;
  name: string;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface AreasTable {
  /** Readable ids allocated by the database: area-001, area-002, ... */
  id: Generated<string>;
  name: string;
  price: ColumnType<string, string | undefined, string>;
  /** Null or 0: the area offers no roundabout choice. */
  roundaboutCount: number | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DriversTable {
  id: Generated<string>;
  userId: string;
  name: string;
  phone: string;
  licenseNo: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  areaIds: JSONColumnType<string[], string, string>;
  vehiclePlate: string | null;
  vehicleSeats: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TermsTable {
  id: Generated<string>;
  version: number;
  content: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  effectiveFrom: Date | null;
  createdAt: CreatedAt;
}

export interface StudentsTable {
  id: Generated<string>;
  /** Readable, sequential, allocated by the database: STU-2026-00042. */
  automatedId: Generated<string>;
  schoolId: string;
  firstName: string;
  fathersName: string;
  lastName: string;
  grade: string;
  class: string | null;
  studentSchoolId: string;
  contactNumber1: string;
  contactNumber2: string | null;
  serviceType: ServiceType;
  priceBhd: Money;
  areaId: string;
  roundabout: number | null;
  address: string;
  address2: string | null;
  flatHome: string | null;
  houseBuilding: string;
  road: string;
  block: string;
  driverId: string | null;
  locationLink: string | null;
  paymentStatus: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  parentId: string;
  termsVersionId: string | null;
  termsAcceptedAt: Date | null;
  termsIp: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ModificationRequestsTable {
  id: Generated<string>;
  studentId: string;
  parentId: string;
  payloadOld: JSONColumnType<Record<string, unknown>, string, string>;
  payloadNew: JSONColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<ModificationStatus, ModificationStatus | undefined, ModificationStatus>;
  adminNote: string | null;
  decidedBy: string | null;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

export interface NotificationsTable {
  id: Generated<string>;
  recipientType: 'email' | 'sms';
  recipient: string;
  templateKey: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  errorMsg: string | null;
  createdAt: CreatedAt;
}

export interface SettingsTable {
  id: Generated<number>;
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: UpdatedAt;
}

export interface AuditLogsTable {
  id: Generated<string>;
  actorUserId: string | null;
  entityType: string;
  entityId: string;
  action: string;
  diff: JSONColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
  createdAt: CreatedAt;
}

export interface SessionsTable {
  sid: string;
  sess: JSONColumnType<Record<string, unknown>, string, string>;
  expire: Date;
}

export interface Database {
  users: UsersTable;
  parents: ParentsTable;
  schools: SchoolsTable;
  areas: AreasTable;
  drivers: DriversTable;
  terms: TermsTable;
  students: StudentsTable;
  modificationRequests: ModificationRequestsTable;
  notifications: NotificationsTable;
  settings: SettingsTable;
  auditLogs: AuditLogsTable;
  sessions: SessionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type School = Selectable<SchoolsTable>;
export type Area = Selectable<AreasTable>;
export type Driver = Selectable<DriversTable>;
export type Terms = Selectable<TermsTable>;
export type Student = Selectable<StudentsTable>;
export type NewStudent = Insertable<StudentsTable>;
export type StudentUpdate = Updateable<StudentsTable>;
export type AuditLog = Selectable<AuditLogsTable>;
