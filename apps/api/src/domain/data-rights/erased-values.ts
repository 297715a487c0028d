/**
 * What an erased family's personal data is replaced with: one source for the erasure, the outbox
 * worker (which erases the recipient of the family's last message once delivered) and the tests.
 */
export const ERASED_RECIPIENT = 'erased';
export const ERASED_FAMILY_LAST_MESSAGE = 'data_erased';

/** 'Erased family 1042': the name that stands where the family's names were, on the records kept. */
export const erasedFamilyName = (familyNumber: string) => `Erased family ${familyNumber}`;
