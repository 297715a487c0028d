import { Alert, Button, Center, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';
import type { ParentStudent } from '../StudentCard/StudentCard.js';
import { formatAmount, formatDate } from '../../i18n/format.js';
import { gradeLabel } from '../../i18n/labels.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';

/** View Details: every field of the student, and the terms accepted at registration. */
export function StudentDetailsModal({ student, onClose }: { student: ParentStudent; onClose: () => void }) {
  const { t } = useTranslation('parent');
  useReturnFocusToOpener(true);
  const details = useQuery(trpc.parent.student.queryOptions({ id: student.id }));
  const full = details.data?.student;
  const shown = full ?? student;
  const item = (label: string, value: string) => (
    <div key={label}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
  const terms = full
    ? full.termsVersion !== null && full.termsAcceptedAt
      ? t('details.termsAccepted', { version: full.termsVersion, date: formatDate(full.termsAcceptedAt) })
      : t('details.termsUnknown')
    : null;

  return (
    <Modal opened onClose={onClose} title={t('details.title')} size="lg" closeButtonProps={{ 'aria-label': t('details.close') }}>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
          {item(t('details.name'), `${shown.firstName} ${shown.lastName}`)}
          {item(t('details.fathersName'), shown.fathersName)}
          {item(t('details.grade'), gradeLabel(shown.grade))}
          {item(t('details.class'), shown.class ?? t('details.notApplicable'))}
          {item(t('details.schoolId'), shown.studentSchoolId)}
          {item(t('details.school'), shown.schoolName)}
          {item(t('details.service'), t(`service.${shown.serviceType}`))}
          {item(t('details.price'), t('card.fee', { price: formatAmount(shown.priceBhd) }))}
          {item(t('details.area'), shown.area?.name ?? t('card.notSpecified'))}
          {item(t('details.driver'), shown.driver ? `${shown.driver.name} · ${shown.driver.phone}` : t('details.notAssigned'))}
          {item(t('details.block'), shown.block)}
          {item(t('details.road'), shown.road)}
          {item(t('details.houseBuilding'), shown.houseBuilding)}
          {item(t('details.fullAddress'), shown.address)}
          {terms !== null && item(t('details.terms'), terms)}
        </SimpleGrid>
        {details.isLoading && (
          <Center>
            <Loader size="sm" />
          </Center>
        )}
        {details.isError && <Alert color="red">{t('details.loadFailed')}</Alert>}
        <Button variant="default" onClick={onClose} mih={44}>
          {t('details.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
