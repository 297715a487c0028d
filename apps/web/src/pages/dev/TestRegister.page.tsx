import { useState } from 'react';
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegistrationInput } from '@school-transport/contracts';
import { trpcClient } from '../../trpc.js';
import { notify } from '../../notify.js';
import '../../styles/public-forms.js';

/**
 * Development only: posts fixed sample data to POST /api/registrations, with the first school and
 * area and the current terms (their ids differ per database), and shows the raw answer.
 */
export function TestRegisterPage() {
  const { t } = useTranslation('site');
  const [answer, setAnswer] = useState<string>('');
  const [pending, setPending] = useState(false);

  const send = async () => {
    setPending(true);
    try {
      const [meta, terms] = await Promise.all([trpcClient.public.meta.query(), trpcClient.public.terms.query()]);
      const stamp = Date.now().toString(36);
      const sample: RegistrationInput = {
        firstName: 'Test',
        fathersName: 'Sample',
        lastName: 'Student',
        grade: '5',
        class: 'A',
        schoolId: meta.schools[0]?.id ?? '',
        studentSchoolId: `TEST-${stamp}`,
        parentName: 'Test Parent',
        parentEmail: `test-${stamp}@example.com`,
        parentPhone: '36000000',
        password: 'test-password',
        serviceType: 'BOTH',
        areaId: meta.areas[0]?.id ?? '',
        block: '100',
        road: '10',
        houseBuilding: '1',
        termsAccepted: true,
        termsVersionId: terms.id,
      };
      const response = await fetch('/api/registrations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sample),
      });
      setAnswer(`${response.status} ${await response.text()}`);
    } catch (error) {
      console.error(error);
      notify({ title: t('dev.networkError'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h3">
          {t('dev.testRegisterTitle')}
        </Title>
        <Text c="dimmed">{t('dev.testRegisterText')}</Text>
        <Button onClick={() => void send()} loading={pending}>
          {t('dev.testRegisterSend')}
        </Button>
        {answer && <Code block>{answer}</Code>}
      </Stack>
    </Container>
  );
}
