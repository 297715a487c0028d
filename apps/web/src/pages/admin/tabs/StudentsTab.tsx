import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { IconEdit, IconFileInvoice, IconRestore, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import type { AdminStudent, StudentSortField } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, errorMessage, trpc } from '../../../trpc.js';
import { useCan } from '../../../auth/permissions.js';
import { notify } from '../../../notify.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { StudentFormModal } from '../../../components/AdminStudentForm/StudentFormModal.js';
import { refreshAdminData, useAreas, useDrivers, useSchools } from '../../../queries/admin-queries.js';
import { filterParams, PAGE_SIZES, useStudentView } from '../students/use-student-view.js';
import { StudentFilters } from '../students/StudentFilters.js';
import { BulkBar } from '../students/BulkBar.js';
import { DeleteStudentDialog } from '../students/DeleteStudentDialog.js';
import { RestoreOverCapacityDialog } from '../students/RestoreOverCapacityDialog.js';
import { seatRefusalOf } from '../../../components/Seats/seat-refusal.js';
import { GeneratedPasswordDialog } from '../students/GeneratedPasswordDialog.js';
import { ListState } from './ListState.js';
import { formatAmount } from '../../../i18n/format.js';
import { usePhoneScreen } from '../../../components/AdminDialog/use-phone-screen.js';
import { useDataTablePaging } from './data-table-paging.js';
import { tableRegionProps } from './data-table-region.js';

// Loaded when the office first opens it: most visits to the tab never import a spreadsheet.
const ImportStudentsDialog = lazy(() => import('../students/import/ImportStudentsDialog.js').then((m) => ({ default: m.ImportStudentsDialog })));

const fullName = (student: AdminStudent) => `${student.firstName} ${student.fathersName} ${student.lastName}`;

/**
 * The office's students: a server-side paged, sorted, searched and filtered table whose view lives
 * in the URL; add, edit (also opened by ?edit=<id>, as the header bell links), bulk changes, soft
 * delete and restore, CSV export of the filtered list, and the printable invoice.
 */
