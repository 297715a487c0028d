/**
 * Bahrain numbers in E.164 (+973 and 8 digits), as SMS and WhatsApp gateways want them. The product
 * stores 8 digits; numbers already written with 973, +973 or 00973 are kept as that number.
 * Answers null for anything else, so the message fails with a clear error instead of going astray.
 */
export function toBahrainE164(phone: string): string | null {
  const digits = phone.replace(/[\s\-().]/g, '');
  const match = /^(?:\+973|00973|973)?(\d{8})$/.exec(digits);
  return match ? `+973${match[1]}` : null;
}

/**
 * A Bahrain number as `+973****0001`: the country code and the last 4 digits, enough to tell
 * numbers apart in a log without the log holding parents' phone numbers.
 */
export function maskPhone(phone: string): string {
  return `+973****${phone.replace(/\D/g, '').slice(-4)}`;
}

/**
 * Every Bahrain phone number in a text (8 digits, or with 973, +973 or 00973 before them) masked
 * as maskPhone does. Digits that are part of a longer number (an IBAN, a receipt) are left alone.
 */
export function maskPhoneNumbers(text: string): string {
  return text.replace(/(?<![\d+])(?:\+973|00973|973)?\d{8}(?!\d)/g, maskPhone);
}
