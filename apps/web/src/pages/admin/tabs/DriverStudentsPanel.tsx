import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminDriver } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { DriverStudentList } from '../../../components/DriverStudentList/DriverStudentList.js';
import { ListState } from './ListState.js';
import { RunSeats } from '../../../components/Seats/RunSeats.js';
import { runsOf } from '../../../components/Seats/driver-runs.js';

/**
 * The admin's read-only view of one driver's list: the driver's own screen, loaded only when
 * opened, under the riders of each run against the bus's seats.
 */
export function DriverStudentsPanel({ driver }: { driver: AdminDriver }) {
  const list = useQuery({ ...trpc.admin.drivers.students.queryOptions({ id: driver.id }), ...ADMIN_LIST_QUERY });
  return (
    <Stack>
      <RunSeats runs={runsOf(driver)} />
      <ListState query={list}>{list.data && <DriverStudentList students={list.data.students} driverName={list.data.driver.name} readOnly />}</ListState>
    </Stack>
  );
}
