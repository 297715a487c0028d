import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  changedModificationFields,
  CLASSES,
  modificationRequestFields,
  requestedPayload,
  SERVICE_TYPES,
  type ModificationPayload,
} from '@school-transport/contracts';
import { queryClient, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { showServerErrors, zodValidate } from '../../forms/validation.js';
import type { ParentStudent } from '../StudentCard/StudentCard.js';
import { gradeOptions } from '../../i18n/labels.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';

interface RequestValues {
  firstName: string;
  lastName: string;
  fathersName: string;
  grade: string | null;
  class: string | null;
  serviceType: string;
  block: string;
  road: string;
  houseBuilding: string;
  address: string;
}

const valuesOf = (student: ParentStudent): RequestValues => ({
  firstName: student.firstName,
  lastName: student.lastName,
  fathersName: student.fathersName,
  grade: student.grade,
  class: student.class,
  serviceType: student.serviceType,
  block: student.block,
  road: student.road,
  houseBuilding: student.houseBuilding,
  address: student.address,
});

/**
 * Request Changes: the student's values prefilled, checked with the
 * shared contract, sent for the office's approval. A request that changes nothing is not sent.
 */
export function ModificationRequestModal({ student, onClose }: { student: ParentStudent | null; onClose: () => void }) {
  const { t } = useTranslation('parent');
  const { t: tm } = useTranslation('messages');
  const form = useForm<RequestValues>({ initialValues: student ? valuesOf(student) : ({} as RequestValues), validate: zodValidate(modificationRequestFields) });
  useReturnFocusToOpener(true);
  const submit = useMutation(trpc.parent.requestModification.mutationOptions());

  const send = async (values: RequestValues) => {
    if (submit.isPending) return;
    if (!student) {
      notify({ title: tm('modificationToasts.failedTitle'), message: tm('modificationToasts.noStudent'), variant: 'destructive' });
      return;
    }
    // The same comparison the server makes: unchanged text (after trimming) is no change.
    // Mantine ran the contract already (validate), so this parse succeeds; it gives the typed values.
    const parsed = modificationRequestFields.parse(values);
    const asked = requestedPayload(parsed);
    if (changedModificationFields(valuesOf(student) as Partial<ModificationPayload>, asked).length === 0) {
      notify({ title: tm('modificationToasts.failedTitle'), message: tm('parent.noChanges'), variant: 'destructive' });
      return;
    }
    try {
      await submit.mutateAsync({ ...parsed, studentId: student.id });
      notify({ title: tm('modificationToasts.submittedTitle'), message: tm('modificationToasts.submittedText') });
      onClose();
      await queryClient.invalidateQueries({ queryKey: trpc.parent.pathKey() });
    } catch (error) {
      const message = showServerErrors(error, form.setErrors, tm('modificationToasts.failedText'));
      notify({ title: tm('modificationToasts.failedTitle'), message, variant: 'destructive' });
    }
  };

  const name = student ? `${student.firstName} ${student.lastName}` : '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={name ? `${t('request.title')}: ${name}` : t('request.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('request.cancel') }}
    >
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <Alert color="blue">{t('request.note')}</Alert>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('request.firstName')} withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label={t('request.fathersName')} withAsterisk {...form.getInputProps('fathersName')} />
            <TextInput label={t('request.lastName')} withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select label={t('request.grade')} data={gradeOptions()} withAsterisk allowDeselect={false} {...form.getInputProps('grade')} />
            <Select label={t('request.class')} placeholder={t('request.classPlaceholder')} data={[...CLASSES]} clearable {...form.getInputProps('class')} />
            <Select
              label={t('request.serviceType')}
              data={SERVICE_TYPES.map((value) => ({ value, label: t(`service.${value}`) }))}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('serviceType')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('request.block')} withAsterisk {...form.getInputProps('block')} />
            <TextInput label={t('request.road')} withAsterisk {...form.getInputProps('road')} />
            <TextInput label={t('request.houseBuilding')} withAsterisk {...form.getInputProps('houseBuilding')} />
          </SimpleGrid>
          <TextInput label={t('request.address')} description={t('request.addressHint')} {...form.getInputProps('address')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('request.cancel')}
            </Button>
            <Button type="submit" loading={submit.isPending} mih={44}>
              {submit.isPending ? t('request.submitting') : t('request.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
