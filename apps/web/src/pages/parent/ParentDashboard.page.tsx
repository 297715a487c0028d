// The English of the office's, fees' and modification requests' screens comes with this page.
import '../../i18n/office.js';
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';
import { useLogout, useSession } from '../../auth/session.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.js';
import { AccountMenu } from '../../components/AccountMenu/AccountMenu.js';
import { StudentCard, type ParentStudent } from '../../components/StudentCard/StudentCard.js';
import { RecentModificationRequests } from '../../components/ModificationRequests/RecentModificationRequests.js';
import { DayMessagesSwitch } from '../../components/StudentDay/DayMessagesSwitch.js';
import { useParentAbsences } from '../../components/StudentDay/parent-day-queries.js';
import { upcomingAbsences } from '../../components/StudentDay/upcoming-absences.js';
import { bahrainToday } from '@school-transport/contracts';
import '../../styles/signed-in.js';

// The dialogs and the fees load when first needed.
const StudentFees = lazy(() => import('../../components/StudentFees/StudentFees.js').then((m) => ({ default: m.StudentFees })));
const StudentDetailsModal = lazy(() => import('../../components/StudentDetails/StudentDetailsModal.js').then((m) => ({ default: m.StudentDetailsModal })));
const ModificationRequestModal = lazy(() =>
  import('../../components/ModificationRequestForm/ModificationRequestModal.js').then((m) => ({ default: m.ModificationRequestModal })),
);
const FamilyHandover = lazy(() => import('../../components/Handover/FamilyHandover.js').then((m) => ({ default: m.FamilyHandover })));
const NotRidingModal = lazy(() => import('../../components/StudentDay/NotRidingModal.js').then((m) => ({ default: m.NotRidingModal })));

/**
 * /parent: the parent's own students as cards, or 'No Students Registered'; View
 * Details, Request Changes, today's bus and Not riding, the choice of bus messages, and the
 * parent's recent modification requests.
 */
export function ParentDashboardPage() {
  const { t } = useTranslation('parent');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const logout = useLogout('/');
  const students = useQuery(trpc.parent.students.queryOptions());
  const requests = useQuery(trpc.parent.modificationRequests.queryOptions());
  const absences = useParentAbsences();
  const [dialog, setDialog] = useState<{ kind: 'details' | 'request' | 'notRiding'; student: ParentStudent } | null>(null);
  const today = bahrainToday(new Date());
  const pendingFor = new Set(
    (requests.data?.modificationRequests ?? []).filter((request) => request.status === 'pending').map((request) => request.student.id),
  );
  const requestList = requests.data?.modificationRequests ?? [];

  return (
    <>
      <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <div>
              <Title order={1} size="h3">
                {t('title')}
              </Title>
              {user && (
                <Text size="sm" c="dimmed">
                  {t('greeting', { name: user.name })}
                </Text>
              )}
            </div>
            <Group>
              <LanguageSwitch />
              <Button component={Link} to="/" variant="subtle" size="xs">
                {tc('nav.home')}
              </Button>
              <AccountMenu signInPath="/parent-login" myData />
              <Button size="xs" variant="light" onClick={() => logout.mutate()} disabled={logout.isPending}>
                {logout.isPending ? tc('nav.loggingOut') : tc('nav.logout')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="lg" py="xl" component="main">
        {students.isLoading && <PageLoader />}
        {students.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {students.data && students.data.students.length === 0 && (
          <Stack align="center" py={60} gap="sm">
            <Title order={2} size="h3">
              {t('empty.title')}
            </Title>
            <Text c="dimmed">{t('empty.text')}</Text>
            <Button component={Link} to="/register">
              {t('empty.action')}
            </Button>
          </Stack>
        )}
        {students.data && students.data.students.length > 0 && (
          <>
            <Group justify="space-between" mb="md">
              <Title order={2} size="h3">
                {t('studentsTitle')}
              </Title>
              <Button component={Link} to="/register" variant="light">
                {t('addStudent')}
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {students.data.students.map((student) => (
                <StudentCard
                  key={student.id}
                  student={student}
                  pendingRequest={pendingFor.has(student.id)}
                  absences={upcomingAbsences(absences.data?.absences ?? [], student.id, today)}
                  onViewDetails={() => setDialog({ kind: 'details', student })}
                  onRequestChanges={() => setDialog({ kind: 'request', student })}
                  onNotRiding={() => setDialog({ kind: 'notRiding', student })}
                />
              ))}
            </SimpleGrid>
            {students.data.students.some((student) => student.driver) && (
              <Stack mt="lg">
                <DayMessagesSwitch />
                <Suspense fallback={null}>
                  <FamilyHandover students={students.data.students} />
                </Suspense>
              </Stack>
            )}
            <Suspense fallback={null}>
              <StudentFees students={students.data.students} />
            </Suspense>
          </>
        )}
        {requestList.length > 0 && (
          <Stack mt="xl">
            <RecentModificationRequests requests={requestList} />
          </Stack>
        )}
        <Suspense fallback={null}>
          {dialog?.kind === 'details' && <StudentDetailsModal student={dialog.student} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'request' && <ModificationRequestModal student={dialog.student} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'notRiding' && <NotRidingModal student={dialog.student} onClose={() => setDialog(null)} />}
        </Suspense>
      </Container>
    </>
  );
}
