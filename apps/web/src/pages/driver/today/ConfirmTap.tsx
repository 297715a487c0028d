import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmTapProps {
  /** The button ('All Dropped at School'). */
  label: string;
  /** What the second tap will do, with the count ('Drop all 4 children at school?'). */
  question: string;
  /** The confirming button ('Yes, 4 dropped'). */
  confirm: string;
  color: string;
  onConfirm: () => void;
}

/**
 * A tap that marks several children at once asks once more, in place, with the count: one slip of
 * the thumb on a moving bus must not mark a whole run.
 */
export function ConfirmTap({ label, question, confirm, color, onConfirm }: ConfirmTapProps) {
  const { t } = useTranslation('driver');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        size="xl"
        fullWidth
        color={color}
        onClick={() => setAsking(true)}
        styles={{ root: { height: 'auto', minHeight: 60, paddingBlock: 8 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Paper withBorder p="sm" role="group" aria-label={question}>
      <Stack gap="sm">
        <Text fw={700} c="dark.9">
          {question}
        </Text>
        <Group grow gap="sm">
          <Button
            size="lg"
            color={color}
            onClick={() => {
              setAsking(false);
              onConfirm();
            }}
            styles={{ root: { height: 'auto', minHeight: 50, paddingBlock: 8 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            {confirm}
          </Button>
          <Button size="lg" variant="default" onClick={() => setAsking(false)}>
            {t('today.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
