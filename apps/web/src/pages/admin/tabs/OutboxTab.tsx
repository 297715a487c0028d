import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_STATUSES,
  NOTIFICATION_TEMPLATE_KEYS,
  OUTBOX_PAGE_SIZES,
  type AdminNotification,
  type NotificationStatus,
  type NotificationTemplateKey,
} from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../trpc.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { refreshOutbox, useFailedMessageCount, useHeldMessageCount } from '../../../queries/outbox-queries.js';
import { ListState } from './ListState.js';
import { useDataTablePaging } from './data-table-paging.js';
import { tableRegionProps } from './data-table-region.js';
import { formatDateTime } from '../../../i18n/format.js';

const FamilyMessagesDialog = lazy(() => import('../../../components/FamilyMessagesDialog/FamilyMessagesDialog.js'));

const STATUS_COLORS: Record<NotificationStatus | 'sending', string> = { pending: 'yellow', sending: 'blue', sent: 'teal', failed: 'red', held: 'orange' };
const isTemplateKey = (key: string): key is NotificationTemplateKey => (NOTIFICATION_TEMPLATE_KEYS as readonly string[]).includes(key);

/**
 * The Outbox: every message to parents and drivers with its text, tries, last error and times,
 * filtered and paged by the server; a failed message (or all of them) can be sent again, and a
 * held one (a registration text or a message to families beyond the hourly cap) is sent once the
 * office releases it; 'Message families' opens the office's message to the families of a run, a
 * school or every family.
 */
