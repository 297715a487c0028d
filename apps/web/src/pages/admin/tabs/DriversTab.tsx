import { lazy, Suspense, useState } from 'react';
import { Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminAttendant, AdminDriver } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { DriverFormModal } from '../../../components/AdminDriverForm/DriverFormModal.js';
import { refreshAdminData, useAreas, useAttendants, useDrivers } from '../../../queries/admin-queries.js';
import { useCan } from '../../../auth/permissions.js';
import { ListState } from './ListState.js';
import { EntityRowActions, EntityTabHeader, StatusBadge } from './EntityTab.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { AdminDialog } from '../../../components/AdminDialog/AdminDialog.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { RunSeats } from '../../../components/Seats/RunSeats.js';
import { runsOf } from '../../../components/Seats/driver-runs.js';

const AttendantFormModal = lazy(() => import('../../../components/AdminAttendantForm/AttendantFormModal.js').then((m) => ({ default: m.AttendantFormModal })));
const DriverStudentsPanel = lazy(() => import('./DriverStudentsPanel.js').then((m) => ({ default: m.DriverStudentsPanel })));
const BusRunsPanel = lazy(() => import('./runs/BusRunsPanel.js').then((m) => ({ default: m.BusRunsPanel })));

/** Drivers: sign-in phone, license, vehicle, riders of each run against its seats and the bus's Runs dialog, the bus's attendant (Crew), areas served; add, edit (password reset), deactivate. */
export function DriversTab() {
  const { t } = useTranslation('admin');
  const { t: td } = useTranslation('driver');
  const { t: tr } = useTranslation('routes');
  /** The bus whose Runs dialog is open. */
  const [runsOfBus, setRunsOfBus] = useState<AdminDriver | null>(null);
  const [viewing, setViewing] = useState<AdminDriver | null>(null);
  const drivers = useDrivers();
  const areas = useAreas();
  const [editing, setEditing] = useState<AdminDriver | null | undefined>(undefined);
  const attendants = useAttendants();
  const canManage = useCan()('catalog.manage');
  /** The attendant dialog: opened from a bus's row, with its attendant or none yet. */
  const [crewOf, setCrewOf] = useState<{ driverId: string; attendant: AdminAttendant | null } | null>(null);
  const attendantOf = (driverId: string) => attendants.data?.attendants.find((attendant) => attendant.driverId === driverId) ?? null;
  const setStatus = useMutation(trpc.admin.drivers.update.mutationOptions());
  const all = drivers.data?.drivers ?? [];
  const areaList = areas.data?.areas ?? [];
  const areaName = (id: string) => areaList.find((area) => area.id === id)?.name ?? id;

  const toggleStatus = (driver: AdminDriver) => {
    const status = driver.status === 'active' ? 'inactive' : 'active';
    return runAdminChange(
      () => setStatus.mutateAsync({ id: driver.id, name: driver.name, phone: driver.phone, licenseNo: driver.licenseNo, status }),
      {
        success: () => ({ title: status === 'inactive' ? t('drivers.deactivated') : t('drivers.reactivated'), message: driver.name }),
        failure: t('drivers.saveFailed'),
      },
      { after: refreshAdminData },
    );
  };

  return (
    <Stack>
      <EntityTabHeader title={t('drivers.title')} addLabel={t('drivers.add')} onAdd={() => setEditing(null)} total={all.length} />
      <ListState query={drivers}>
        {all.length === 0 ? (
          <Text c="dimmed">{t('drivers.empty')}</Text>
        ) : (
          <TableScrollRegion label={t('drivers.title')} minWidth={1200} pinLastColumn>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('drivers.name')}</Table.Th>
                  <Table.Th>{t('drivers.phone')}</Table.Th>
                  <Table.Th>{t('drivers.licenseNo')}</Table.Th>
                  <Table.Th>{t('drivers.vehicle')}</Table.Th>
                  <Table.Th>{t('seats.column')}</Table.Th>
                  <Table.Th>{t('crew.column')}</Table.Th>
                  <Table.Th>{t('drivers.areas')}</Table.Th>
                  <Table.Th>{t('common.students')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {all.map((driver) => {
                  const attendant = attendantOf(driver.id);
                  const vehicle = [driver.vehicle.plate, driver.vehicle.seats ? t('drivers.seats', { count: driver.vehicle.seats }) : null]
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <Table.Tr key={driver.id}>
                      <Table.Td>{driver.name}</Table.Td>
                      <Table.Td>{driver.phone}</Table.Td>
                      <Table.Td>{driver.licenseNo}</Table.Td>
                      <Table.Td>{vehicle || t('common.none')}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <RunSeats runs={runsOf(driver)} />
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setRunsOfBus(driver)}
                            aria-label={tr('plannedRuns.openLabel', { driver: driver.name })}
                          >
                            {tr('plannedRuns.open')}
                          </Button>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" data-testid="crew">
                          <Text span size="sm" c={attendant ? undefined : 'dark.6'}>
                            {attendant ? t('crew.attendant', { name: attendant.name }) : t('crew.none')}
                          </Text>
                          {canManage && (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => setCrewOf({ driverId: driver.id, attendant })}
                              aria-label={
                                attendant ? t('crew.changeLabel', { name: attendant.name, driver: driver.name }) : t('crew.addLabel', { driver: driver.name })
                              }
                            >
                              {attendant ? t('crew.change') : t('crew.add')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{driver.areaIds.length > 0 ? driver.areaIds.map(areaName).join(', ') : t('common.none')}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text span>{driver.studentCount}</Text>
                          <Button size="xs" variant="light" onClick={() => setViewing(driver)} aria-label={td('admin.studentsLabel', { name: driver.name })}>
                            {td('admin.studentsButton')}
                          </Button>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge active={driver.status === 'active'} />
                      </Table.Td>
                      <Table.Td>
                        <EntityRowActions
                          name={driver.name}
                          active={driver.status === 'active'}
                          onEdit={() => setEditing(driver)}
                          onToggle={() => void toggleStatus(driver)}
                          pending={setStatus.isPending}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </ListState>
      <AdminDialog
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? td('admin.modalTitle', { name: viewing.name }) : ''}
        size="min(1200px, 96vw)"
      >
        {viewing && (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            <DriverStudentsPanel driver={drivers.data?.drivers.find((driver) => driver.id === viewing.id) ?? viewing} />
          </Suspense>
        )}
      </AdminDialog>
      <AdminDialog
        opened={runsOfBus !== null}
        onClose={() => setRunsOfBus(null)}
        title={runsOfBus ? tr('plannedRuns.title', { driver: runsOfBus.name }) : ''}
        size="lg"
      >
        {runsOfBus && (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            <BusRunsPanel driver={runsOfBus} />
          </Suspense>
        )}
      </AdminDialog>
      {crewOf && (
        <Suspense fallback={null}>
          <AttendantFormModal
            attendant={crewOf.attendant}
            driverId={crewOf.driverId}
            drivers={all}
            onClose={() => setCrewOf(null)}
            onSaved={refreshAdminData}
          />
        </Suspense>
      )}
      {editing !== undefined && <DriverFormModal driver={editing} areas={areaList} onClose={() => setEditing(undefined)} onSaved={refreshAdminData} />}
    </Stack>
  );
}
