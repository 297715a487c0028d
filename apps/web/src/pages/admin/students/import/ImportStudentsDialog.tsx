import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, FileInput, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MESSAGES,
  STUDENT_IMPORT_TEMPLATE_PATH,
  withRefusedValue,
  type StudentImportPreview,
  type StudentImportProblem,
} from '@school-transport/contracts';
import i18n from '../../../../i18n/index.js';
import { messageKey, translateMessage } from '../../../../i18n/messages.js';
import { formatNumber } from '../../../../i18n/format.js';
import { AdminDialog } from '../../../../components/AdminDialog/AdminDialog.js';
import { notify } from '../../../../notify.js';
import { ImportRefused, previewImport, runImport } from './upload-import.js';

/** Problems listed at once: a file with thousands is corrected in Excel, not read here to the end. */
const PROBLEMS_SHOWN = 200;

/**
 * A row's problem in the admin's language: by its code, with the figures it was filled with and
 * the cell's text it refused. A message the web has no translation for is shown as the server
 * wrote it (which quotes the cell already).
 */
function problemText(problem: StudentImportProblem): string {
  const key = messageKey(problem.message, problem.code);
  if (!key) return problem.message;
  const text = problem.values
    ? i18n.t(key as never, { ns: 'messages', ...problem.values, defaultValue: problem.message }) || problem.message
    : translateMessage(problem.message, problem.code);
  return withRefusedValue(text, problem.value);
}

function Count({ label, value }: { label: string; value: number }) {
  const { i18n: current } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {formatNumber(value, current.language)}
      </Text>
    </Paper>
  );
}

/**
 * Students from a spreadsheet: the file is checked first (a dry run showing what would be added,
 * updated or left, and every problem by row and column), then imported whole or, when some rows
 * have problems, only the valid ones. Either way in one transaction on the server.
 */
export function ImportStudentsDialog({ onClose, onDone }: { onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation('students');
  const [file, setFile] = useState<File | null>(null);
  const [sendWelcome, setSendWelcome] = useState(false);
  const [preview, setPreview] = useState<StudentImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'check' | 'import' | null>(null);

  const refused = (error: unknown) => {
    const message = error instanceof ImportRefused ? translateMessage(error.message, error.code) : String(error);
    setFailure(message);
    if (error instanceof ImportRefused && error.errors) setPreview((current) => (current ? { ...current, errors: error.errors! } : current));
    return message;
  };

  const check = async () => {
    if (!file) return setFailure(translateMessage(STUDENT_IMPORT_MESSAGES.fileRequired));
    if (file.size > STUDENT_IMPORT_MAX_BYTES) return setFailure(translateMessage(STUDENT_IMPORT_MESSAGES.fileTooLarge));
    setPending('check');
    setFailure(null);
    setPreview(null);
    try {
      setPreview(await previewImport(file));
    } catch (error) {
      refused(error);
    } finally {
      setPending(null);
    }
  };

  const importRows = async (validOnly: boolean) => {
    if (!file) return;
    setPending('import');
    setFailure(null);
    try {
      const result = await runImport(file, { validOnly, sendWelcome });
      notify({ title: t('importing.done'), message: t('importing.doneText', { ...result }) });
      await onDone();
      onClose();
    } catch (error) {
      notify({ title: t('importing.failed'), message: refused(error), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const problemRows = preview ? new Set(preview.errors.map((problem) => problem.row)).size : 0;
  const importable = preview ? preview.create + preview.update : 0;

  return (
    <AdminDialog onClose={onClose} title={t('importing.title')} size="xl">
      <Stack>
        <Text size="sm">{t('importing.intro')}</Text>
        <Anchor
          href={STUDENT_IMPORT_TEMPLATE_PATH}
          download
          size="sm"
          w="fit-content"
          mih={44}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <IconDownload size={16} aria-hidden />
          {t('importing.template')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('importing.rules')}
        </Text>
        <FileInput
          label={t('importing.file')}
          description={t('importing.fileHint')}
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          clearable
          clearButtonProps={{ 'aria-label': t('importing.clearFile') }}
          withAsterisk
          // A tap target for a thumb on a phone, like every field of the console.
          styles={{ input: { minHeight: 44 } }}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setPreview(null);
            setFailure(null);
          }}
        />
        <Checkbox
          label={t('importing.sendWelcome')}
          description={t('importing.sendWelcomeHint')}
          checked={sendWelcome}
          onChange={(event) => setSendWelcome(event.currentTarget.checked)}
        />
        <Alert color="blue" variant="light">
          {t('importing.wait')}
        </Alert>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}

        {preview && (
          <Stack gap="sm" aria-live="polite">
            <Text fw={600}>{t('importing.summary', { rows: formatNumber(preview.rows, i18n.language) })}</Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Count label={t('importing.create')} value={preview.create} />
              <Count label={t('importing.update')} value={preview.update} />
              <Count label={t('importing.unchanged')} value={preview.unchanged} />
              <Count label={t('importing.problems')} value={problemRows} />
            </SimpleGrid>
            {preview.errors.length === 0 ? (
              <Text size="sm" c="green.8">
                {t('importing.noProblems')}
              </Text>
            ) : (
              <>
                <Table.ScrollContainer minWidth={320} maxHeight={320} type="native">
                  <Table striped withTableBorder stickyHeader aria-label={t('importing.problemsTitle')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('importing.row')}</Table.Th>
                        <Table.Th>{t('importing.column')}</Table.Th>
                        <Table.Th>{t('importing.message')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.errors.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                        <Table.Tr key={`${problem.row}-${problem.column}-${index}`}>
                          <Table.Td>{formatNumber(problem.row, i18n.language)}</Table.Td>
                          <Table.Td>{problem.column}</Table.Td>
                          <Table.Td>{problemText(problem)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {preview.errors.length > PROBLEMS_SHOWN && (
                  <Text size="sm" c="dimmed">
                    {t('importing.more', { count: preview.errors.length - PROBLEMS_SHOWN })}
                  </Text>
                )}
              </>
            )}
            {importable === 0 && <Text size="sm">{t('importing.nothing')}</Text>}
          </Stack>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending !== null} mih={44}>
            {t('importing.cancel')}
          </Button>
          {!preview ? (
            <Button onClick={() => void check()} loading={pending === 'check'} mih={44}>
              {pending === 'check' ? t('importing.checking') : t('importing.check')}
            </Button>
          ) : preview.errors.length === 0 ? (
            <Button onClick={() => void importRows(false)} loading={pending === 'import'} disabled={importable === 0} mih={44}>
              {pending === 'import' ? t('importing.importing') : t('importing.importAll')}
            </Button>
          ) : (
            <Button onClick={() => void importRows(true)} loading={pending === 'import'} disabled={importable === 0} mih={44}>
              {pending === 'import' ? t('importing.importing') : t('importing.importValid', { count: importable })}
            </Button>
          )}
        </Group>
      </Stack>
    </AdminDialog>
  );
}
