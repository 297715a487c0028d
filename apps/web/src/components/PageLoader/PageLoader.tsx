import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="60vh" role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}
