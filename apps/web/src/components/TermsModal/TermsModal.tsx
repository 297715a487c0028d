import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { PaymentInstructions } from '../PaymentInstructions/PaymentInstructions.js';
import '../../styles/public-forms.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';
import { isLanguage } from '../../i18n/current-language.js';
import { termsShownIn } from './terms-text.js';

/** The terms version the parent accepted, and the language of the text they read. */
export interface AcceptedTerms {
  termsVersionId: string;
  termsLanguage: Language;
}

interface TermsModalProps {
  opened: boolean;
  onClose(): void;
  onAccept(accepted: AcceptedTerms): void;
}

/**
 * 'Terms & Conditions': the active terms version in the page's language, payment
 * and contact details, 'I Agree' only once the box is ticked; the box is unticked again whenever the
 * dialog closes. A version whose Arabic text is not written yet shows its English on the Arabic page,
 * laid out left to right (right to left, its full stops would move to the start of each line), with
 * a note saying so.
 */
export function TermsModal({ opened, onClose, onAccept }: TermsModalProps) {
  const { t, i18n } = useTranslation('site');
  const [agreed, setAgreed] = useState(false);
  useReturnFocusToOpener(opened);
  const terms = useQuery({ ...trpc.public.terms.queryOptions(), enabled: opened });
  const settingsQuery = useQuery({ ...trpc.public.settings.queryOptions(), enabled: opened });
  const settings = settingsQuery.data;
  // The dialog's content appears in one go once both answers are in, so nothing in it jumps (layout shift).
  const loading = terms.isLoading || settingsQuery.isLoading;
  const shown = terms.data ? termsShownIn(isLanguage(i18n.language) ? i18n.language : 'en', terms.data) : undefined;

  const close = () => {
    setAgreed(false);
    onClose();
  };
  const accept = () => {
    if (!agreed || !terms.data || !shown) return;
    setAgreed(false);
    notify({ title: t('terms.accepted'), message: t('terms.acceptedText') });
    onAccept({ termsVersionId: terms.data.id, termsLanguage: shown.language });
  };
  const phones = [settings?.supportPhone1, settings?.supportPhone2].filter((phone): phone is string => Boolean(phone));

  return (
    // In place rather than in a portal: /register opens with this dialog, and the server renders it with
    // the page (a portal is only filled in the browser), so a phone paints the terms before any code runs.
    <Modal opened={opened} onClose={close} title={t('terms.title')} size="lg" withinPortal={false}>
      <Stack gap="md">
        {loading ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('terms.loading')}</Text>
          </Group>
        ) : (
          <>
            {terms.isError && <Alert color="red">{t('terms.loadFailed')}</Alert>}
            {terms.data && shown && (
              <>
                <Text size="xs" c="dimmed">
                  {t('terms.version', { version: terms.data.version })}
                </Text>
                {shown.arabicMissing && (
                  <Alert color="yellow" variant="light" p="xs">
                    <Text size="sm">{t('terms.arabicNotAvailable')}</Text>
                  </Alert>
                )}
                {/* A region of its own that the keyboard can reach and scroll (axe: scrollable-region-focusable),
                    with the browser's own scrolling: on a phone it is the familiar one, and it costs the
                    dialog nothing to open (a custom scroll area measures itself on every change). */}
                <Box mah={320} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={t('terms.textLabel')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }} lang={shown.language} dir={shown.language === 'ar' ? 'rtl' : 'ltr'}>
                    {shown.text}
                  </Text>
                </Box>
              </>
            )}
            <div>
              <Text fw={600} size="sm">
                {t('terms.paymentTitle')}
              </Text>
              <PaymentInstructions />
            </div>
            {(phones.length > 0 || settings?.contactText) && (
              <div>
                <Text fw={600} size="sm">
                  {t('terms.contactTitle')}
                </Text>
                {settings?.contactText && <Text size="sm">{settings.contactText}</Text>}
                {phones.map((phone) => (
                  <Text size="sm" key={phone}>
                    {t('landing.supportPhone', { phone })}
                  </Text>
                ))}
              </div>
            )}
            <Checkbox label={t('terms.agreeLabel')} checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('terms.cancel')}
              </Button>
              <Button onClick={accept} disabled={!agreed || !shown}>
                {t('terms.agree')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
