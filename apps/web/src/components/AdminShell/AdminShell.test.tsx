import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import '../../i18n/index.js';
import '../../i18n/office.js';
import { createQueryClient } from '../../trpc.js';
import { theme } from '../../theme.js';
import { AdminShell, type AdminTab } from './AdminShell.js';

function renderNavigation(tabs: AdminTab[]): string {
  return renderToString(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouter location="/admin">
          <AdminShell tabs={tabs} current="outbox" onSelect={() => undefined}>
            <p>The open section</p>
          </AdminShell>
        </StaticRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The text of the sidebar button of a section, tags left out: what a screen reader reads as its name. */
function sectionText(html: string, label: string): string {
  const start = html.indexOf(`>${label}<`);
  expect(start, `a section labelled ${label}`).toBeGreaterThan(0);
  const end = html.indexOf('</button>', start);
  return html
    .slice(start + 1, end)
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the admin sections', () => {
  it('show the Outbox’s held messages as a second count, named for screen readers, only when some are held', () => {
    const outbox = (held: number | undefined): AdminTab => ({
      key: 'outbox',
      label: 'Outbox',
      count: 2,
      color: 'red',
      extraCount: { count: held, color: 'orange', label: 'held' },
    });
    expect(sectionText(renderNavigation([{ key: 'dashboard', label: 'Dashboard' }, outbox(7)]), 'Outbox')).toBe('Outbox27 held');
    expect(sectionText(renderNavigation([outbox(0)]), 'Outbox')).toBe('Outbox2');
    expect(sectionText(renderNavigation([outbox(undefined)]), 'Outbox')).toBe('Outbox2');
    expect(sectionText(renderNavigation([{ key: 'dashboard', label: 'Dashboard' }]), 'Dashboard')).toBe('Dashboard');
  });
});
