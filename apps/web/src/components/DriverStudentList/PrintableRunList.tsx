import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { CompanySettings, DriverStudent } from '@school-transport/contracts';
import { addressText, fullName, gradeText, groupBySchool } from './student-rows.js';
import './print.css';
import { formatDate } from '../../i18n/format.js';

export interface PrintJob {
  runLabel: string;
  date: string;
  students: DriverStudent[];
}

/**
 * The print-friendly page of one run (spec: Print List), put straight under <body> so the print
 * stylesheet can show it alone. On screen it is never displayed.
 */
export function PrintableRunList({ job, driverName, company }: { job: PrintJob; driverName: string; company: CompanySettings | undefined }) {
  const { t, i18n } = useTranslation('driver');
  const phones = [company?.supportPhone1, company?.supportPhone2].filter(Boolean).join(' · ');
  return createPortal(
    <div className="driver-print-root" data-testid="driver-print-list">
      {company?.companyName && (
        <p>
          <bdi>{company.companyName}</bdi>
        </p>
      )}
      <h1>{t('print.title', { driver: driverName })}</h1>
      <p>{t('print.subtitle', { run: job.runLabel, date: formatDate(job.date, i18n.language) })}</p>
      {groupBySchool(job.students).map((group) => (
        <section key={group.schoolName}>
          <h2>{t('list.schoolGroup', { school: group.schoolName, count: group.students.length })}</h2>
          <table>
            <thead>
              <tr>
                <th>{t('columns.id')}</th>
                <th>{t('columns.name')}</th>
                <th>{t('columns.grade')}</th>
                <th>{t('columns.area')}</th>
                <th>{t('columns.address')}</th>
                <th>{t('columns.contact')}</th>
                <th>{t('columns.serviceType')}</th>
              </tr>
            </thead>
            <tbody>
              {group.students.map((student) => (
                <tr key={student.id}>
                  <td>{student.automatedId}</td>
                  <td>{fullName(student)}</td>
                  <td>{gradeText(student)}</td>
                  <td>{student.roundabout ? `${student.areaName} · ${t('student.roundabout', { number: student.roundabout })}` : student.areaName}</td>
                  <td>{addressText(student)}</td>
                  <td>{[student.contactNumber1, student.contactNumber2].filter(Boolean).join(' / ')}</td>
                  <td>{t(`service.${student.serviceType}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p>{t('print.total', { count: job.students.length })}</p>
      <footer>
        {company?.contactText && (
          <div>
            <bdi>{company.contactText}</bdi>
          </div>
        )}
        {phones && <div>{phones}</div>}
      </footer>
    </div>,
    document.body,
  );
}
