import { describe, expect, it } from 'vitest';
import { upcomingAbsences } from './upcoming-absences.js';

describe('a student’s upcoming absences', () => {
  it('keeps the student’s own absences that end today or later, soonest first', () => {
    const absences = [
      { id: 'later', studentId: 's1', from: '2026-12-08', to: '2026-12-09' },
      { id: 'past', studentId: 's1', from: '2026-11-20', to: '2026-11-25' },
      { id: 'under-way', studentId: 's1', from: '2026-11-24', to: '2026-11-26' },
      { id: 'sibling', studentId: 's2', from: '2026-12-01', to: '2026-12-01' },
      { id: 'tomorrow', studentId: 's1', from: '2026-11-27', to: '2026-11-27' },
    ];
    expect(upcomingAbsences(absences, 's1', '2026-11-26').map((absence) => absence.id)).toEqual(['under-way', 'tomorrow', 'later']);
  });
});
