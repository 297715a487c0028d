import type { FormEventHandler, ReactNode } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The card of the three sign-in pages: title, subtitle, the page's fields, 'Sign In' ('Signing
 * In...' while pending) and an optional footer.
 */
export function LoginCard(props: {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  centered?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('site');
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap={4} mb="lg" ta={props.centered ? 'center' : undefined}>
        <Title order={1} size={props.centered ? 'h3' : 'h2'}>
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {props.subtitle}
        </Text>
      </Stack>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack>
          {props.children}
          <Button type="submit" disabled={props.pending}>
            {props.pending ? t('login.signingIn') : t('login.signIn')}
          </Button>
        </Stack>
      </form>
      {props.footer}
    </Card>
  );
}
