import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ParentModificationRequest } from '@school-transport/contracts';
import { ModificationStatusBadge } from './ModificationStatusBadge.js';
import { ModificationComparison } from './ModificationComparison.js';
import { formatDate } from '../../i18n/format.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';

/**
 * 'Recent Modification Requests': date, student, status, View; a table, or on a
 * phone one small card per request. View shows old against new and the office's note.
 */
export function RecentModificationRequests({ requests }: { requests: ParentModificationRequest[] }) {
  const { t } = useTranslation('parent');
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  // The request on view, and the View button pressed for it: focus goes back to that button.
  const [viewing, setViewing] = useState<{ request: ParentModificationRequest; opener: HTMLElement } | null>(null);
  const rows = requests.map((request) => {
    const name = `${request.student.firstName} ${request.student.lastName}`;
    const date = formatDate(request.createdAt);
    const view = (
      <Button
        variant="light"
        size="sm"
        mih={44}
        onClick={(event) => setViewing({ request, opener: event.currentTarget })}
        aria-label={t('requests.viewLabel', { name, date })}
      >
        {t('requests.view')}
      </Button>
    );
    return { request, name, date, view };
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-requests-title">
      <Title order={2} size="h3" id="recent-requests-title">
        {t('requests.title')}
      </Title>
      {narrow ? (
        <Stack gap="xs" role="list">
          {rows.map(({ request, name, date, view }) => (
            <Card key={request.id} withBorder padding="sm" role="listitem" data-request-row>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  <Text size="sm">{date}</Text>
                  <ModificationStatusBadge status={request.status} />
                </div>
                {view}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('requests.date')}</Table.Th>
                <Table.Th>{t('requests.student')}</Table.Th>
                <Table.Th>{t('requests.status')}</Table.Th>
                <Table.Th>{t('requests.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ request, name, date, view }) => (
                <Table.Tr key={request.id} data-request-row>
                  <Table.Td>{date}</Table.Td>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>
                    <ModificationStatusBadge status={request.status} />
                  </Table.Td>
                  <Table.Td>{view}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {viewing && <ModificationRequestView request={viewing.request} opener={viewing.opener} onClose={() => setViewing(null)} />}
    </Stack>
  );
}

function ModificationRequestView({ request, opener, onClose }: { request: ParentModificationRequest; opener: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation('parent');
  useReturnFocusToOpener(true, opener);
  return (
    <Modal opened onClose={onClose} title={t('requests.viewTitle')} size="lg" closeButtonProps={{ 'aria-label': t('details.close') }}>
      <Stack gap="sm">
        <Text fw={600}>
          {request.student.firstName} {request.student.lastName}
        </Text>
        <Text size="sm">{t('requests.requestedOn', { date: formatDate(request.createdAt) })}</Text>
        <div>
          <ModificationStatusBadge status={request.status} />
          {request.decidedAt && (
            <Text size="sm" span ms="sm">
              {t('requests.decidedOn', { date: formatDate(request.decidedAt) })}
            </Text>
          )}
        </div>
        <ModificationComparison before={request.payloadOld} after={request.payloadNew} changed={request.changedFields} />
        {request.status !== 'pending' && (
          <Alert color={request.status === 'approved' ? 'green' : 'red'} title={t('requests.officeNote')}>
            {request.adminNote ?? t('requests.noNote')}
          </Alert>
        )}
        <Button variant="default" onClick={onClose} mih={44}>
          {t('details.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
