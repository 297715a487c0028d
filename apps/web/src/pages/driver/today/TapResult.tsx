import { useEffect, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MARK_UNDO_MINUTES } from '@school-transport/contracts';

/** The last tap's result, with its undo while the 2 minutes last. */
export interface LastTap {
  id: string;
  /** What was done, in the screen's words ('Boarded Sara'). */
  text: string;
  /** When it was tapped (ms): undo is offered for 2 minutes. */
  at: number;
  /** Undoes it; answers false when it can no longer be undone from this phone. */
  undo: (() => Promise<boolean>) | null;
}

/**
 * The result of the driver's last tap, pinned to the bottom of the screen where the thumb is,
 * whatever the scroll, and announced to screen readers: 'Boarded Sara · Undo'.
 */
export function TapResult({ tap, onDone }: { tap: LastTap | null; onDone: () => void }) {
  const { t } = useTranslation('driver');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    if (!tap) return;
    const timer = window.setTimeout(onDone, Math.max(0, tap.at + MARK_UNDO_MINUTES * 60_000 - Date.now()));
    return () => window.clearTimeout(timer);
  }, [tap, onDone]);
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="tap-result"
      shadow={tap ? 'md' : undefined}
      withBorder={tap !== null}
      p={tap ? 'sm' : 0}
      style={{ position: 'fixed', insetInline: 8, bottom: 8, zIndex: 200, pointerEvents: tap ? 'auto' : 'none' }}
    >
      {tap && (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={700} c="dark.9" style={{ overflowWrap: 'anywhere' }}>
            {failed ? t('today.tap.undoFailed') : tap.text}
          </Text>
          {tap.undo && !failed && (
            <Button
              size="md"
              variant="default"
              loading={busy}
              aria-label={t('today.tap.undoLabel', { what: tap.text })}
              onClick={() => {
                setBusy(true);
                void tap.undo!()
                  .then((undone) => (undone ? onDone() : setFailed(true)))
                  .finally(() => setBusy(false));
              }}
            >
              {t('today.tap.undo')}
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}
