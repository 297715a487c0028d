import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { AUDIT_LOG_PAGE_SIZE, type AuditLogEntry } from '@school-transport/contracts';
import { useAuditLogFilters, useAuditLogs } from '../../../queries/analytics-queries.js';
import { ListState } from './ListState.js';
import { useDataTablePaging } from './data-table-paging.js';
import { tableRegionProps } from './data-table-region.js';
import { usePhoneScreen } from '../../../components/AdminDialog/use-phone-screen.js';
import { AuditDiff, useAuditLabels } from './AuditDiff.js';
import { formatDate, formatDateTime, formatMonth, formatWeekday } from '../../../i18n/format.js';

interface Filters {
  entityType: string | null;
  action: string | null;
  actorUserId: string | null;
  range: DatesRangeValue<string>;
}

const NO_FILTERS: Filters = { entityType: null, action: null, actorUserId: null, range: [null, null] };

/** Every audit row, newest first, a page at a time from the server, with filters and each change written out. */
export function AuditLogTab() {
  const { t, i18n } = useTranslation('analytics');
  const labels = useAuditLabels();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const paging = useDataTablePaging();
  const phone = usePhoneScreen();
  const [from, to] = filters.range;
  const logs = useAuditLogs({
    page,
    pageSize: AUDIT_LOG_PAGE_SIZE,
    entityType: filters.entityType,
    action: filters.action,
    actorUserId: filters.actorUserId,
    from,
    // While only the first day of a range is picked, that day alone is shown.
    to: to ?? from,
  });
  const choices = useAuditLogFilters();
  const filtering = Boolean(filters.entityType || filters.action || filters.actorUserId || from || to);
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('audit.title')}</Title>
        {logs.data && (
          <Text c="dimmed" size="sm">
            {t('audit.total', { count: logs.data.total })}
          </Text>
        )}
      </Group>
      <Group align="flex-end" gap="sm" role="search" aria-label={t('audit.filters')}>
        <Select
          label={t('audit.entityType')}
          placeholder={t('audit.any')}
          clearable
          data={(choices.data?.entityTypes ?? []).map((value) => ({ value, label: labels.entityType(value) }))}
          value={filters.entityType}
          onChange={(entityType) => change({ entityType })}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('audit.action')}
          placeholder={t('audit.any')}
          clearable
          data={(choices.data?.actions ?? []).map((value) => ({ value, label: labels.action(value) }))}
          value={filters.action}
          onChange={(action) => change({ action })}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('audit.actor')}
          placeholder={t('audit.any')}
          clearable
          searchable
          data={(choices.data?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.email ? `${actor.name} (${actor.email})` : actor.name }))}
          value={filters.actorUserId}
          onChange={(actorUserId) => change({ actorUserId })}
          w={{ base: '100%', xs: 260 }}
        />
        <DatePickerInput
          type="range"
          label={t('audit.dateRange')}
          placeholder={t('audit.datePlaceholder')}
          clearable
          allowSingleDateInRange
          valueFormat="YYYY-MM-DD"
          // The calendar's month, weekday and day names in the screen's language, like every other date.
          monthLabelFormat={(month) => formatMonth(month, i18n.language)}
          monthsListFormat={(month) => formatMonth(month, i18n.language, 'short')}
          weekdayFormat={(day) => formatWeekday(day, i18n.language)}
          getDayAriaLabel={(day) => formatDate(day, i18n.language, 'long')}
          value={filters.range}
          onChange={(range) => change({ range: range as DatesRangeValue<string> })}
          ariaLabels={{
            previousMonth: t('audit.calendar.previousMonth'),
            nextMonth: t('audit.calendar.nextMonth'),
            previousYear: t('audit.calendar.previousYear'),
            nextYear: t('audit.calendar.nextYear'),
            previousDecade: t('audit.calendar.previousDecade'),
            nextDecade: t('audit.calendar.nextDecade'),
            monthLevelControl: t('audit.calendar.chooseMonth'),
            yearLevelControl: t('audit.calendar.chooseYear'),
          }}
          w={{ base: '100%', xs: 260 }}
          // The date range opens with a tap on this box: 44 px high on a phone.
          styles={phone ? { input: { minHeight: 44 } } : undefined}
        />
        {filtering && (
          <Button variant="subtle" mih={36} onClick={() => change(NO_FILTERS)}>
            {t('audit.clear')}
          </Button>
        )}
      </Group>
      <ListState query={logs}>
        <DataTable<AuditLogEntry>
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={logs.data?.auditLogs.length ? undefined : 160}
          records={logs.data?.auditLogs ?? []}
          fetching={logs.isFetching}
          totalRecords={logs.data?.total ?? 0}
          recordsPerPage={AUDIT_LOG_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          {...paging}
          noRecordsText={filtering ? t('audit.noMatch') : t('audit.empty')}
          getPaginationControlProps={(control) => ({ 'aria-label': t(`audit.pagination.${control}`) })}
          getPaginationItemProps={(item) => ({ 'aria-label': t('audit.pagination.page', { page: item }) })}
          paginationText={({ from, to, totalRecords }) => t('audit.pagination.range', { from, to, total: totalRecords })}
          scrollAreaProps={{ type: 'auto', ...tableRegionProps(t('audit.title')) }}
          columns={[
            { accessor: 'createdAt', title: t('audit.when'), noWrap: true, render: (row) => when(row.createdAt) },
            {
              accessor: 'actor',
              title: t('audit.who'),
              render: (row) =>
                row.actor ? (
                  <Stack gap={0}>
                    <Text size="sm">{row.actor.name}</Text>
                    {row.actor.email && (
                      <Text size="xs" c="dimmed">
                        {row.actor.email}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  t('audit.system')
                ),
            },
            {
              accessor: 'entityType',
              title: t('audit.what'),
              render: (row) => (
                <Stack gap={2}>
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" size="sm">
                      {labels.entityType(row.entityType)}
                    </Badge>
                    <Badge variant="outline" size="sm" color="gray">
                      {labels.action(row.action)}
                    </Badge>
                  </Group>
                  <Text size="sm">{row.entityLabel ?? row.entityId}</Text>
                </Stack>
              ),
            },
            { accessor: 'diff', title: t('audit.changes'), render: (row) => <AuditDiff diff={row.diff} /> },
          ]}
        />
      </ListState>
    </Stack>
  );
}
