import { GRADES } from '@school-transport/contracts';
import i18n from './index.js';

/** Grades named in words (the numbered ones read the same in every language). */
const NAMED_GRADES = new Set<string>(['Nursery', 'KG1', 'KG2']);

/** A grade as the screen's language names it: 'KG2' → 'KG2' / 'الروضة الثانية'; '5' stays '5'. */
export function gradeLabel(grade: string): string {
  return NAMED_GRADES.has(grade) ? i18n.t(`grades.${grade as 'KG1'}`) : grade;
}

/** The grade choices of a form: the contract's values, labelled in the screen's language. */
export function gradeOptions(): { value: string; label: string }[] {
  return GRADES.map((value) => ({ value, label: gradeLabel(value) }));
}
