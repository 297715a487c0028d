import { useState } from 'react';
import { Paper, Stack, Switch } from '@mantine/core';
import type { SchoolDayMessages } from '@school-transport/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, queryClient, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { useSchoolDayMessages } from './parent-day-queries.js';

/**
 * The family's choices of messages, each off until turned on since each message costs money: when a
 * child boards and is dropped off, and (where the company sends by WhatsApp) an evening message
 * about tomorrow's bus with a 'Not riding' reply. A no-show and a return to school are always sent.
 */
export function DayMessagesSwitch() {
  const { t } = useTranslation('parentDay');
  const current = useSchoolDayMessages();
  const save = useMutation(trpc.parent.setSchoolDayMessages.mutationOptions());
  // The switch moves at once; a refused save puts it back.
  const [asked, setAsked] = useState<Partial<SchoolDayMessages>>({});
  if (!current.data) return null;
  const shown = { ...current.data.messages, ...asked };

  const change = async (choice: Partial<SchoolDayMessages>) => {
    setAsked(choice);
    try {
      const saved = await save.mutateAsync({ ...current.data.messages, ...choice });
      queryClient.setQueryData(trpc.parent.schoolDayMessages.queryKey(), saved);
      notify({ title: t('messages.saved') });
    } catch (error) {
      notify({ title: t('messages.failed'), message: errorMessage(error, t('messages.failed')), variant: 'destructive' });
    }
    setAsked({});
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('messages.title')}>
      <Stack gap="md">
        <Switch
          size="md"
          checked={shown.boardedAndDropped}
          disabled={save.isPending}
          onChange={(event) => void change({ boardedAndDropped: event.currentTarget.checked })}
          label={t('messages.boardedAndDropped')}
          description={t('messages.boardedAndDroppedHint')}
        />
        <Switch
          size="md"
          checked={shown.tomorrow}
          disabled={save.isPending}
          onChange={(event) => void change({ tomorrow: event.currentTarget.checked })}
          label={t('messages.tomorrow')}
          description={t('messages.tomorrowHint')}
        />
      </Stack>
    </Paper>
  );
}
