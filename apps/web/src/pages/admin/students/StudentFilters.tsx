import { useEffect, useState } from 'react';
import { Button, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AdminArea, AdminDriver, AdminSchool, PaymentStatus } from '@school-transport/contracts';
import type { StudentView } from './use-student-view.js';

const WITHOUT_DRIVER = 'none';

/** Search and filters of the Students tab; each change goes to the URL (the list reads it from there). */
export function StudentFilters({
  view,
  update,
  lists,
}: {
  view: StudentView;
  update: (change: Partial<StudentView>) => void;
  lists: { schools: AdminSchool[]; areas: AdminArea[]; drivers: AdminDriver[] };
}) {
  const { t } = useTranslation('students');
  const [search, setSearch] = useState(view.search);
  const [debounced] = useDebouncedValue(search, 350);

  // Back and Forward change the URL: the box follows it.
  useEffect(() => setSearch(view.search), [view.search]);
  useEffect(() => {
    if (debounced.trim() !== view.search) update({ search: debounced.trim() });
    // Only a settled change of the typed text updates the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const driverValue = view.unassigned ? WITHOUT_DRIVER : view.driverId || null;
  const filtered = Boolean(view.search || view.schoolId || view.areaId || view.driverId || view.paymentStatus || view.unassigned || view.deleted);

  return (
    <>
      <TextInput
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-label={t('filters.label')}>
        <Select
          label={t('filters.school')}
          placeholder={t('filters.allSchools')}
          data={lists.schools.map((s) => ({ value: s.id, label: s.name }))}
          value={view.schoolId || null}
          onChange={(value) => update({ schoolId: value ?? '' })}
          searchable
          clearable
        />
        <Select
          label={t('filters.area')}
          placeholder={t('filters.allAreas')}
          data={lists.areas.map((a) => ({ value: a.id, label: a.name }))}
          value={view.areaId || null}
          onChange={(value) => update({ areaId: value ?? '' })}
          searchable
          clearable
        />
        <Select
          label={t('filters.driver')}
          placeholder={t('filters.allDrivers')}
          data={[{ value: WITHOUT_DRIVER, label: t('filters.withoutDriver') }, ...lists.drivers.map((d) => ({ value: d.id, label: d.name }))]}
          value={driverValue}
          onChange={(value) => update(value === WITHOUT_DRIVER ? { unassigned: true, driverId: '' } : { unassigned: false, driverId: value ?? '' })}
          searchable
          clearable
        />
        <Select
          label={t('filters.payment')}
          placeholder={t('filters.anyPayment')}
          data={[
            { value: 'paid', label: t('paid') },
            { value: 'unpaid', label: t('pending') },
          ]}
          value={view.paymentStatus || null}
          onChange={(value) => update({ paymentStatus: (value ?? '') as PaymentStatus | '' })}
          clearable
        />
      </SimpleGrid>
      <Group justify="space-between">
        <Switch label={t('filters.deleted')} checked={view.deleted} onChange={(event) => update({ deleted: event.currentTarget.checked })} />
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => update({ search: '', schoolId: '', areaId: '', driverId: '', paymentStatus: '', unassigned: false, deleted: false })}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Group>
    </>
  );
}
