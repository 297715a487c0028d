import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../trpc.js';

interface QueryLike {
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Loading and failed states of an admin list, so each tab only renders its data. */
export function ListState({ query, children }: { query: QueryLike; children: ReactNode }) {
  const { t } = useTranslation('admin');
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.error) {
    return (
      <Alert color="red" title={t('common.loadFailed')}>
        {errorMessage(query.error, t('common.loadFailed'))}
        <Button size="xs" variant="light" ml="md" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}
