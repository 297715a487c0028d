import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminNotification } from '@school-transport/contracts';
import '../../../i18n/index.js';
import '../../../i18n/office.js';
import { createQueryClient, trpc } from '../../../trpc.js';
import { theme } from '../../../theme.js';
import { OutboxTab } from './OutboxTab.js';

const message = (overrides: Partial<AdminNotification>): AdminNotification => ({
  id: '00000000-0000-4000-8000-000000000001',
  channel: 'sms',
  recipient: '36000001',
  templateKey: 'registration_received',
  language: 'en',
  status: 'pending',
  sending: false,
  text: 'School bus registration received for Maryam Ali.',
  attempts: 0,
  maxAttempts: 5,
  errorMsg: null,
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  ...overrides,
});

/** The tab as the server's answers leave it: the first page of the list and both counts. */
function renderOutbox(notifications: AdminNotification[], counts: { failed: number; held: number }): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(trpc.admin.notifications.list.queryKey({ status: undefined, templateKey: undefined, recipient: undefined, page: 1, pageSize: 20 }), {
    notifications,
    total: notifications.length,
  });
  queryClient.setQueryData(trpc.admin.notifications.failedCount.queryKey(), { count: counts.failed });
  queryClient.setQueryData(trpc.admin.notifications.heldCount.queryKey(), { count: counts.held });
  return renderToString(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <OutboxTab />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Outbox tab', () => {
  it('shows a held message with its Release button, and Release all with the number held', () => {
    const html = renderOutbox(
      [
        message({ id: '00000000-0000-4000-8000-000000000002', recipient: '36000002', status: 'held' }),
        message({ status: 'sent', attempts: 1, sentAt: '2026-11-26T06:01:00.000Z' }),
      ],
      { failed: 0, held: 1 },
    );
    expect(html).toContain('>Held<');
    expect(html).toContain('aria-label="Release the message to 36000002"');
    expect(html).not.toContain('aria-label="Release the message to 36000001"');
    expect(html).toContain('Release all held (1)');
  });

  it('offers no release when nothing is held', () => {
    const html = renderOutbox([message({ status: 'sent', attempts: 1, sentAt: '2026-11-26T06:01:00.000Z' })], { failed: 0, held: 0 });
    expect(html).not.toContain('Release');
    expect(html).not.toContain('>Held<');
  });
});
