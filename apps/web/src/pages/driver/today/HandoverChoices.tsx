import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkEvent, ReceivedByInput, RiderHandover } from '@school-transport/contracts';
import { HandoverCodeField } from '../../../components/Handover/HandoverCodeField.js';
import { wrappingLabel } from '../../../components/wrapping-label.js';

/** The same tall, wrapping label as the mark buttons. */
const LONG_LABEL = wrappingLabel(50);

interface HandoverChoicesProps {
  firstName: string;
  handover: RiderHandover;
  onMark: (event: MarkEvent, receivedBy?: ReceivedByInput) => void;
}

/**
 * A young child at their stop: who may receive them (the parent and the family's list, each with a
 * call button), a one-day delegate's code, or nobody here and the child goes back to school. The
 * code is checked by the server when the mark arrives, also when it waited on the phone.
 */
export function HandoverChoices({ firstName, handover, onMark }: HandoverChoicesProps) {
  const { t } = useTranslation('driver');
  const [enteringCode, setEnteringCode] = useState(false);
  return (
    <Stack gap="xs" data-testid="handover">
      <Text size="sm" fw={700} c="dark.9">
        {t('today.handover.title', { name: firstName })}
      </Text>
      {handover.adults.map((adult) => {
        const relation = t(`today.handover.relation.${adult.relation}`);
        return (
          <Group key={adult.id} gap="xs" wrap="nowrap" align="stretch">
            <Button size="lg" style={{ flex: 1 }} color="#1b6b30" styles={LONG_LABEL} onClick={() => onMark('dropped', { adultId: adult.id })}>
              {t('today.handover.handTo', { name: adult.name, relation })}
            </Button>
            {adult.phone && (
              <Button
                component="a"
                href={`tel:${adult.phone}`}
                size="lg"
                variant="default"
                leftSection={<IconPhone size={18} aria-hidden />}
                aria-label={t('today.handover.callLabel', { name: adult.name, relation })}
              >
                {t('today.handover.call')}
              </Button>
            )}
          </Group>
        );
      })}
      {enteringCode ? (
        <HandoverCodeField
          label={t('today.handover.codeLabel')}
          confirmLabel={t('today.handover.codeConfirm')}
          size="md"
          onConfirm={(code) => {
            onMark('dropped', { code });
            setEnteringCode(false);
          }}
        />
      ) : (
        <Button size="lg" variant="outline" color="blue.9" styles={LONG_LABEL} onClick={() => setEnteringCode(true)}>
          {t('today.handover.enterCode')}
        </Button>
      )}
      <Button size="lg" variant="outline" color="grape.9" styles={LONG_LABEL} onClick={() => onMark('returned_to_school')}>
        {t('today.handover.nobodyHere')}
      </Button>
    </Stack>
  );
}
