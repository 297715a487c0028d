import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';

/** How often a card asks whether its child's bus is on its way (the button appears then). */
const CHECK_EVERY_MS = 30_000;

/** 'Track the bus' on a child's card, while the bus is on its way to them. */
export function TrackBusButton({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation('liveBus');
  const bus = useQuery({ ...trpc.parent.studentBus.queryOptions({ id: studentId }), refetchInterval: CHECK_EVERY_MS, staleTime: 0 });
  if (bus.data?.status !== 'on_the_way') return null;
  return (
    <Button component={Link} to={`/parent/students/${studentId}/bus`} color="blue.9" mih={44} aria-label={t('trackLabel', { name })}>
      {t('track')}
    </Button>
  );
}
