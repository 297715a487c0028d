import { changedModificationFields, MODIFICATION_FIELDS, requestedPayload, type ModificationPayload } from '@school-transport/contracts';

type StudentValues = { [K in keyof ModificationPayload]: K extends 'class' ? string | null : ModificationPayload[K] };

/** The student's current values of the fields a modification request is about. */
export function payloadOfStudent(student: StudentValues): ModificationPayload {
  const payload = {} as Record<string, unknown>;
  for (const field of MODIFICATION_FIELDS) payload[field] = student[field] ?? null;
  return payload as unknown as ModificationPayload;
}

/** A stored payload read back; a field missing from an old row reads as null. */
export function storedPayload(value: Record<string, unknown>): ModificationPayload {
  return payloadOfStudent(value as unknown as StudentValues);
}

export { changedModificationFields, requestedPayload };
