import { useId, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MarkEvent, ReceivedByInput, RiderHandover } from '@school-transport/contracts';

/** Wrapping labels: a long name or Arabic wraps rather than being cut. */
const LONG_LABEL = {
  root: { height: 'auto', minHeight: 44, minWidth: 0, paddingBlock: 6 },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', overflow: 'visible', height: 'auto', textAlign: 'center', lineHeight: 1.3 },
} as const;

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
  const [code, setCode] = useState('');
  const codeId = useId();
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
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          id={codeId}
          label={t('act.handover.codeLabel')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          style={{ flex: 1 }}
        />
        <Button mih={44} disabled={pending || !/^\d{6}$/.test(code)} onClick={() => onMark('dropped', { code })}>
          {t('act.handover.codeConfirm')}
        </Button>
      </Group>
      <Button variant="outline" color="grape.9" styles={LONG_LABEL} disabled={pending} onClick={() => onMark('returned_to_school')}>
        {t('act.handover.nobodyHere')}
      </Button>
    </Stack>
  );
}
