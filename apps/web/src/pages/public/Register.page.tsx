import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { composeAddress, REGISTRATION_REDIRECT_DELAY_MS, registrationInput } from '@school-transport/contracts';
import { errorMessage, fieldIssues, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { TermsModal, type AcceptedTerms } from '../../components/TermsModal/TermsModal.js';
import { zodErrors } from '../../forms/validation.js';
import { currentLanguage, isLanguage } from '../../i18n/current-language.js';
import { RegistrationFields } from '../../components/RegistrationForm/RegistrationFields.js';
import { RegistrationSummary } from '../../components/RegistrationForm/RegistrationSummary.js';
import { FormWithSummary } from '../../components/FieldGrid/FieldGrid.js';
import { EMPTY_REGISTRATION, missingRequiredFields, type RegistrationFormValues } from '../../components/RegistrationForm/form-values.js';
import '../../styles/public-forms.js';
import { translateMessage } from '../../i18n/messages.js';

/** The terms accepted on the landing page, passed along so /register does not ask twice. */
function acceptedOnLanding(state: unknown): AcceptedTerms | null {
  const { termsVersionId, termsLanguage } = (state ?? {}) as { termsVersionId?: unknown; termsLanguage?: unknown };
  return typeof termsVersionId === 'string' ? { termsVersionId, termsLanguage: isLanguage(termsLanguage) ? termsLanguage : 'en' } : null;
}

/**
 * /register: terms first, then the form; at submit the checks run in the
 * spec's order (terms, missing fields, school ID, then the shared contract), and after success the
 * form resets and the app goes to the server's redirectTo after 2 seconds.
 */
export function RegisterPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const location = useLocation();
  const [acceptedTerms, setAcceptedTerms] = useState<AcceptedTerms | null>(() => acceptedOnLanding(location.state));
  const [termsOpen, setTermsOpen] = useState(() => acceptedTerms === null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const submitting = useRef(false);

  const meta = useQuery(trpc.public.meta.queryOptions());
  const register = useMutation(trpc.registration.create.mutationOptions());
  const form = useForm<RegistrationFormValues>({ initialValues: EMPTY_REGISTRATION });
  const area = meta.data?.areas.find((choice) => choice.id === form.values.areaId);

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => void navigate(redirectTo), REGISTRATION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const failureMessage = (error: unknown): string => {
    if (error instanceof TRPCClientError) {
      if (error.message) return errorMessage(error, error.message);
      const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
      if (status) return t('register.failedStatus', { status });
    }
    return t('register.failedGeneric');
  };

  const submit = async (values: RegistrationFormValues) => {
    // A second click while the first is on its way does nothing.
    if (submitting.current || register.isPending) return;
    if (!acceptedTerms) {
      setTermsOpen(true);
      notify({ title: t('register.termsRequired'), message: t('register.termsRequiredText'), variant: 'destructive' });
      return;
    }
    // The student keeps the language of the terms text the parent read when accepting.
    const candidate = { ...values, termsAccepted: true, ...acceptedTerms };
    const missing = missingRequiredFields(values);
    if (missing.length > 0) {
      form.setErrors(zodErrors(registrationInput, candidate));
      notify({
        title: t('register.missingFields'),
        message: t('register.missingFieldsText', { fields: missing.map((label) => translateMessage(label)).join(t('register.listSeparator')) }),
        variant: 'destructive',
      });
      return;
    }
    if (!values.studentSchoolId.trim()) {
      form.setErrors(zodErrors(registrationInput, candidate));
      notify({ title: t('register.schoolIdRequired'), message: t('register.schoolIdRequiredText'), variant: 'destructive' });
      return;
    }
    const parsed = registrationInput.safeParse(candidate);
    if (!parsed.success) {
      form.setErrors(zodErrors(registrationInput, candidate));
      notify({ title: t('register.checkFields'), variant: 'destructive' });
      return;
    }
    submitting.current = true;
    try {
      // A new parent account starts in the language the form was filled in (its messages too).
      const result = await register.mutateAsync({ ...parsed.data, address: composeAddress(parsed.data), language: currentLanguage() });
      notify({ title: t('register.success'), message: t('register.successText', { message: translateMessage(result.message) }) });
      form.reset();
      setAcceptedTerms(null);
      setRedirectTo(result.redirectTo || '/parent-login');
    } catch (error) {
      const issues = fieldIssues(error);
      if (Object.keys(issues).length > 0) form.setErrors(issues);
      notify({ title: t('register.failed'), message: failureMessage(error), variant: 'destructive' });
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Container size="lg" py="xl">
      {/* The dialog comes first in the page's HTML: a phone that shows the server's markup while it is
          still arriving paints the terms with the first paint, not the form first and the dialog a
          moment later (it is fixed over the page, so where it sits in the markup does not move it). */}
      <TermsModal
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={(accepted) => {
          setAcceptedTerms(accepted);
          setTermsOpen(false);
        }}
      />
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('register.title')}</Title>
        <Text c="dimmed">{t('register.subtitle')}</Text>
      </Stack>
      {meta.isError && (
        <Alert color="red" mb="md">
          {t('register.loadFailed')}
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <FormWithSummary
          form={<RegistrationFields form={form} schools={meta.data?.schools ?? []} areas={meta.data?.areas ?? []} area={area} />}
          summary={<RegistrationSummary serviceType={form.values.serviceType} price={area?.price} />}
        />
        <Group justify="flex-end" mt="xl">
          <Button component={Link} to="/" variant="default">
            {t('register.cancel')}
          </Button>
          <Button type="submit" disabled={register.isPending}>
            {register.isPending ? t('register.submitting') : t('register.submit')}
          </Button>
        </Group>
      </form>
    </Container>
  );
}
