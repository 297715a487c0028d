import { MESSAGES } from '@school-transport/contracts';

/**
 * Text a database cannot keep as sent: U+0000 (PostgreSQL text cannot hold it; the embedded
 * database can), or half of a surrogate pair (no character at all: PostgreSQL's jsonb refuses it
 * and a text column would silently store U+FFFD instead). Answers the message, or undefined.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return MESSAGES.nullCharacter;
  if (LONE_SURROGATE.test(text)) return MESSAGES.brokenCharacter;
  return undefined;
}

/** The first unstorable text in a value from outside, in any string or key. */
export function findUnstorableText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorableText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnstorableText(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  // Uploaded file bytes are not text. (Query strings arrive as objects of their own prototype.)
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableText(key) ?? findUnstorableText(item, depth + 1);
    if (found) return found;
  }
  return undefined;
}
