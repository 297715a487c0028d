import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MODIFICATION_FIELDS, type ModificationField, type ModificationPayload } from '@school-transport/contracts';
import { gradeLabel } from '../../i18n/labels.js';

/**
 * Old against new, one row per field of a modification request. Changed rows are highlighted (and say
 * so in words, for screen readers); conflicting ones, for the office, are marked in red.
 */
export function ModificationComparison({
  before,
  after,
  changed,
  conflicting = [],
  beforeLabel,
}: {
  before: ModificationPayload;
  after: ModificationPayload;
  changed: readonly ModificationField[];
  conflicting?: readonly ModificationField[];
  beforeLabel?: string;
}) {
  const { t } = useTranslation('parent');
  // On a phone the three columns share ~300 px: smaller type, and long values wrap anywhere.
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const show = (field: ModificationField, value: string | null) => {
    if (value === null || value === '') return t('requests.empty');
    if (field === 'serviceType') return t(`service.${value as ModificationPayload['serviceType']}`);
    return field === 'grade' ? gradeLabel(value) : value;
  };
  return (
    <Table
      withTableBorder
      verticalSpacing={6}
      horizontalSpacing={narrow ? 6 : 'xs'}
      fz={narrow ? 'xs' : 'sm'}
      style={{ tableLayout: 'fixed', overflowWrap: 'anywhere' }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="34%">{t('requests.field')}</Table.Th>
          <Table.Th>{beforeLabel ?? t('requests.before')}</Table.Th>
          <Table.Th>{t('requests.requested')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {MODIFICATION_FIELDS.map((field) => {
          const isChanged = changed.includes(field);
          const isConflict = conflicting.includes(field);
          return (
            <Table.Tr key={field} data-changed={isChanged || undefined} bg={isConflict ? 'red.1' : isChanged ? 'yellow.1' : undefined}>
              <Table.Td>
                <Text inherit fw={isChanged ? 700 : 400}>
                  {t(`request.${field}`)}
                </Text>
                {isChanged && <VisuallyHidden>({t('requests.changed')})</VisuallyHidden>}
              </Table.Td>
              <Table.Td td={isChanged ? 'line-through' : undefined}>{show(field, before[field])}</Table.Td>
              <Table.Td fw={isChanged ? 700 : undefined}>{show(field, after[field])}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
