import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch/LanguageSwitch.js';
import { formatDate } from '../../../i18n/format.js';
import { IsolatedLine } from '../../../components/Isolated/Isolated.js';

/** The day's header: whose runs, which day, the language switch and (for the driver) the way to the full list of students. */
export function DayHeader({ name, date, showStudents }: { name: string; date: string | null; showStudents: boolean }) {
  const { t } = useTranslation('driver');
  return (
    <header style={{ borderBottom: '2px solid var(--mantine-color-dark-2)' }}>
      <Container size="sm" py="sm" px="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={1} size="h3" c="dark.9">
              {t('today.title')}
            </Title>
            <Text size="md" c="dark.6">
              <IsolatedLine parts={[name, date && formatDate(date)]} />
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch size="md" variant="default" />
            {showStudents && (
              <Button component={Link} to="/driver-dashboard" size="md" variant="default">
                {t('today.myStudents')}
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </header>
  );
}
