import { useState } from 'react';
import { Paper, Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, queryClient, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { useSchoolDayMessages } from './parent-day-queries.js';

/**
 * The family's choice of a message when a child boards and is dropped off: off until turned on,
 * since each message costs money. A no-show and a return to school are always sent.
 */
export function DayMessagesSwitch() {
  const { t } = useTranslation('parentDay');
  const current = useSchoolDayMessages();
  const save = useMutation(trpc.parent.setSchoolDayMessages.mutationOptions());
  // The switch moves at once; a refused save puts it back.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!current.data) return null;

  const change = async (boardedAndDropped: boolean) => {
    setAsked(boardedAndDropped);
    try {
      const saved = await save.mutateAsync({ boardedAndDropped });
      queryClient.setQueryData(trpc.parent.schoolDayMessages.queryKey(), saved);
      notify({ title: t('messages.saved') });
    } catch (error) {
      notify({ title: t('messages.failed'), message: errorMessage(error, t('messages.failed')), variant: 'destructive' });
    }
    setAsked(null);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('messages.title')}>
      <Switch
        size="md"
        checked={asked ?? current.data.messages.boardedAndDropped}
        disabled={save.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t('messages.boardedAndDropped')}
        description={t('messages.boardedAndDroppedHint')}
      />
    </Paper>
  );
}
