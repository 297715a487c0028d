import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUS_FULL_CODES } from '@school-transport/contracts';
import { formatNumber } from '../../i18n/format.js';
import type { SeatRefusal } from './seat-refusal.js';

/** 'This bus is full for the morning run (24 of 24 seats).' in the screen's language. */
export function SeatRefusalText({ refusal }: { refusal: SeatRefusal }) {
  const { t, i18n } = useTranslation('messages');
  const figures = { riders: formatNumber(refusal.riders, i18n.language), seats: formatNumber(refusal.seats, i18n.language) };
  return <Text size="sm">{t(BUS_FULL_CODES[refusal.run] as never, { replace: figures })}</Text>;
}
