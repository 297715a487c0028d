import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaInput, formatMoney, type AdminArea } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../forms/validation.js';
import { FormActions } from '../AdminForm/FormActions.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';
import { formatAmount } from '../../i18n/format.js';

interface AreaValues {
  name: string;
  price: string;
  roundaboutCount: number | string;
}

/** The typed price as money, or null while it is not a valid amount yet. */
function moneyOrNull(text: string): string | null {
  try {
    return formatMoney(text);
  } catch {
    return null;
  }
}

/**
 * Adds an area (area = null) or edits one. When an edit changes the price of an area with
 * registered students, the admin is asked whether those students move to the new price.
 */
export function AreaFormModal({ area, onClose, onSaved }: { area: AdminArea | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useTranslation('admin');
  const form = useForm<AreaValues>({
    initialValues: { name: area?.name ?? '', price: area?.price ?? '', roundaboutCount: area?.roundaboutCount ?? 0 },
    validate: zodValidate(areaInput),
  });
  const [asking, setAsking] = useState<AreaValues | null>(null);
  const create = useMutation(trpc.admin.areas.create.mutationOptions());
  const update = useMutation(trpc.admin.areas.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  const save = async (values: AreaValues, applyPriceToStudents: boolean) => {
    const saved = await runAdminChange(
      () => (area ? update.mutateAsync({ ...values, id: area.id, applyPriceToStudents }) : create.mutateAsync(values)),
      {
        success: (result) =>
          area
            ? { title: t('areas.updated'), message: applyPriceToStudents ? t('areas.appliedTo', { count: result.area.studentCount }) : values.name }
            : { title: t('areas.added'), message: values.name },
        failure: t('areas.saveFailed'),
      },
      { after: onSaved, setErrors: form.setErrors },
    );
    if (saved) onClose();
    // Refused: back to the form, where the server's messages stand under the fields.
    else setAsking(null);
  };

  const submit = (values: AreaValues) => {
    const priceChanged = area !== null && moneyOrNull(values.price) !== area.price;
    if (area && priceChanged && area.studentCount > 0) setAsking(values);
    else void save(values, false);
  };

  const newPrice = asking ? (moneyOrNull(asking.price) ?? asking.price) : '';

  return (
    <AdminDialog onClose={onClose} title={asking ? t('areas.applyTitle') : area ? t('areas.editTitle') : t('areas.addTitle')}>
      {asking && area ? (
        <Stack>
          <Text>{t('areas.applyText', { count: area.studentCount, area: asking.name, price: formatAmount(newPrice, i18n.language) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void save(asking, false)} disabled={pending}>
              {t('areas.applyNo')}
            </Button>
            <Button onClick={() => void save(asking, true)} loading={pending}>
              {t('areas.applyYes', { count: area.studentCount })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <TextInput label={t('areas.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput label={t('areas.price')} placeholder={t('areas.pricePlaceholder')} inputMode="decimal" withAsterisk {...form.getInputProps('price')} />
            <NumberInput
              label={t('areas.roundaboutCount')}
              description={t('areas.roundaboutHint')}
              min={0}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('roundaboutCount')}
            />
            <FormActions pending={pending} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </AdminDialog>
  );
}
