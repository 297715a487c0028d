import { Button, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Absence } from '@school-transport/contracts';
import { StudentToday } from './StudentToday.js';
import { StudentAbsences } from './StudentAbsences.js';
import { TrackBusButton } from './TrackBusButton.js';
import { HandoverSwitch } from '../Handover/HandoverSwitch.js';

/** The school day's part of a student card: today's bus (and 'Track the bus' while it is on its way), the upcoming absences, and Not riding. */
export function StudentDay({ studentId, name, absences, onNotRiding }: { studentId: string; name: string; absences: Absence[]; onNotRiding: () => void }) {
  const { t } = useTranslation('parentDay');
  return (
    <Stack gap="xs" mt="md">
      <Divider />
      <Title order={4} size="h5">
        {t('today.title')}
      </Title>
      <StudentToday studentId={studentId} />
      <TrackBusButton studentId={studentId} name={name} />
      <HandoverSwitch studentId={studentId} name={name} />
      <StudentAbsences absences={absences} />
      <Button variant="light" color="orange" mih={44} onClick={onNotRiding} aria-label={t('absences.notRidingLabel', { name })}>
        {t('absences.notRiding')}
      </Button>
    </Stack>
  );
}
