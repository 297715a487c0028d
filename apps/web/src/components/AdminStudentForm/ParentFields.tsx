import { useState } from 'react';
import { Button, Group, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePhoneScreen } from '../AdminDialog/use-phone-screen.js';
import type { ParentMatch } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import type { StudentFormValues } from './form-values.js';

/** Add Student's parent part: find an existing parent by email or phone, or open a new account. */
export function ParentFields({ form }: { form: UseFormReturnType<StudentFormValues> }) {
  const { t } = useTranslation('students');
  const queryClient = useQueryClient();
  const [matches, setMatches] = useState<ParentMatch[] | undefined>(undefined);
  const [looking, setLooking] = useState(false);
  const phone = usePhoneScreen();
  const kind = form.getValues().parent.kind;

  const find = async () => {
    const emailOrPhone = form.getValues().parent.emailOrPhone.trim();
    if (!emailOrPhone) return;
    setLooking(true);
    try {
      const result = await queryClient.fetchQuery(trpc.admin.students.findParent.queryOptions({ emailOrPhone }, { staleTime: 0 }));
      setMatches(result.parents);
      const first = result.parents[0];
      if (result.parents.length === 1 && first && !form.getValues().contactNumber1 && first.phone) form.setFieldValue('contactNumber1', first.phone);
    } finally {
      setLooking(false);
    }
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('form.parentKind')}
        data={[
          { value: 'existing', label: t('form.parentExisting') },
          { value: 'new', label: t('form.parentNew') },
        ]}
        {...form.getInputProps('parent.kind')}
      />
      {kind === 'existing' ? (
        <>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('form.parentLookup')}
              withAsterisk
              {...form.getInputProps('parent.emailOrPhone')}
              onChange={(event) => {
                form.setFieldValue('parent.emailOrPhone', event.currentTarget.value);
                setMatches(undefined);
              }}
            />
            <Button variant="light" onClick={() => void find()} loading={looking} mih={phone ? 44 : 36}>
              {t('form.find')}
            </Button>
          </Group>
          {matches?.length === 0 && (
            <Text size="sm" c="red" role="status">
              {t('form.parentNone')}
            </Text>
          )}
          {matches?.length === 1 && (
            <Text size="sm" c="teal" role="status">
              {t('form.parentFound', { name: matches[0]!.name, contact: [matches[0]!.email, matches[0]!.phone].filter(Boolean).join(' · ') })}
            </Text>
          )}
          {matches !== undefined && matches.length > 1 && (
            <Text size="sm" c="orange" role="status">
              {t('form.parentMany')}
            </Text>
          )}
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.parentName')} withAsterisk {...form.getInputProps('parent.name')} />
            <TextInput label={t('form.parentEmail')} type="email" withAsterisk {...form.getInputProps('parent.email')} />
            <TextInput label={t('form.parentPhone')} inputMode="numeric" maxLength={8} withAsterisk {...form.getInputProps('parent.phone')} />
            <PasswordInput
              label={t('form.parentPassword')}
              description={t('form.parentPasswordHint')}
              autoComplete="new-password"
              {...form.getInputProps('parent.password')}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
