import { useTranslation } from 'react-i18next';
import { etaFigure, type EtaRange } from '@school-transport/contracts';
import { formatNumber } from '../../i18n/format.js';

/**
 * An ETA in the page's words: the range while it is narrow ('Arrives in about 12–16 min'), else
 * the contract's coarse figure ('Arrives in about 1½ hours', 'Arrives in more than an hour').
 */
export function useEtaText(): (range: EtaRange) => { label: string; figure: string } {
  const { t, i18n } = useTranslation('liveBus');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (range) => {
    const figure = etaFigure(range);
    switch (figure.kind) {
      case 'range':
        return { label: t('eta'), figure: t('etaRange', { min: number(figure.minMinutes), max: number(figure.maxMinutes) }) };
      case 'aboutMinutes':
        return { label: t('etaIn'), figure: t('etaAboutMinutes', { minutes: number(figure.minutes) }) };
      case 'aboutHours':
        return { label: t('etaIn'), figure: figure.hours === 1 ? t('etaAboutHour') : figure.hours === 1.5 ? t('etaAboutHourAndHalf') : t('etaAboutTwoHours') };
      case 'overAnHour':
        return { label: t('etaIn'), figure: t('etaOverAnHour') };
    }
  };
}
