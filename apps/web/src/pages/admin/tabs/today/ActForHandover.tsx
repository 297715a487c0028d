import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MarkEvent, ReceivedByInput, RiderHandover } from '@school-transport/contracts';
import { HandoverCodeField } from '../../../../components/Handover/HandoverCodeField.js';
import { wrappingLabel } from '../../../../components/wrapping-label.js';

const LONG_LABEL = wrappingLabel(44);

interface ActForHandoverProps {
  firstName: string;
  handover: RiderHandover;
  pending: boolean;
  onMark: (event: MarkEvent, receivedBy?: ReceivedByInput) => void;
}

/**
 * The office dropping a young child for the driver: the same choices as the crew's screen, since the
 * child leaves the bus only into the hands of a parent, an adult on the family's list or the day's
 * delegate with their code (the office types the code the driver reads out on the phone); with
 * nobody there, the child goes back to school.
 */
export function ActForHandover({ firstName, handover, pending, onMark }: ActForHandoverProps) {
  const { t } = useTranslation('officeDay');
  const { t: tDay } = useTranslation('parentDay');
  return (
    <Stack gap="xs" mt="xs" data-testid="act-handover">
      <Text size="sm" fw={700}>
        {t('act.handover.title', { name: firstName })}
      </Text>
      {handover.adults.map((adult) => {
        const relation = tDay(`handover.relation.${adult.relation}`);
        return (
          <Button key={adult.id} variant="light" color="teal.9" styles={LONG_LABEL} disabled={pending} onClick={() => onMark('dropped', { adultId: adult.id })}>
            {t('act.handover.handTo', { name: adult.name, relation })}
            {adult.phone ? ` · ${adult.phone}` : ''}
          </Button>
        );
      })}
      <HandoverCodeField
        label={t('act.handover.codeLabel')}
        confirmLabel={t('act.handover.codeConfirm')}
        disabled={pending}
        onConfirm={(code) => onMark('dropped', { code })}
      />
      <Button variant="outline" color="grape.9" styles={LONG_LABEL} disabled={pending} onClick={() => onMark('returned_to_school')}>
        {t('act.handover.nobodyHere')}
      </Button>
    </Stack>
  );
}