export function OutboxTab() {
  const { t, i18n } = useTranslation('outbox');
  const { t: tFamilies } = useTranslation('familyMessages');
  const [messagingFamilies, setMessagingFamilies] = useState(false);
  const timeOf = (iso: string) => formatDateTime(iso, i18n.language);
  const [status, setStatus] = useState<NotificationStatus | null>(null);
  const [templateKey, setTemplateKey] = useState<NotificationTemplateKey | null>(null);
  const [recipientInput, setRecipientInput] = useState('');
  const [recipient] = useDebouncedValue(recipientInput.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const paging = useDataTablePaging();

  const list = useQuery({
    ...trpc.admin.notifications.list.queryOptions({
      status: status ?? undefined,
      templateKey: templateKey ?? undefined,
      recipient: recipient || undefined,
      page,
      pageSize,
    }),
    ...ADMIN_LIST_QUERY,
    placeholderData: keepPreviousData,
  });
  const failed = useFailedMessageCount();
  const retry = useMutation(trpc.admin.notifications.retry.mutationOptions());
  const retryAll = useMutation(trpc.admin.notifications.retryAllFailed.mutationOptions());
  const held = useHeldMessageCount();
  const release = useMutation(trpc.admin.notifications.release.mutationOptions());
  const releaseAll = useMutation(trpc.admin.notifications.releaseAllHeld.mutationOptions());
  const failedCount = failed.data?.count ?? 0;
  const heldCount = held.data?.count ?? 0;
  const records = list.data?.notifications ?? [];
  const total = list.data?.total ?? 0;
  const filtered = Boolean(status || templateKey || recipient);

  const templateLabel = (key: string) => (isTemplateKey(key) ? t(`templates.${key}`) : key);
  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const retryOne = (message: AdminNotification) =>
    runAdminChange(
      () => retry.mutateAsync({ id: message.id }),
      { success: () => ({ title: t('retryDone'), message: message.recipient }), failure: t('retryFailed') },
      { after: refreshOutbox },
    );
  const retryEvery = () =>
    runAdminChange(
      () => retryAll.mutateAsync(),
      { success: (result) => ({ title: t('retryAllDone'), message: t('retryAllDoneMessage', { count: result.retried }) }), failure: t('retryFailed') },
      { after: refreshOutbox },
    );
  const releaseOne = (message: AdminNotification) =>
    runAdminChange(
      () => release.mutateAsync({ id: message.id }),
      { success: () => ({ title: t('releaseDone'), message: message.recipient }), failure: t('releaseFailed') },
      { after: refreshOutbox },
    );
  const releaseEvery = () =>
    runAdminChange(
      () => releaseAll.mutateAsync(),
      { success: (result) => ({ title: t('releaseAllDone'), message: t('releaseAllDoneMessage', { count: result.released }) }), failure: t('releaseFailed') },
      { after: refreshOutbox },
    );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button mih={44} onClick={() => setMessagingFamilies(true)}>
            {tFamilies('open')}
          </Button>
          <Button variant="default" mih={44} onClick={() => void refreshOutbox()} loading={list.isFetching && !list.isLoading}>
            {t('refresh')}
          </Button>
          <Button color="red" variant="light" mih={44} disabled={failedCount === 0 || retryAll.isPending} onClick={() => void retryEvery()}>
            {t('retryAll', { count: failedCount })}
          </Button>
          {heldCount > 0 && (
            <Button color="orange" variant="light" mih={44} disabled={releaseAll.isPending} onClick={() => void releaseEvery()}>
              {t('releaseAll', { count: heldCount })}
            </Button>
          )}
        </Group>
      </Group>
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end" gap="sm">
          <Select
            label={t('filters.status')}
            data={[{ value: '', label: t('filters.any') }, ...NOTIFICATION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
            value={status ?? ''}
            onChange={filterChanged((value: string | null) => setStatus(value ? (value as NotificationStatus) : null))}
            allowDeselect={false}
            w={160}
          />
          <Select
            label={t('filters.template')}
            data={[{ value: '', label: t('filters.any') }, ...NOTIFICATION_TEMPLATE_KEYS.map((value) => ({ value, label: t(`templates.${value}`) }))]}
            value={templateKey ?? ''}
            onChange={filterChanged((value: string | null) => setTemplateKey(value ? (value as NotificationTemplateKey) : null))}
            allowDeselect={false}
            w={240}
          />
          <TextInput
            label={t('filters.recipient')}
            placeholder={t('filters.recipientPlaceholder')}
            value={recipientInput}
            onChange={(event) => {
              setRecipientInput(event.currentTarget.value);
              setPage(1);
            }}
            inputMode="tel"
            w={180}
          />
        </Group>
        <Text c="dimmed" size="sm">
          {t('total', { count: total })}
        </Text>
      </Group>
      <ListState query={list}>
        <DataTable<AdminNotification>
          aria-label={t('title')}
          withTableBorder
          striped
          verticalAlign="top"
          minHeight={records.length === 0 ? 160 : undefined}
          noRecordsText={filtered ? t('noMatch') : t('empty')}
          records={records}
          fetching={list.isFetching}
          totalRecords={total}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={[...OUTBOX_PAGE_SIZES]}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          recordsPerPageLabel={t('perPage')}
          paginationText={({ from, to, totalRecords }) => t('pagination', { from, to, total: totalRecords })}
          {...paging}
          scrollAreaProps={tableRegionProps(t('title'))}
          // Retry and release stay in reach at the table's end while a long message text scrolls beneath them.
          pinLastColumn
          columns={[
            { accessor: 'createdAt', title: t('columns.created'), noWrap: true, render: (message) => timeOf(message.createdAt) },
            {
              accessor: 'recipient',
              title: t('columns.recipient'),
              noWrap: true,
              render: (message) => (
                <Stack gap={0}>
                  <Text size="sm">{message.recipient}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`channel.${message.channel}`)} · {t(`language.${message.language}`)}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'templateKey', title: t('columns.template'), render: (message) => templateLabel(message.templateKey) },
            {
              accessor: 'status',
              title: t('columns.status'),
              noWrap: true,
              render: (message) => {
                const shown = message.sending ? 'sending' : message.status;
                return (
                  <Badge color={STATUS_COLORS[shown]} variant="light" miw="max-content">
                    {t(`status.${shown}`)}
                  </Badge>
                );
              },
            },
            {
              accessor: 'text',
              title: t('columns.text'),
              render: (message) => (
                // The message is in its recipient's language, whatever the screen's: read out (and checked) as such.
                <Text size="sm" miw={260} maw={420} dir="auto" lang={message.language} style={{ whiteSpace: 'pre-wrap' }}>
                  {message.text}
                </Text>
              ),
            },
            {
              accessor: 'attempts',
              title: t('columns.tries'),
              noWrap: true,
              render: (message) => t('tries', { attempts: message.attempts, max: message.maxAttempts }),
            },
            {
              accessor: 'errorMsg',
              title: t('columns.error'),
              render: (message) =>
                message.errorMsg ? (
                  <Text size="sm" c="red" miw={180} maw={260} style={{ overflowWrap: 'anywhere' }}>
                    {message.errorMsg}
                  </Text>
                ) : (
                  '—'
                ),
            },
            {
              accessor: 'sentAt',
              title: t('columns.times'),
              noWrap: true,
              render: (message) =>
                message.sentAt
                  ? t('sentAt', { time: timeOf(message.sentAt) })
                  : message.nextAttemptAt
                    ? t('nextAt', { time: timeOf(message.nextAttemptAt) })
                    : '—',
            },
            {
              accessor: 'actions',
              title: t('columns.actions'),
              render: (message) =>
                message.status === 'failed' ? (
                  <Button
                    size="sm"
                    mih={44}
                    variant="light"
                    aria-label={t('retryLabel', { recipient: message.recipient })}
                    disabled={retry.isPending}
                    onClick={() => void retryOne(message)}
                  >
                    {t('retry')}
                  </Button>
                ) : message.status === 'held' ? (
                  <Button
                    size="sm"
                    mih={44}
                    variant="light"
                    color="orange"
                    aria-label={t('releaseLabel', { recipient: message.recipient })}
                    disabled={release.isPending}
                    onClick={() => void releaseOne(message)}
                  >
                    {t('release')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </ListState>
      {messagingFamilies && (
        <Suspense fallback={null}>
          <FamilyMessagesDialog onClose={() => setMessagingFamilies(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
