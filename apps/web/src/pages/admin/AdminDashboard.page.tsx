import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminShell, type AdminTab } from '../../components/AdminShell/AdminShell.js';
import { useAreas, useDrivers, useOverview, useSchools, useTermsVersions } from './adminQueries.js';
import { OverviewTab } from './tabs/OverviewTab.js';
import { SchoolsTab } from './tabs/SchoolsTab.js';
import { AreasTab } from './tabs/AreasTab.js';
import { DriversTab } from './tabs/DriversTab.js';
import { SettingsTab } from './tabs/SettingsTab.js';
import { TermsTab } from './tabs/TermsTab.js';
import { LaterTab } from './tabs/LaterTab.js';

const TAB_KEYS = ['dashboard', 'students', 'drivers', 'schools', 'areas', 'terms', 'analytics', 'changeRequests', 'settings'] as const;
type TabKey = (typeof TAB_KEYS)[number];
const isTabKey = (value: string | null): value is TabKey => TAB_KEYS.includes(value as TabKey);

/** The admin console at /admin and /admin-dashboard; the open tab lives in ?tab= so a reload keeps it. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabKey = isTabKey(requested) ? requested : 'dashboard';

  const overview = useOverview();
  const schools = useSchools();
  const areas = useAreas();
  const drivers = useDrivers();
  const terms = useTermsVersions();

  const tabs: AdminTab[] = [
    { key: 'dashboard', label: t('tabs.dashboard') },
    { key: 'students', label: t('tabs.students'), count: overview.data?.totalStudents },
    { key: 'drivers', label: t('tabs.drivers'), count: drivers.data?.drivers.length },
    { key: 'schools', label: t('tabs.schools'), count: schools.data?.schools.length },
    { key: 'areas', label: t('tabs.areas'), count: areas.data?.areas.length },
    { key: 'terms', label: t('tabs.terms'), count: terms.data?.terms.length },
    { key: 'analytics', label: t('tabs.analytics') },
    { key: 'changeRequests', label: t('tabs.changeRequests') },
    { key: 'settings', label: t('tabs.settings') },
  ];

  const select = (key: string) => setParams(key === 'dashboard' ? {} : { tab: key });

  return (
    <AdminShell tabs={tabs} current={current} onSelect={select}>
      {current === 'dashboard' && <OverviewTab />}
      {current === 'schools' && <SchoolsTab />}
      {current === 'areas' && <AreasTab />}
      {current === 'drivers' && <DriversTab />}
      {current === 'settings' && <SettingsTab />}
      {current === 'terms' && <TermsTab />}
      {(current === 'students' || current === 'analytics' || current === 'changeRequests') && <LaterTab section={t(`tabs.${current}`)} />}
    </AdminShell>
  );
}
