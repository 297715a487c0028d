import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DRIVER_RUNS, FAMILY_AUDIENCES, FAMILY_MESSAGE_MAX_LENGTH, familyMessageInput, type DriverRun, type FamilyAudience } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { AdminDialog } from '../AdminDialog/AdminDialog.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';
import { translateMessage } from '../../i18n/messages.js';
import { useDrivers, useSchools } from '../../queries/admin-queries.js';
import { refreshOutbox } from '../../queries/outbox-queries.js';

/**
 * The office's message to families ('Bus 12 is running 15 minutes late'): who gets it (a driver's
 * run, a school, every family), the English and optionally the Arabic, and before sending the count
 * of families by language and how many the hour's limit would hold in the Outbox.
 */
export default function FamilyMessagesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('familyMessages');
  const [audience, setAudience] = useState<FamilyAudience>('run');
  const [driverId, setDriverId] = useState<string | null>(null);
  const [run, setRun] = useState<DriverRun>('morning');
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [textEn, setTextEn] = useState('');
  const [textAr, setTextAr] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const drivers = useDrivers();
  const schools = useSchools();

  const chosen = audience === 'all' || (audience === 'run' && driverId) || (audience === 'school' && schoolId);
  const choice = {
    audience,
    driverId: audience === 'run' ? driverId : null,
    run: audience === 'run' ? run : null,
    schoolId: audience === 'school' ? schoolId : null,
  };
  const preview = useQuery({ ...trpc.admin.familyMessages.preview.queryOptions(choice), enabled: Boolean(chosen), staleTime: 0 });
  const send = useMutation(trpc.admin.familyMessages.send.mutationOptions());
  const families = preview.data?.families ?? 0;

  const submit = async () => {
    const parsed = familyMessageInput.safeParse({ ...choice, textEn, textAr });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'textEn'), translateMessage(issue.message)])));
      return;
    }
    setErrors({});
    const result = await runAdminChange(
      () => send.mutateAsync({ ...choice, textEn, textAr }),
      { success: (answer) => ({ title: t('sent'), message: t('sentText', { queued: answer.queued, held: answer.held }) }), failure: t('sendFailed') },
      { after: refreshOutbox, setErrors: (fieldErrors) => setErrors(fieldErrors as Record<string, string>) },
    );
    if (result) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={t('title')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
          <Select
            label={t('audience')}
            data={FAMILY_AUDIENCES.map((value) => ({ value, label: t(`audiences.${value}`) }))}
            value={audience}
            allowDeselect={false}
            onChange={(value) => value && setAudience(value as FamilyAudience)}
          />
          {audience === 'run' && (
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('driver')}
                withAsterisk
                searchable
                data={(drivers.data?.drivers ?? []).map((driver) => ({ value: driver.id, label: driver.name }))}
                value={driverId}
                error={errors.driverId}
                onChange={setDriverId}
                miw={200}
              />
              <Select
                label={t('run')}
                data={DRIVER_RUNS.map((value) => ({ value, label: t(`runs.${value}`) }))}
                value={run}
                allowDeselect={false}
                onChange={(value) => value && setRun(value as DriverRun)}
                miw={160}
              />
            </Group>
          )}
          {audience === 'school' && (
            <Select
              label={t('school')}
              withAsterisk
              searchable
              data={(schools.data?.schools ?? []).map((school) => ({ value: school.id, label: school.name }))}
              value={schoolId}
              error={errors.schoolId}
              onChange={setSchoolId}
            />
          )}
          <Textarea
            label={t('textEn')}
            placeholder={t('textEnPlaceholder')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={FAMILY_MESSAGE_MAX_LENGTH}
            value={textEn}
            error={errors.textEn}
            onChange={(event) => setTextEn(event.currentTarget.value)}
            dir="ltr"
            lang="en"
          />
          <Textarea
            label={t('textAr')}
            description={t('textArHint')}
            autosize
            minRows={2}
            maxLength={FAMILY_MESSAGE_MAX_LENGTH}
            value={textAr}
            error={errors.textAr}
            onChange={(event) => setTextAr(event.currentTarget.value)}
            dir="rtl"
            lang="ar"
          />
          <Alert color={chosen && preview.data && families === 0 ? 'red' : 'blue'} variant="light" aria-live="polite" data-testid="family-count">
            {!chosen
              ? t('chooseFirst')
              : !preview.data
                ? t('counting')
                : families === 0
                  ? t('countNone')
                  : t('count', { count: families, english: preview.data.english, arabic: preview.data.arabic })}
            {chosen && preview.data && preview.data.held > 0 && (
              <Text size="sm" c="orange.9" mt="xs">
                {t('held', { count: preview.data.held })}
              </Text>
            )}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" mih={44} loading={send.isPending} disabled={!chosen || !preview.data || families === 0}>
              {t('send', { count: families })}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
