import { ActionIcon, Alert, Anchor, Badge, Box, Center, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnassignedStudents } from '../../queries/analytics-queries.js';
import { FullRunsList } from './FullRunsList.js';
import { ToPlaceList } from './ToPlaceList.js';

/**
 * The header bell: how many students have no driver, and how many ride a bus but no single run of
 * it (to place on a run by hand). Opening it lists both (newest first), each linking to the
 * Students tab's edit dialog for that student, and the buses with a run that has no seat left, so
 * the office does not assign them there.
 */
export function UnassignedBell() {
  const { t } = useTranslation('analytics');
  const unassigned = useUnassignedStudents();
  const [opened, { toggle, close }] = useDisclosure(false);
  const total = unassigned.data?.total ?? 0;
  const students = unassigned.data?.students ?? [];
  const toPlaceTotal = unassigned.data?.toPlaceTotal ?? 0;
  // The badge counts every child waiting for the office; the button's name says which is which.
  const waiting = total + toPlaceTotal;
  // Escape closes the list wherever the focus is (Mantine's closes it only from inside the list,
  // and while the list loads the focus is still on the bell); the focus then goes back to the bell.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width="min(360px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      {/* The target is the button itself: the popover's aria-expanded and aria-controls belong on it, not on the badge's box. */}
      <Indicator label={waiting} size={18} disabled={waiting === 0} color="red" offset={6} inline>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size={44}
            onClick={toggle}
            aria-label={toPlaceTotal === 0 ? t('bell.label', { count: total }) : t('bell.labelWithToPlace', { count: total, toPlace: toPlaceTotal })}
            aria-expanded={opened}
            aria-haspopup="dialog"
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('bell.title')}>
        <Box px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600}>
            {t('bell.title')}{' '}
            <Badge size="sm" variant="light" color={total > 0 ? 'red' : 'gray'}>
              {total}
            </Badge>
          </Text>
        </Box>
        {unassigned.isLoading ? (
          <Center p="md">
            <Loader size="sm" />
          </Center>
        ) : unassigned.error ? (
          <Alert color="red" m="sm">
            {t('bell.loadFailed')}
          </Alert>
        ) : (
          <ScrollArea.Autosize mah="60vh">
            {students.length === 0 ? (
              <Text p="md" c="dimmed">
                {t('bell.empty')}
              </Text>
            ) : (
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {students.map((student) => {
                  const name = `${student.firstName} ${student.fathersName} ${student.lastName}`;
                  return (
                    <li key={student.id}>
                      <Anchor
                        component={Link}
                        to={`/admin?tab=students&edit=${encodeURIComponent(student.id)}`}
                        onClick={close}
                        display="block"
                        px="md"
                        py="xs"
                        mih={44}
                        underline="never"
                      >
                        <Text size="sm" fw={500} c="var(--mantine-color-text)">
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {student.automatedId} · {student.school.name}
                        </Text>
                      </Anchor>
                    </li>
                  );
                })}
              </Stack>
            )}
            {total > students.length && (
              <Text size="xs" c="dimmed" px="md" py="xs">
                {t('bell.more', { shown: students.length, total })}
              </Text>
            )}
            <ToPlaceList students={unassigned.data?.toPlace ?? []} total={toPlaceTotal} onOpen={close} />
            <FullRunsList runs={unassigned.data?.fullRuns ?? []} />
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
