/**
 * Answers that repeat a write already made (the same mark sent again from the phone): the REST
 * path answers them 200 instead of 201, with the very same body, so the wire carries no extra field.
 */
const replayed = new WeakSet<object>();

export function asReplayed<T extends object>(answer: T): T {
  replayed.add(answer);
  return answer;
}

export function isReplayed(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && replayed.has(answer);
}
