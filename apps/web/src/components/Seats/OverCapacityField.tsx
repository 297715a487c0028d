import { Alert, Checkbox, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/permissions.js';
import type { OverCapacityState } from './use-over-capacity.js';
import { SeatRefusalText } from './SeatRefusalText.js';

/**
 * A full bus's refusal shown in the form, and for those who may (an admin) the tick box that
 * allows it anyway, with the reason the audit log keeps.
 */
export function OverCapacityField({ state }: { state: OverCapacityState }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  if (!state.refusal) return null;
  return (
    <Alert color="red" role="alert">
      <Stack gap="sm">
        <SeatRefusalText refusal={state.refusal} />
        {can('seats.override') && (
          <>
            <Checkbox label={t('seats.allowOverCapacity')} checked={state.allowed} onChange={(event) => state.setAllowed(event.currentTarget.checked)} />
            {state.allowed && (
              <Textarea
                label={t('seats.reason')}
                description={t('seats.reasonHint')}
                withAsterisk
                autosize
                minRows={2}
                maxLength={300}
                value={state.reason}
                onChange={(event) => state.setReason(event.currentTarget.value)}
              />
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}
