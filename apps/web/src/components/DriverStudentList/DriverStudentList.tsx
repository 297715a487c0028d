import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet, IconPhone, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DRIVER_RUNS, type DriverRun, type DriverStudent } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { PrintableRunList, type PrintJob } from './PrintableRunList.js';
import { addressText, currentRun, fullName, gradeText, groupBySchool, localDate, matchesSearch, studentsOnRun } from './student-rows.js';
import { TableScrollRegion } from '../TableScrollRegion/TableScrollRegion.js';

interface DriverStudentListProps {
  students: DriverStudent[];
  driverName: string;
  /** The admin's view of a driver's list: the same screen, with a note that it is the driver's. */
  readOnly?: boolean;
}

/** Big enough to hit in a moving bus, and dark on white so it reads in sunlight. */
const TOUCH = 'lg' as const;
const INK = 'dark.9';
const INK_SOFT = 'dark.6';
/** Filled colours with at least 4.5:1 against white text. */
const ACTION = 'blue.9';
const CALL = '#1b6b30';

/**
 * A driver's assigned students: the morning and afternoon runs, a search, grouped by
 * school; cards on a phone, a table on a wide screen; Print List and Export CSV of the run shown.
 * Shared by the driver's dashboard and the admin's read-only view of any driver.
 */
