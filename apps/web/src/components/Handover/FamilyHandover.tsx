import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADULT_RELATIONS, bahrainToday, type AdultRelation } from '@school-transport/contracts';
import type { ParentStudent } from '../StudentCard/StudentCard.js';
import { errorMessage, queryClient, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { formatDate } from '../../i18n/format.js';
import { useDayPickerProps } from '../DayPicker/use-day-picker-props.js';

const refreshAdults = () => queryClient.invalidateQueries({ queryKey: trpc.parent.authorisedAdults.list.queryKey() });
const refreshCodes = () => queryClient.invalidateQueries({ queryKey: trpc.parent.handoverCodes.list.queryKey() });

/**
 * Who may receive the family's young children at the afternoon stop besides the parents: the
 * authorised adults (at most 8), and a one-day delegate with a code sent to their phone (shown here
 * once, for the parent to pass on if the text is slow).
 */
export function FamilyHandover({ students }: { students: ParentStudent[] }) {
  const { t } = useTranslation('parentDay');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="family-handover-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="family-handover-title">
          {t('handover.title')}
        </Title>
        <Text size="sm">{t('handover.intro')}</Text>
        <AuthorisedAdults />
        <DayCodes students={students} />
      </Stack>
    </Paper>
  );
}

function AuthorisedAdults() {
  const { t } = useTranslation('parentDay');
  const adults = useQuery(trpc.parent.authorisedAdults.list.queryOptions());
  const add = useMutation(trpc.parent.authorisedAdults.add.mutationOptions());
  const remove = useMutation(trpc.parent.authorisedAdults.remove.mutationOptions());
  const [name, setName] = useState('');
  const [relation, setRelation] = useState<AdultRelation | null>(null);
  const [phone, setPhone] = useState('');
  const submit = async () => {
    try {
      await add.mutateAsync({ name, relation: relation ?? ('' as AdultRelation), phone });
      setName('');
      setRelation(null);
      setPhone('');
      await refreshAdults();
      notify({ title: t('handover.adults.added') });
    } catch (error) {
      notify({ title: t('handover.adults.failed'), message: errorMessage(error, t('handover.adults.failed')), variant: 'destructive' });
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t('handover.adults.title')}
      </Title>
      {adults.data?.adults.length === 0 && <Text size="sm">{t('handover.adults.none')}</Text>}
      {adults.data?.adults.map((adult) => (
        <Group key={adult.id} justify="space-between" wrap="nowrap" data-testid="authorised-adult">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('handover.adults.line', { name: adult.name, relation: t(`handover.relation.${adult.relation}`), phone: adult.phone })}
          </Text>
          <Button
            variant="default"
            size="sm"
            mih={44}
            aria-label={t('handover.adults.removeLabel', { name: adult.name })}
            onClick={() => void remove.mutateAsync({ id: adult.id }).then(refreshAdults)}
          >
            {t('handover.adults.remove')}
          </Button>
        </Group>
      ))}
      <TextInput label={t('handover.adults.name')} value={name} maxLength={80} onChange={(event) => setName(event.currentTarget.value)} />
      <Select
        label={t('handover.adults.relation')}
        data={ADULT_RELATIONS.map((value) => ({ value, label: t(`handover.relation.${value}`) }))}
        value={relation}
        onChange={(value) => setRelation(value as AdultRelation | null)}
      />
      <TextInput label={t('handover.adults.phone')} inputMode="numeric" maxLength={8} value={phone} onChange={(event) => setPhone(event.currentTarget.value)} />
      <Button mih={44} loading={add.isPending} onClick={() => void submit()}>
        {t('handover.adults.add')}
      </Button>
    </Stack>
  );
}

function DayCodes({ students }: { students: ParentStudent[] }) {
  const { t, i18n } = useTranslation('parentDay');
  const codes = useQuery(trpc.parent.handoverCodes.list.queryOptions());
  const issue = useMutation(trpc.parent.handoverCodes.issue.mutationOptions());
  const cancel = useMutation(trpc.parent.handoverCodes.cancel.mutationOptions());
  const today = bahrainToday(new Date());
  const dayPicker = useDayPickerProps(today);
  const [studentId, setStudentId] = useState<string | null>(students.length === 1 ? students[0]!.id : null);
  const [date, setDate] = useState<string | null>(today);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [issued, setIssued] = useState<{ code: string; name: string } | null>(null);
  const firstNameOf = (id: string) => students.find((student) => student.id === id)?.firstName ?? '';
  const submit = async () => {
    try {
      const answer = await issue.mutateAsync({ studentId: studentId ?? '', date: date ?? '', name, phone });
      setIssued({ code: answer.code, name: answer.handoverCode.name });
      setName('');
      setPhone('');
      await refreshCodes();
    } catch (error) {
      notify({ title: t('handover.codes.failed'), message: errorMessage(error, t('handover.codes.failed')), variant: 'destructive' });
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t('handover.codes.title')}
      </Title>
      <Text size="sm">{t('handover.codes.intro')}</Text>
      {issued && (
        <Alert color="green" role="status" title={t('handover.codes.issuedTitle', { name: issued.name })}>
          <Text size="sm">{t('handover.codes.issued', { code: issued.code })}</Text>
        </Alert>
      )}
      {codes.data?.handoverCodes.map((code) => (
        <Group key={code.id} justify="space-between" wrap="nowrap" data-testid="handover-code">
          <Text size="sm">
            {t('handover.codes.line', { name: code.name, student: firstNameOf(code.studentId), date: formatDate(code.date, i18n.language) })}
          </Text>
          <Button
            variant="default"
            size="sm"
            mih={44}
            aria-label={t('handover.codes.cancelLabel', { name: code.name })}
            onClick={() => void cancel.mutateAsync({ id: code.id }).then(refreshCodes)}
          >
            {t('handover.codes.cancel')}
          </Button>
        </Group>
      ))}
      <Select
        label={t('handover.codes.student')}
        data={students.map((student) => ({ value: student.id, label: `${student.firstName} ${student.lastName}` }))}
        value={studentId}
        onChange={setStudentId}
      />
      <DatePickerInput {...dayPicker} label={t('handover.codes.date')} value={date} onChange={setDate} />
      <TextInput label={t('handover.codes.name')} value={name} maxLength={80} onChange={(event) => setName(event.currentTarget.value)} />
      <TextInput label={t('handover.codes.phone')} inputMode="numeric" maxLength={8} value={phone} onChange={(event) => setPhone(event.currentTarget.value)} />
      <Button mih={44} loading={issue.isPending} onClick={() => void submit()}>
        {t('handover.codes.issue')}
      </Button>
    </Stack>
  );
}
