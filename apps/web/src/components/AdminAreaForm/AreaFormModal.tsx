import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaInput, formatMoney, type AdminArea } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { showServerErrors, zodValidate } from '../../forms/validation.js';

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
  const { t } = useTranslation('admin');
  const form = useForm<AreaValues>({
    initialValues: { name: area?.name ?? '', price: area?.price ?? '', roundaboutCount: area?.roundaboutCount ?? 0 },
    validate: zodValidate(areaInput),
  });
  const [asking, setAsking] = useState<AreaValues | null>(null);
  const create = useMutation(trpc.admin.areas.create.mutationOptions());
  const update = useMutation(trpc.admin.areas.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  const save = async (values: AreaValues, applyPriceToStudents: boolean) => {
    try {
      if (area) {
        const saved = await update.mutateAsync({ ...values, id: area.id, applyPriceToStudents });
        const applied = applyPriceToStudents ? t('areas.appliedTo', { count: saved.area.studentCount }) : values.name;
        notify({ title: t('areas.updated'), message: applied });
      } else {
        await create.mutateAsync(values);
        notify({ title: t('areas.added'), message: values.name });
      }
      await onSaved();
      onClose();
    } catch (error) {
      setAsking(null);
      notify({ title: t('areas.saveFailed'), message: showServerErrors(error, form.setErrors, t('areas.saveFailed')), variant: 'destructive' });
    }
  };

  const submit = (values: AreaValues) => {
    const priceChanged = area !== null && moneyOrNull(values.price) !== area.price;
    if (area && priceChanged && area.studentCount > 0) setAsking(values);
    else void save(values, false);
  };

  const newPrice = asking ? (moneyOrNull(asking.price) ?? asking.price) : '';

  return (
    <Modal opened onClose={onClose} title={asking ? t('areas.applyTitle') : area ? t('areas.editTitle') : t('areas.addTitle')}>
      {asking && area ? (
        <Stack>
          <Text>{t('areas.applyText', { count: area.studentCount, area: asking.name, price: newPrice })}</Text>
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
            <NumberInput label={t('areas.roundaboutCount')} description={t('areas.roundaboutHint')} min={0} max={99} allowDecimal={false} allowNegative={false} {...form.getInputProps('roundaboutCount')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={pending}>
                {pending ? t('common.saving') : t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
