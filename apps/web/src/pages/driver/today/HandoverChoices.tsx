import { useId, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkEvent, ReceivedByInput, RiderHandover } from '@school-transport/contracts';

/** The same tall, wrapping label as the mark buttons: long names and Arabic wrap rather than being cut. */
const LONG_LABEL = {
  root: { height: 'auto', minHeight: 50, minWidth: 0, paddingBlock: 8 },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', overflow: 'visible', height: 'auto', textAlign: 'center', lineHeight: 1.3 },
} as const;

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
  const [code, setCode] = useState('');
  const codeId = useId();
  const codeValid = /^\d{6}$/.test(code);
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
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            id={codeId}
            label={t('today.handover.codeLabel')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            style={{ flex: 1 }}
            size="md"
          />
          <Button
            size="md"
            disabled={!codeValid}
            onClick={() => {
              onMark('dropped', { code });
              setEnteringCode(false);
              setCode('');
            }}
          >
            {t('today.handover.codeConfirm')}
          </Button>
        </Group>
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
