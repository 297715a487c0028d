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

/** An email address as `***@example.com`: its domain alone, for a log that keeps no one's address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return `***${at >= 0 ? address.slice(at) : ''}`;
}
