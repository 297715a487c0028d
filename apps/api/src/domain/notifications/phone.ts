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
