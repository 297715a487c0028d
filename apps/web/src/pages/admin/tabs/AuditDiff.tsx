import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "contactPhone" → "Contact phone": a field name as words, where the catalog has none. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Words for entity types and actions, from the catalog where known. */
export function useAuditLabels() {
  const { t } = useTranslation('analytics');
  const translate = t as unknown as Translate;
  return {
    entityType: (value: string) => translate(`audit.entityTypes.${value}`, { defaultValue: humanize(value) }),
    action: (value: string) => translate(`audit.actions.${value}`, { defaultValue: humanize(value) }),
  };
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value && Object.keys(value).length === 2;
}

/** One audit row's diff, a line per field: "Name: Old → New" for an edit, "Name: Value" for what was set. */
export function AuditDiff({ diff }: { diff: Record<string, unknown> }) {
  const { t } = useTranslation('analytics');
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('audit.emptyValue');
    if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
    if (Array.isArray(value)) return value.length === 0 ? t('audit.emptyValue') : value.map(show).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  const entries = Object.entries(diff);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noChanges')}
      </Text>
    );
  }
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} miw={200}>
      {entries.map(([field, value]) => (
        <Text key={field} component="li" size="sm">
          <Text span fw={600} inherit>
            {humanize(field)}:
          </Text>{' '}
          {isChange(value) ? (
            <>
              <Text span inherit td="line-through" c="dimmed">
                {show(value.from)}
              </Text>{' '}
              {t('audit.arrow')} {show(value.to)}
            </>
          ) : (
            show(value)
          )}
        </Text>
      ))}
    </Stack>
  );
}
