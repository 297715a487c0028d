import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';

/** How to pay, from the company settings; lines for settings not filled in are left out. */
export function PaymentInstructions() {
  const { t } = useTranslation('site');
  const settings = useQuery(trpc.public.settings.queryOptions()).data;
  return (
    <List size="sm" spacing={4}>
      {settings?.paymentMobileNumber && <List.Item>{t('payment.mobile', { number: settings.paymentMobileNumber })}</List.Item>}
      {settings?.paymentBankAccount && <List.Item>{t('payment.bank', { account: settings.paymentBankAccount })}</List.Item>}
      <List.Item>{t('payment.due')}</List.Item>
      <List.Item>{t('payment.afterForm')}</List.Item>
      {settings?.whatsappNumber && (
        <List.Item>
          <Text span size="sm">
            {t('payment.whatsapp', { number: settings.whatsappNumber })}
          </Text>
        </List.Item>
      )}
    </List>
  );
}
