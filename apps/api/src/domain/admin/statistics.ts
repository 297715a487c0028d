import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { BUSINESS_UTC_OFFSET_HOURS, formatMoney, type AdminStatistics, type StatisticsGroup } from '@school-transport/contracts';

const OFFSET_MS = BUSINESS_UTC_OFFSET_HOURS * 3_600_000;

/** The first instant of the calendar month `monthsBack` months before the one `now` falls in, Bahrain time. */
export function businessMonthStart(now: Date, monthsBack = 0): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - OFFSET_MS);
}

/** The first instant of a Bahrain day given as YYYY-MM-DD, `daysLater` days on. */
export function businessDayStart(day: string, daysLater = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + daysLater) - OFFSET_MS);
}

function businessDay(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Money in fils-free cents (the prices have 2 decimals), so sums never pass through floats. */
const toCents = (value: string | null | undefined) => {
  const [whole = '0', fraction = '00'] = formatMoney(value ?? '0').split('.');
  return BigInt(whole) * 100n + BigInt(fraction);
};
const fromCents = (cents: bigint) => `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;

/** Growth against last month, one decimal; no base (nobody registered last month) is null, not a made-up 100 %. */
export function growthPercent(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

/** One cell of the aggregate: students sharing an area, school, driver and payment status. */
interface Cell {
  areaId: string;
  schoolId: string;
  driverId: string | null;
  paymentStatus: string;
  students: string | number;
  revenue: string | null;
  /** Of them, registered this month and last month. */
  thisMonth: string | number;
  lastMonth: string | number;
}

/**
 * Every figure comes from ONE pass over the students not deleted: a GROUP BY on area, school,
 * driver and payment status. Its rows are few (the combinations that occur, not the students),
 * and the totals and breakdowns are added up from them here. One scan keeps the cost flat as the
 * screen gains breakdowns. The registration months are counted with FILTER rather than grouped
 * by: a fifth key, an expression the planner cannot estimate, made it expect a group per student
 * and sort 100,000 rows on disk instead of hashing a few thousand groups (twice as slow).
 */
function studentCellsQuery(now: Date) {
  const thisMonth = businessMonthStart(now);
  const lastMonth = businessMonthStart(now, 1);
  return sql<Cell>`
    SELECT area_id, school_id, driver_id, payment_status,
      count(*) AS students, sum(price_bhd) AS revenue,
      count(*) FILTER (WHERE created_at >= ${thisMonth}) AS this_month,
      count(*) FILTER (WHERE created_at >= ${lastMonth} AND created_at < ${thisMonth}) AS last_month
    FROM students
    WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4`;
}

/** A cell's numbers read once (a hundred thousand students make a few thousand cells, each added up four times). */
interface Counted {
  areaId: string;
  schoolId: string;
  driverId: string | null;
  paid: boolean;
  students: number;
  cents: bigint;
  thisMonth: number;
  lastMonth: number;
}

function counted(cell: Cell): Counted {
  return {
    areaId: cell.areaId,
    schoolId: cell.schoolId,
    driverId: cell.driverId,
    paid: cell.paymentStatus === 'paid',
    students: Number(cell.students),
    cents: toCents(cell.revenue),
    thisMonth: Number(cell.thisMonth),
    lastMonth: Number(cell.lastMonth),
  };
}

async function studentCells(db: Kysely<Database>, now: Date): Promise<Counted[]> {
  return (await studentCellsQuery(now).execute(db)).rows.map(counted);
}

/** The queries behind readStatistics (the benchmark's floor runs the same SQL). */
export function statisticsQueries(db: Kysely<Database>, now = new Date()) {
  return {
    cells: studentCellsQuery(now),
    areas: db.selectFrom('areas').select(['id', 'name', 'active']),
    schools: db.selectFrom('schools').select(['id', 'name', 'active']),
    drivers: db.selectFrom('drivers').select(['id', 'name', sql<boolean>`status = 'active'`.as('active')]),
  };
}

interface Tally {
  students: number;
  paid: number;
  cents: bigint;
}

const emptyTally = (): Tally => ({ students: 0, paid: 0, cents: 0n });

function add(tally: Tally, cell: Counted): void {
  tally.students += cell.students;
  if (cell.paid) tally.paid += cell.students;
  tally.cents += cell.cents;
}

function totalsOf(cells: Counted[], now: Date) {
  const all = emptyTally();
  let paidCents = 0n;
  let unassigned = 0;
  let thisMonth = 0;
  let lastMonth = 0;
  for (const cell of cells) {
    add(all, cell);
    if (cell.paid) paidCents += cell.cents;
    if (cell.driverId === null) unassigned += cell.students;
    thisMonth += cell.thisMonth;
    lastMonth += cell.lastMonth;
  }
  return {
    totalStudents: all.students,
    paidStudents: all.paid,
    unpaidStudents: all.students - all.paid,
    unassignedStudents: unassigned,
    monthlyRevenue: fromCents(all.cents),
    paidRevenue: fromCents(paidCents),
    pendingRevenue: fromCents(all.cents - paidCents),
    studentsThisMonth: thisMonth,
    studentsLastMonth: lastMonth,
    thisMonthStart: businessDay(businessMonthStart(now)),
    lastMonthStart: businessDay(businessMonthStart(now, 1)),
  };
}

interface Reference {
  id: string;
  name: string;
  active: boolean;
}

/**
 * One breakdown: each area, school or driver with its students' figures. Inactive ones without
 * students are left out (nothing to show); active ones with none show as 0. Most students first.
 */
function breakdown(references: Reference[], cells: Counted[], keyOf: (cell: Counted) => string | null): StatisticsGroup[] {
  const tallies = new Map<string, Tally>();
  for (const cell of cells) {
    const key = keyOf(cell);
    if (key === null) continue;
    const tally = tallies.get(key) ?? emptyTally();
    add(tally, cell);
    tallies.set(key, tally);
  }
  return references
    .map((reference) => {
      const tally = tallies.get(reference.id) ?? emptyTally();
      return {
        id: reference.id,
        name: reference.name,
        active: reference.active,
        students: tally.students,
        paidStudents: tally.paid,
        monthlyRevenue: fromCents(tally.cents),
      };
    })
    .filter((group) => group.active || group.students > 0)
    .sort((a, b) => b.students - a.students || a.name.localeCompare(b.name));
}

/** The student totals the dashboard cards and the statistics share. */
export async function studentTotals(db: Kysely<Database>, now = new Date()) {
  return totalsOf(await studentCells(db, now), now);
}

/**
 * The Analytics tab's figures, straight from the data: the one aggregate pass over the students,
 * and the (small) lists of areas, schools and drivers to name the groups.
 */
export async function readStatistics(db: Kysely<Database>, now = new Date()): Promise<AdminStatistics> {
  const queries = statisticsQueries(db, now);
  const [cells, areas, schools, drivers] = await Promise.all([
    queries.cells.execute(db).then((result) => result.rows.map(counted)),
    queries.areas.execute(),
    queries.schools.execute(),
    queries.drivers.execute(),
  ]);
  const totals = totalsOf(cells, now);
  const bySchool = breakdown(schools, cells, (cell) => cell.schoolId);
  const byDriver = breakdown(drivers, cells, (cell) => cell.driverId);
  return {
    ...totals,
    schools: bySchool.filter((school) => school.active).length,
    drivers: byDriver.filter((driver) => driver.active).length,
    growthPercent: growthPercent(totals.studentsThisMonth, totals.studentsLastMonth),
    byArea: breakdown(areas, cells, (cell) => cell.areaId),
    bySchool,
    byDriver,
  };
}