export default function StudentsTab() {
  const { t, i18n } = useTranslation('students');
  const { view, update, editing, setEditing } = useStudentView();
  const schools = useSchools();
  const areas = useAreas();
  const drivers = useDrivers();
  const phone = usePhoneScreen();
  const paging = useDataTablePaging();
  const lists = { schools: schools.data?.schools ?? [], areas: areas.data?.areas ?? [], drivers: drivers.data?.drivers ?? [] };

  const input = useMemo(() => ({ ...Object.fromEntries(filterParams(view)), page: view.page, pageSize: view.pageSize }), [view]);
  const students = useQuery({ ...trpc.admin.students.list.queryOptions(input), ...ADMIN_LIST_QUERY, placeholderData: keepPreviousData });
  const edited = useQuery({ ...trpc.admin.students.get.queryOptions({ id: editing ?? '' }), enabled: Boolean(editing), staleTime: 0, retry: false });
  const restore = useMutation(trpc.admin.students.restore.mutationOptions());
  // Deleting and restoring a student are the admins' (staff see neither button).
  const can = useCan();
  const canDelete = can('students.delete');

  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<AdminStudent | null>(null);
  const [overfull, setOverfull] = useState<{ student: AdminStudent; refusal: unknown } | null>(null);
  const [generated, setGenerated] = useState<{ email: string; password: string } | null>(null);
  const [selected, setSelected] = useState<AdminStudent[]>([]);
  // A new view (page, filter, sort) starts with nothing selected.
  const inputKey = JSON.stringify(input);
  useEffect(() => setSelected([]), [inputKey]);

  useEffect(() => {
    if (editing && edited.error) {
      notify({ title: t('toasts.loadFailed'), message: errorMessage(edited.error, t('toasts.loadFailed')), variant: 'destructive' });
      setEditing(null);
    }
  }, [editing, edited.error, setEditing, t]);

  const openInvoice = (student: AdminStudent) => window.open(`/admin/invoices/${student.id}`, '_blank');
  const restoreStudent = (student: AdminStudent) =>
    runAdminChange(
      () => restore.mutateAsync({ id: student.id }),
      { success: () => ({ title: t('toasts.restored'), message: fullName(student) }), failure: t('toasts.restoreFailed') },
      {
        after: refreshAdminData,
        // Their bus filled up meanwhile: the admin may restore them over capacity, with a reason.
        refused: (error) => seatRefusalOf(error) && setOverfull({ student, refusal: error }),
      },
    );

  const records = students.data?.students ?? [];
  const total = students.data?.total ?? 0;
  const sortStatus: DataTableSortStatus<AdminStudent> = { columnAccessor: view.sort, direction: view.order };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Group gap="sm">
          <Button component="a" variant="default" href={`/api/admin/students.csv?${filterParams(view).toString()}`} download>
            {t('export')}
          </Button>
          {can('students.import') && (
            <Button variant="default" onClick={() => setImporting(true)}>
              {t('importing.open')}
            </Button>
          )}
          <Button onClick={() => setAdding(true)}>{t('add')}</Button>
        </Group>
      </Group>
      <StudentFilters view={view} update={update} lists={lists} />
      <Text c="dimmed" size="sm" ta="end" aria-live="polite">
        {t('total', { count: total })}
      </Text>
      {selected.length > 0 && !view.deleted && (
        <BulkBar studentIds={selected.map((s) => s.id)} drivers={lists.drivers} onDone={refreshAdminData} onClear={() => setSelected([])} />
      )}
      <ListState query={{ isLoading: false, error: students.error, refetch: students.refetch }}>
        <DataTable<AdminStudent>
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={records.length === 0 ? 220 : undefined}
          records={records}
          idAccessor="id"
          fetching={students.isFetching}
          loadingText={t('loading')}
          noRecordsText={view.deleted ? t('emptyDeleted') : t('empty')}
          totalRecords={total}
          recordsPerPage={view.pageSize}
          page={view.page}
          onPageChange={(page) => update({ page })}
          recordsPerPageOptions={[...PAGE_SIZES]}
          onRecordsPerPageChange={(pageSize) => update({ pageSize })}
          recordsPerPageLabel={t('perPage')}
          paginationText={({ from, to, totalRecords }) => t('pagination', { from, to, total: totalRecords })}
          {...paging}
          scrollAreaProps={tableRegionProps(t('title'))}
          // Edit, invoice and delete stay in reach at the table's end, however many columns scroll beneath them.
          pinLastColumn
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            const sort = status.columnAccessor as StudentSortField;
            // A newly chosen column starts in its natural order (A to Z, cheapest first); a second click reverses it.
            update({ sort, order: sort === view.sort ? status.direction : 'asc' });
          }}
          selectedRecords={view.deleted ? undefined : selected}
          onSelectedRecordsChange={view.deleted ? undefined : setSelected}
          allRecordsSelectionCheckboxProps={{ 'aria-label': t('selection.all') }}
          getRecordSelectionCheckboxProps={(student) => ({ 'aria-label': t('selection.row', { name: fullName(student) }) })}
          // On a phone the whole cell around a checkbox (44 px or more each way) ticks it: a target for a thumb.
          selectionTrigger={phone ? 'cell' : 'checkbox'}
          selectionColumnStyle={phone ? { minWidth: 48 } : undefined}
          columns={[
            {
              accessor: 'name',
              title: t('columns.student'),
              sortable: true,
              render: (student) => (
                <div>
                  <Text size="sm" fw={500}>
                    <bdi>{fullName(student)}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    <bdi>{student.automatedId}</bdi>
                  </Text>
                </div>
              ),
            },
            {
              accessor: 'grade',
              title: t('columns.gradeClass'),
              render: (student) => [student.grade, student.class].filter(Boolean).join(' / '),
              noWrap: true,
            },
            { accessor: 'school.name', title: t('columns.school') },
            { accessor: 'area.name', title: t('columns.area'), render: (student) => student.area?.name ?? t('notSpecified') },
            {
              accessor: 'driver.name',
              title: t('columns.driver'),
              render: (student) =>
                student.driver ? (
                  <bdi>{student.driver.name}</bdi>
                ) : (
                  <Text size="sm" c="orange">
                    {t('unassigned')}
                  </Text>
                ),
            },
            {
              accessor: 'paymentStatus',
              title: t('columns.payment'),
              sortable: true,
              render: (student) => (
                <Badge color={student.paymentStatus === 'paid' ? 'green' : 'yellow'} variant="light">
                  {student.paymentStatus === 'paid' ? t('paid') : t('pending')}
                </Badge>
              ),
            },
            {
              accessor: 'priceBhd',
              title: t('columns.price'),
              sortable: true,
              textAlign: 'right',
              noWrap: true,
              render: (student) => t('price', { price: formatAmount(student.priceBhd, i18n.language) }),
            },
            {
              accessor: 'actions',
              title: t('columns.actions'),
              textAlign: 'right',
              noWrap: true,
              render: (student) =>
                student.deletedAt ? (
                  canDelete && (
                    <Button
                      size="xs"
                      variant="light"
                      mih={44}
                      leftSection={<IconRestore size={16} />}
                      aria-label={t('actions.restore', { name: fullName(student) })}
                      onClick={() => void restoreStudent(student)}
                    >
                      {t('actions.restoreLabel')}
                    </Button>
                  )
                ) : (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('actions.edit', { name: fullName(student) })}>
                      <ActionIcon size="xl" variant="subtle" aria-label={t('actions.edit', { name: fullName(student) })} onClick={() => setEditing(student.id)}>
                        <IconEdit size={20} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('actions.invoice', { name: fullName(student) })}>
                      <ActionIcon
                        size="xl"
                        variant="subtle"
                        color="teal"
                        aria-label={t('actions.invoice', { name: fullName(student) })}
                        onClick={() => openInvoice(student)}
                      >
                        <IconFileInvoice size={20} />
                      </ActionIcon>
                    </Tooltip>
                    {canDelete && (
                      <Tooltip label={t('actions.delete', { name: fullName(student) })}>
                        <ActionIcon
                          size="xl"
                          variant="subtle"
                          color="red"
                          aria-label={t('actions.delete', { name: fullName(student) })}
                          onClick={() => setDeleting(student)}
                        >
                          <IconTrash size={20} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                ),
            },
          ]}
        />
      </ListState>

      {adding && (
        <StudentFormModal
          student={null}
          lists={lists}
          onClose={() => setAdding(false)}
          onSaved={refreshAdminData}
          onCreated={(result, email) => result.generatedPassword && setGenerated({ email, password: result.generatedPassword })}
        />
      )}
      {editing && edited.data && (
        <StudentFormModal
          key={edited.data.student.id}
          student={edited.data.student}
          lists={lists}
          onClose={() => setEditing(null)}
          onSaved={refreshAdminData}
        />
      )}
      {deleting && <DeleteStudentDialog student={deleting} onClose={() => setDeleting(null)} onDone={refreshAdminData} />}
      {importing && (
        <Suspense fallback={null}>
          <ImportStudentsDialog onClose={() => setImporting(false)} onDone={refreshAdminData} />
        </Suspense>
      )}
      {overfull && (
        <RestoreOverCapacityDialog student={overfull.student} refusal={overfull.refusal} onClose={() => setOverfull(null)} onDone={refreshAdminData} />
      )}
      {generated && <GeneratedPasswordDialog email={generated.email} password={generated.password} onClose={() => setGenerated(null)} />}
    </Stack>
  );
}
