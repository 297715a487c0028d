import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format.js';
import { useStudentToday } from './parent-day-queries.js';
import { todayLines, type RunLine } from './today-lines.js';

function RunToday({ line }: { line: RunLine }) {
  const { t, i18n } = useTranslation('parentDay');
  const what =
    line.events.length > 0
      ? line.events
          .map((mark) => {
            const event = t(`today.event.${line.run}.${mark.event}`, { time: formatTime(mark.at, i18n.language) });
            // Marks older than their author's record name no one.
            // Who received a young child at the stop: 'Dropped 13:42 · handed to Maryam (aunt)'.
            const received = mark.receivedBy
              ? ` · ${t('handover.receivedBy', { name: mark.receivedBy.name, relation: t(`handover.relation.${mark.receivedBy.relation}`) })}`
              : '';
            if (!mark.markedBy) return `${event}${received}`;
            return `${event} · ${mark.markedBy.name ? t('today.markedBy', { name: mark.markedBy.name }) : t('today.markedByOffice')}${received}`;
          })
          .join(' · ')
      : line.status === 'absent' && line.absenceReason
        ? t('today.absentBecause', { reason: line.absenceReason })
        : t(`today.status.${line.status}`);
  const attention = line.status === 'no_show' || line.status === 'returned_to_school';
  return (
    <Text size="sm" c={attention ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {[t(`today.run.${line.run}`), line.runName !== null && line.runName, line.busName !== null && t('today.busOf', { name: line.busName })]
          .filter(Boolean)
          .join(' · ')}
        :
      </Text>{' '}
      {what}
    </Text>
  );
}

/**
 * The student's bus today on the card, as the parent at work at 07:20 wants it: each run the
 * student rides, with every mark and its time on Bahrain's clock ('Boarded 06:42 · At school
 * 07:15'), or the status before the first mark. Read again when the parent comes back to the page.
 */
export function StudentToday({ studentId }: { studentId: string }) {
  const { t } = useTranslation('parentDay');
  const today = useStudentToday(studentId);
  const lines = today.data ? todayLines(today.data) : [];
  return (
    <Stack gap={2} role="status" aria-live="polite" aria-label={t('today.title')}>
      {today.isError && (
        <Text size="sm" c="dimmed">
          {t('today.loadFailed')}
        </Text>
      )}
      {today.data && lines.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('today.noRuns')}
        </Text>
      )}
      {lines.map((line) => (
        <RunToday key={line.run} line={line} />
      ))}
    </Stack>
  );
}
