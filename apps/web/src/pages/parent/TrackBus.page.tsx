// The English of the live bus's screens comes with this page.
import '../../i18n/office.js';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.js';
import { useLiveBus } from '../../components/LiveBus/use-live-bus.js';
import { BusPanel } from '../../components/LiveBus/BusPanel.js';
import { BusNearSwitch } from '../../components/LiveBus/BusNearSwitch.js';
import '../../styles/signed-in.js';

/**
 * /parent/students/:id/bus: where the bus of one of the family's children is, live, while it is on
 * its way to them; otherwise 'The bus is not on its way to you now'. The family's 'bus is near'
 * choice for this child sits below.
 */
export function TrackBusPage() {
  const { t } = useTranslation('liveBus');
  const { id = '' } = useParams();
  const students = useQuery(trpc.parent.students.queryOptions());
  const student = students.data?.students.find((each) => each.id === id);
  const { bus, failed } = useLiveBus(id);

  return (
    <>
      <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="sm" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Button component={Link} to="/parent" variant="subtle" size="sm" px={4}>
              {t('back')}
            </Button>
            <LanguageSwitch />
          </Group>
        </Container>
      </header>
      <Container size="sm" py="md" px="sm" component="main">
        <Stack gap="md">
          <div>
            <Title order={1} size="h3">
              {t('title')}
            </Title>
            {student && <Text c="dark.7">{t('forStudent', { name: `${student.firstName} ${student.lastName}` })}</Text>}
          </div>
          {!bus && !failed && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text c="dark.7">{t('loading')}</Text>
            </Group>
          )}
          {failed && (
            <Alert color="red" role="alert">
              {t('loadFailed')}
            </Alert>
          )}
          {bus?.status === 'not_on_the_way' && (
            <Alert color="blue" title={t('notOnTheWay')} data-testid="bus-not-on-the-way">
              <Text c="dark.9">{t('notOnTheWayText')}</Text>
            </Alert>
          )}
          {bus?.status === 'on_the_way' && <BusPanel bus={bus} />}
          <BusNearSwitch studentId={id} />
        </Stack>
      </Container>
    </>
  );
}
