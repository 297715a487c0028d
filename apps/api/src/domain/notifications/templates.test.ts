import { describe, expect, it } from 'vitest';
import { companySettings } from '@school-transport/contracts';
import { renderMessage } from './templates.js';

const settings = companySettings.parse({});
const render = (templateKey: string, payload: unknown, language: 'en' | 'ar') => renderMessage(templateKey, payload, { language, settings }).text;

describe("the school day's messages", () => {
  it("give the time on Bahrain's clock, in the family's language", () => {
    const boarded = { studentName: 'Ali Hasan', run: 'morning', at: '2026-12-01T03:42:00.000Z' };
    expect(render('student_boarded', boarded, 'en')).toBe('Ali Hasan boarded the morning bus at 06:42.');
    expect(render('student_boarded', boarded, 'ar')).toBe('صعد Ali Hasan إلى حافلة الصباح الساعة 06:42.');
  });

  it('say where a child was dropped: at school in the morning, at home in the afternoon', () => {
    expect(render('student_dropped', { studentName: 'Ali Hasan', run: 'morning', at: '2026-12-01T04:15:00.000Z', schoolName: 'Zahra School' }, 'en')).toBe(
      'Ali Hasan was dropped off at Zahra School at 07:15.',
    );
    expect(render('student_dropped', { studentName: 'Ali Hasan', run: 'afternoon', at: '2026-12-01T11:05:00.000Z', schoolName: 'Zahra School' }, 'en')).toBe(
      'Ali Hasan was dropped off at home at 14:05.',
    );
  });

  it("tell the family of a no-show and a return to school with the driver's phone, and the office of an overdue run", () => {
    expect(
      render(
        'student_no_show',
        { studentName: 'Ali Hasan', run: 'morning', at: '2026-12-01T03:20:00.000Z', driverName: 'Hamad', driverPhone: '36001122' },
        'en',
      ),
    ).toContain('was not at the morning bus at 06:20');
    expect(
      render(
        'student_returned_to_school',
        { studentName: 'Ali Hasan', at: '2026-12-01T11:20:00.000Z', schoolName: 'Zahra School', driverName: 'Hamad', driverPhone: '36001122' },
        'ar',
      ),
    ).toContain('Zahra School');
    const overdue = render(
      'run_overdue',
      { driverName: 'Hamad', driverPhone: '36001122', run: 'afternoon', date: '2026-12-01', studentNames: ['Ali Hasan', 'Sara Ali'] },
      'en',
    );
    expect(overdue).toMatch(/^Run overdue: driver Hamad \(36001122\) has not ended the afternoon run of .*2026/);
    expect(overdue).toContain('2 children are still marked on the bus: Ali Hasan, Sara Ali.');
  });
});
