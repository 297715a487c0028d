import { Alert, Button, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverToday } from '@school-transport/contracts';
import { translateMessage } from '../../../i18n/messages.js';
import { DayRequestError } from './day-api.js';
import type { RefusedAction } from './day-queue.js';

interface RefusedMarksProps {
  refused: readonly RefusedAction[];
  today: DriverToday;
  onDismiss: () => void;
}

/**
 * What the server would not record (a child handed to another run, a mark its status did not
 * allow...): dropped from the phone's queue rather than sent forever, and told to the driver, who
 * can mark again or call the office.
 */
export function RefusedMarks({ refused, today, onDismiss }: RefusedMarksProps) {
  const { t } = useTranslation('driver');
  if (refused.length === 0) return null;
  const studentOf = (run: string, id: string) =>
    today.runs
      .filter((entry) => entry.id === run || entry.run === run)
      .flatMap((entry) => entry.students)
      .find((entry) => entry.id === id);
  const studentName = (run: string, id: string) => {
    const student = studentOf(run, id);
    return student ? `${student.firstName} ${student.lastName}` : id;
  };
  /** The run's name: the direction's word for a run named by direction, else its planned name. */
  const runName = (run: string) => (run === 'morning' || run === 'afternoon' ? t(`today.${run}`) : (today.runs.find((entry) => entry.id === run)?.name ?? run));
  return (
    <Alert color="red" title={t('today.refused.title')} role="alert">
      <List size="sm" spacing={4}>
        {refused.map(({ action, error }) => {
          // A refusal naming the child ('Ali must be handed to an adult...') is translated with their name.
          const firstName = action.kind === 'mark' ? studentOf(action.run, action.studentId)?.firstName : undefined;
          const message = error instanceof DayRequestError ? translateMessage(error.message, error.code, firstName ? { firstName } : undefined) : String(error);
          return (
            <List.Item key={action.id}>
              {action.kind === 'mark' || action.kind === 'undo'
                ? t('today.refused.item', { student: studentName(action.run, action.studentId), message })
                : t('today.refused.run', { run: runName(action.run), message })}
            </List.Item>
          );
        })}
      </List>
      {/* Dark text on white inside the red notice: the contrast the accessibility gate asks for. */}
      <Button size="md" variant="default" mt="sm" onClick={onDismiss}>
        {t('today.refused.dismiss')}
      </Button>
    </Alert>
  );
}
