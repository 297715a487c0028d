import { Anchor, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StudentToPlace } from '@school-transport/contracts';
import { runName } from '../PlannedRuns/run-label.js';
import { formatChoices } from '../../i18n/format.js';

/**
 * The children on a bus whom no single run of it takes one way (two runs serve their school, or
 * none does), under the students without a driver: each names the bus and the runs to choose
 * from, and links to the student's Edit dialog, where the office places them on a run.
 */
export function ToPlaceList({ students, total, onOpen }: { students: readonly StudentToPlace[]; total: number; onOpen: () => void }) {
  const { t, i18n } = useTranslation('analytics');
  if (students.length === 0) return null;
  const direction = (value: StudentToPlace['ways'][number]['direction']) => t(`bell.toPlace.directions.${value}`);
  return (
    <Box py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text fw={600} size="sm" px="md" id="to-place-title">
        {t('bell.toPlace.title')}
      </Text>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="to-place-title">
        {students.map((student) => (
          <li key={student.id}>
            <Anchor
              component={Link}
              to={`/admin?tab=students&edit=${encodeURIComponent(student.id)}`}
              onClick={onOpen}
              display="block"
              px="md"
              py="xs"
              mih={44}
              underline="never"
            >
              <Text size="sm" fw={500} c="var(--mantine-color-text)">
                {`${student.firstName} ${student.fathersName} ${student.lastName}`}
              </Text>
              {student.ways.map((way) => (
                <Text size="xs" c="dimmed" key={way.direction} data-testid="to-place-way">
                  {way.runs.length === 0
                    ? t('bell.toPlace.noRun', { direction: direction(way.direction), driver: way.driver.name, school: student.school.name })
                    : t('bell.toPlace.choose', {
                        direction: direction(way.direction),
                        driver: way.driver.name,
                        runs: formatChoices(
                          way.runs.map((run) => runName({ direction: way.direction, name: run.name }, direction)),
                          i18n.language,
                        ),
                      })}
                </Text>
              ))}
            </Anchor>
          </li>
        ))}
      </Box>
      {total > students.length && (
        <Text size="xs" c="dimmed" px="md" pt="xs">
          {t('bell.more', { shown: students.length, total })}
        </Text>
      )}
    </Box>
  );
}
