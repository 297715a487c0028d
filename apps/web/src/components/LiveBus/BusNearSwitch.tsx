import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, errorMessage } from '../../trpc.js';
import { notify } from '../../notify.js';

/** 'Message me when the bus is near': off, 5 or 10 minutes before the family's stop, per child. */
export function BusNearSwitch({ studentId }: { studentId: string }) {
  const { t } = useTranslation('liveBus');
  const queryClient = useQueryClient();
  const options = trpc.parent.busNear.queryOptions({ id: studentId });
  const setting = useQuery(options);
  const save = useMutation(
    trpc.parent.setBusNear.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(options.queryKey, saved),
      onError: (error) => notify({ title: errorMessage(error, t('near.saveFailed')), variant: 'destructive' }),
    }),
  );
  const value = save.isPending && save.variables ? String(save.variables.minutes ?? 'off') : String(setting.data?.minutes ?? 'off');
  return (
    <Stack gap={4}>
      <Text fw={600} id="bus-near-label">
        {t('near.label')}
      </Text>
      <Text size="sm" c="dark.6" id="bus-near-hint">
        {t('near.hint')}
      </Text>
      <SegmentedControl
        aria-labelledby="bus-near-label"
        aria-describedby="bus-near-hint"
        disabled={!setting.data}
        value={value}
        onChange={(next) => save.mutate({ id: studentId, minutes: next === 'off' ? null : (Number(next) as 5 | 10) })}
        data={[
          { value: 'off', label: t('near.off') },
          { value: '5', label: t('near.five') },
          { value: '10', label: t('near.ten') },
        ]}
      />
    </Stack>
  );
}
