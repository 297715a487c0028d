import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTablePaginationRenderContext } from 'mantine-datatable';
import { usePhoneScreen } from '../../../components/AdminDialog/use-phone-screen.js';

/**
 * The paging of an admin data table, with a name on every page button. On a wide screen:
 * mantine-datatable's row of page numbers. On a phone a row of page numbers in 44 px buttons is wider
 * than the screen: first, previous, next and last only (44 px each, big enough for a thumb), under
 * the "21–40 of 230" text that says where the list is.
 */
export function useDataTablePaging() {
  const { t } = useTranslation('admin');
  const phone = usePhoneScreen();
  const labels = {
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({ 'aria-label': t(`common.paging.${control}`) }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': t('common.paging.page', { page }) }),
  };
  if (!phone) return { ...labels, paginationSize: 'md' as const };
  return {
    ...labels,
    paginationSize: 'xl' as const,
    paginationWithEdges: true,
    renderPagination: ({ Controls }: DataTablePaginationRenderContext) => (
      <Stack gap="xs" w="100%">
        <Controls.Text />
        <Group justify="space-between" gap="xs">
          <Controls.PageSizeSelector />
          <Controls.Pagination withPages={false} gap={4} />
        </Group>
      </Stack>
    ),
  };
}
