import { describe, expect, it } from 'vitest';
import { shownRun } from './shown-run.js';

const morning = { id: 'm', name: 'Morning' };
const kg = { id: 'kg', name: 'Afternoon – KG' };
const afternoon = { id: 'a', name: 'Afternoon' };

describe('shownRun', () => {
  it('shows the run the office picked', () => {
    expect(shownRun([morning, kg, afternoon], 'kg')).toBe(kg);
  });

  it('shows the bus’s first run when none is picked, or the one picked is not this bus’s', () => {
    expect(shownRun([morning, kg, afternoon], null)).toBe(morning);
    expect(shownRun([morning, afternoon], 'kg')).toBe(morning);
  });

  it('shows nothing for a bus without runs', () => {
    expect(shownRun([], 'kg')).toBeNull();
  });
});