export function DriverStudentList({ students, driverName, readOnly = false }: DriverStudentListProps) {
  const { t } = useTranslation('driver');
  const [run, setRun] = useState<DriverRun>(() => currentRun());
  const [search, setSearch] = useState('');
  const [printJob, setPrintJob] = useState<PrintJob | null>(null);
  const [exporting, setExporting] = useState(false);
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const company = useQuery(trpc.public.settings.queryOptions());

  const byRun = useMemo(() => ({ morning: studentsOnRun(students, 'morning'), afternoon: studentsOnRun(students, 'afternoon') }), [students]);
  const runStudents = byRun[run];
  const shown = runStudents.filter((student) => matchesSearch(student, search));

  // The print view is in the page once the effect runs; only then is the browser's print dialog opened.
  useEffect(() => {
    if (printJob) window.print();
  }, [printJob]);

  const printList = () => {
    if (runStudents.length === 0) {
      notify({ title: t('toast.noData'), message: t('toast.noDataPrintText'), variant: 'destructive' });
      return;
    }
    const runLabel = t(`list.${run}`);
    notify({ title: t('toast.printed'), message: t('toast.printedText', { run: runLabel, count: runStudents.length }) });
    setPrintJob({ runLabel, date: localDate(), students: runStudents });
  };

  const exportCsv = async () => {
    if (runStudents.length === 0) {
      notify({ title: t('toast.noData'), message: t('toast.noDataText'), variant: 'destructive' });
      return;
    }
    setExporting(true);
    try {
      const { buildCsv, csvFileName, downloadCsv } = await import('./export-csv.js');
      const header = ['id', 'name', 'fathersName', 'grade', 'school', 'area', 'address', 'contact', 'contact2', 'serviceType'].map((key) =>
        t(`columns.${key}` as 'columns.id'),
      );
      const rows = runStudents.map((student) => [
        student.automatedId,
        `${student.firstName} ${student.lastName}`,
        student.fathersName,
        gradeText(student),
        student.schoolName,
        student.areaName,
        addressText(student),
        student.contactNumber1,
        student.contactNumber2,
        t(`service.${student.serviceType}`),
      ]);
      const fileName = csvFileName(driverName, localDate());
      downloadCsv(fileName, buildCsv(header, rows));
      notify({ title: t('toast.exported'), message: t('toast.exportedText', { file: fileName }) });
    } catch (error) {
      console.error('CSV export failed', error);
      notify({ title: t('toast.exportFailed'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-label={t('list.title')}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} c={INK}>
          {t('list.title')}
        </Title>
        <Group gap="sm" grow={!wide} w={wide ? undefined : '100%'}>
          <Button size={TOUCH} px="sm" variant="default" leftSection={<IconPrinter aria-hidden size={22} />} onClick={printList}>
            {t('actions.print')}
          </Button>
          <Button
            size={TOUCH}
            px="sm"
            color={ACTION}
            leftSection={<IconFileSpreadsheet aria-hidden size={22} />}
            onClick={() => void exportCsv()}
            loading={exporting}
          >
            {t('actions.export')}
          </Button>
        </Group>
      </Group>
      {readOnly && (
        <Text size="md" c={INK_SOFT}>
          {t('list.readOnly')}
        </Text>
      )}

      {students.length === 0 ? (
        <Stack align="center" py={48} gap="xs">
          <Title order={3} c={INK}>
            {t('empty.title')}
          </Title>
          <Text size="lg" c={INK_SOFT} ta="center">
            {t('empty.text')}
          </Text>
        </Stack>
      ) : (
        <Tabs value={run} onChange={(value) => value && setRun(value as DriverRun)} keepMounted={false} variant="pills" radius="md" color={ACTION}>
          <Tabs.List grow aria-label={t('list.runs')}>
            {DRIVER_RUNS.map((key) => (
              <Tabs.Tab
                key={key}
                value={key}
                mih={56}
                fz="lg"
                fw={700}
                rightSection={
                  <Badge size="lg" color={run === key ? 'white' : 'dark'} c={run === key ? ACTION : undefined} aria-hidden>
                    {byRun[key].length}
                  </Badge>
                }
              >
                <span>{t(`list.${key}`)}</span>
                <Text component="span" display="block" size="sm" fw={500}>
                  {t(key === 'morning' ? 'list.morningHint' : 'list.afternoonHint')}
                </Text>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {DRIVER_RUNS.map((key) => (
            <Tabs.Panel key={key} value={key} pt="md">
              <Stack gap="lg">
                <TextInput
                  size={TOUCH}
                  type="search"
                  label={t('list.search')}
                  placeholder={t('list.searchPlaceholder')}
                  leftSection={<IconSearch aria-hidden size={20} />}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                />
                {runStudents.length === 0 ? (
                  <Text size="lg" c={INK_SOFT}>
                    {t('list.emptyRun')}
                  </Text>
                ) : shown.length === 0 ? (
                  <Text size="lg" c={INK_SOFT}>
                    {t('list.noMatch')}
                  </Text>
                ) : (
                  groupBySchool(shown).map((group) => (
                    <Stack key={group.schoolName} gap="sm" component="section" aria-label={group.schoolName}>
                      <Title order={3} size="h4" c={INK}>
                        {t('list.schoolGroup', { school: group.schoolName, count: group.students.length })}
                      </Title>
                      {wide ? (
                        <StudentTable students={group.students} label={group.schoolName} />
                      ) : (
                        group.students.map((student) => <StudentCard key={student.id} student={student} />)
                      )}
                    </Stack>
                  ))
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {printJob && <PrintableRunList job={printJob} driverName={driverName} company={company.data} />}
    </Stack>
  );
}

type DriverT = ReturnType<typeof useTranslation<'driver'>>['t'];

function areaLine(student: DriverStudent, t: DriverT): string {
  return student.roundabout ? `${student.areaName} · ${t('student.roundabout', { number: student.roundabout })}` : student.areaName;
}

function addressLine(student: DriverStudent, t: DriverT): string {
  return student.flatHome ? `${addressText(student)} · ${t('student.flat', { flat: student.flatHome })}` : addressText(student);
}

function CallButtons({ student, fullWidth }: { student: DriverStudent; fullWidth: boolean }) {
  const { t } = useTranslation('driver');
  const numbers = [student.contactNumber1, student.contactNumber2].filter((number): number is string => Boolean(number));
  return (
    <>
      {numbers.map((number) => (
        <Button
          key={number}
          component="a"
          href={`tel:${number}`}
          size={TOUCH}
          color={CALL}
          fullWidth={fullWidth}
          leftSection={<IconPhone aria-hidden size={22} />}
          aria-label={t('student.callLabel', { number, student: fullName(student) })}
        >
          {t('student.call', { number })}
        </Button>
      ))}
    </>
  );
}

function StudentCard({ student }: { student: DriverStudent }) {
  const { t } = useTranslation('driver');
  const line = (label: string, value: string) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="md" fw={700} c={INK_SOFT} miw={92}>
        {label}
      </Text>
      <Text size="lg" c={INK}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={fullName(student)}
      style={{ borderWidth: 2, borderColor: 'var(--mantine-color-dark-2)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Text fz={22} fw={700} c={INK} lh={1.25}>
            {student.firstName} {student.lastName}
          </Text>
          <Text size="md" c={INK_SOFT}>
            {t('student.fatherLine', { name: student.fathersName })}
          </Text>
        </div>
        <Badge size="lg" color="dark" variant="filled" style={{ flexShrink: 0 }}>
          {student.automatedId}
        </Badge>
      </Group>
      <Stack gap={4}>
        {line(t('columns.grade'), gradeText(student))}
        {line(t('columns.area'), areaLine(student, t))}
        {line(t('columns.address'), addressLine(student, t))}
        {line(t('columns.serviceType'), t(`service.${student.serviceType}`))}
      </Stack>
      <Stack gap="xs" mt="md">
        <CallButtons student={student} fullWidth />
      </Stack>
    </Card>
  );
}

function StudentTable({ students, label }: { students: DriverStudent[]; label: string }) {
  const { t } = useTranslation('driver');
  return (
    <TableScrollRegion minWidth={1100} label={label}>
      <Table striped withTableBorder verticalSpacing="sm" fz="md" c={INK}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.id')}</Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.grade')}</Table.Th>
            <Table.Th>{t('columns.school')}</Table.Th>
            <Table.Th>{t('columns.area')}</Table.Th>
            <Table.Th>{t('columns.address')}</Table.Th>
            <Table.Th>{t('columns.serviceType')}</Table.Th>
            <Table.Th>{t('columns.contact')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.id}>
              <Table.Td>{student.automatedId}</Table.Td>
              <Table.Td>
                <Text fw={700} c={INK}>
                  {student.firstName} {student.lastName}
                </Text>
                <Text size="sm" c={INK_SOFT}>
                  {t('student.fatherLine', { name: student.fathersName })}
                </Text>
              </Table.Td>
              <Table.Td>{gradeText(student)}</Table.Td>
              <Table.Td>{student.schoolName}</Table.Td>
              <Table.Td>{areaLine(student, t)}</Table.Td>
              <Table.Td>{addressLine(student, t)}</Table.Td>
              <Table.Td>{t(`service.${student.serviceType}`)}</Table.Td>
              <Table.Td>
                <Stack gap={6}>
                  <CallButtons student={student} fullWidth={false} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
