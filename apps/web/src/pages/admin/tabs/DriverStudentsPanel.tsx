import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { DriverStudentList } from '../../../components/DriverStudentList/DriverStudentList.js';
import { ListState } from './ListState.js';

/** The admin's read-only view of one driver's list: the driver's own screen, loaded only when opened. */
export function DriverStudentsPanel({ driverId }: { driverId: string }) {
  const list = useQuery({ ...trpc.admin.drivers.students.queryOptions({ id: driverId }), ...ADMIN_LIST_QUERY });
  return (
    <ListState query={list}>
      {list.data && <DriverStudentList students={list.data.students} driverName={list.data.driver.name} readOnly />}
    </ListState>
  );
}
