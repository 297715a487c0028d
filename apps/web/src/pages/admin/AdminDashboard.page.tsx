// The English of the office's, fees' and modification requests' screens comes with this page.
import '../../i18n/office.js';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminShell, type AdminTab } from '../../components/AdminShell/AdminShell.js';
import { useAreas, useDrivers, useOverview, useSchools, useTermsVersions } from '../../queries/admin-queries.js';
import { OverviewTab } from './tabs/OverviewTab.js';
import { SchoolsTab } from './tabs/SchoolsTab.js';
import { AreasTab } from './tabs/AreasTab.js';
import { DriversTab } from './tabs/DriversTab.js';
import { SettingsTab } from './tabs/SettingsTab.js';
import { TermsTab } from './tabs/TermsTab.js';
import { useFailedMessageCount, useHeldMessageCount } from '../../queries/outbox-queries.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';
import type { Permission } from '@school-transport/contracts';
import { useCan } from '../../auth/permissions.js';
import { useModificationRequestCounts } from '../../queries/modification-request-queries.js';
import '../../styles/signed-in.js';
import './admin-phone.css';

const StudentsTab = lazy(() => import('./tabs/StudentsTab.js'));

const ModificationRequestsTab = lazy(() => import('./tabs/ModificationRequestsTab.js').then((m) => ({ default: m.ModificationRequestsTab })));

const OutboxTab = lazy(() => import('./tabs/OutboxTab.js').then((module) => ({ default: module.OutboxTab })));

const AnalyticsTab = lazy(() => import('./tabs/AnalyticsTab.js').then((module) => ({ default: module.AnalyticsTab })));
const AuditLogTab = lazy(() => import('./tabs/AuditLogTab.js').then((module) => ({ default: module.AuditLogTab })));

const TodayTab = lazy(() => import('./tabs/TodayTab.js').then((m) => ({ default: m.TodayTab })));
const RoutesTab = lazy(() => import('./tabs/RoutesTab.js').then((m) => ({ default: m.RoutesTab })));
const LiveMapTab = lazy(() => import('./tabs/LiveMapTab.js').then((m) => ({ default: m.LiveMapTab })));

const FeesTab = lazy(() => import('./tabs/FeesTab.js').then((m) => ({ default: m.FeesTab })));
const OnlinePaymentsTab = lazy(() => import('./tabs/OnlinePaymentsTab.js').then((m) => ({ default: m.OnlinePaymentsTab })));
const PaymentProofsTab = lazy(() => import('./tabs/PaymentProofsTab.js').then((m) => ({ default: m.PaymentProofsTab })));
const AttendanceTab = lazy(() => import('./tabs/AttendanceTab.js').then((m) => ({ default: m.AttendanceTab })));

const ErasureRequestsTab = lazy(() => import('./tabs/ErasureRequestsTab.js').then((m) => ({ default: m.ErasureRequestsTab })));
const UsersTab = lazy(() => import('./tabs/UsersTab.js').then((m) => ({ default: m.UsersTab })));

/** Each tab and the permission that opens it: a role without it sees no such tab (and the server refuses its calls). */
const TAB_PERMISSIONS = {
  dashboard: 'dashboard.read',
  today: 'schoolDay.read',
  routes: 'routes.read',
  liveMap: 'liveBus.read',
  students: 'students.read',
  drivers: 'catalog.read',
  schools: 'catalog.read',
  areas: 'catalog.read',
  terms: 'terms.manage',
  analytics: 'analytics.read',
  modificationRequests: 'modificationRequests.review',
  fees: 'fees.read',
  paymentProofs: 'proofs.review',
  onlinePayments: 'fees.read',
  attendance: 'attendance.read',
  outbox: 'outbox.manage',
  auditLog: 'auditLog.read',
  erasureRequests: 'dataRights.manage',
  users: 'users.manage',
  settings: 'settings.manage',
} as const satisfies Record<string, Permission>;
type TabKey = keyof typeof TAB_PERMISSIONS;
const isTabKey = (value: string | null): value is TabKey => value !== null && Object.hasOwn(TAB_PERMISSIONS, value);

/**
 * The admin console at /admin and /admin-dashboard, for admins and staff: each sees the tabs their
 * role's permissions open. The open tab lives in ?tab= so a reload keeps it.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const { t: tOutbox } = useTranslation('outbox');
  const { t: ta } = useTranslation('analytics');
  const { t: tf } = useTranslation('fees');
  const { t: tu } = useTranslation('users');
  const can = useCan();
  const { t: td } = useTranslation('officeDay');
  const { t: tAttendance } = useTranslation('attendance');
  const { t: tRoutes } = useTranslation('routes');
  const { t: tLive } = useTranslation('liveBus');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabKey = isTabKey(requested) && can(TAB_PERMISSIONS[requested]) ? requested : 'dashboard';

  const overview = useOverview();
  const schools = useSchools();
  const areas = useAreas();
  const drivers = useDrivers();
  const terms = useTermsVersions(can('terms.manage'));
  const failedMessages = useFailedMessageCount();
  const heldMessages = useHeldMessageCount();
  const modificationRequestCounts = useModificationRequestCounts();

  const allTabs: (AdminTab & { key: TabKey })[] = [
    { key: 'dashboard', label: t('tabs.dashboard') },
    { key: 'today', label: td('tab') },
    { key: 'routes', label: tRoutes('tab') },
    { key: 'liveMap', label: tLive('office.tab') },
    { key: 'students', label: t('tabs.students'), count: overview.data?.totalStudents },
    { key: 'drivers', label: t('tabs.drivers'), count: drivers.data?.drivers.length },
    { key: 'schools', label: t('tabs.schools'), count: schools.data?.schools.length },
    { key: 'areas', label: t('tabs.areas'), count: areas.data?.areas.length },
    { key: 'terms', label: t('tabs.terms'), count: terms.data?.terms.length },
    { key: 'analytics', label: t('tabs.analytics') },
    { key: 'modificationRequests', label: t('tabs.modificationRequests'), count: modificationRequestCounts.data?.pending },
    { key: 'fees', label: tf('admin.title') },
    { key: 'paymentProofs', label: tf('proofs.title') },
    { key: 'onlinePayments', label: tf('onlineOffice.title') },
    { key: 'attendance', label: tAttendance('tab') },
    {
      key: 'outbox',
      label: tOutbox('tab'),
      count: failedMessages.data?.count,
      color: 'red',
      extraCount: { count: heldMessages.data?.count, color: 'orange', label: tOutbox('heldBadge') },
    },
    { key: 'auditLog', label: ta('audit.tab') },
    { key: 'erasureRequests', label: t('tabs.erasureRequests') },
    { key: 'users', label: tu('tab') },
    { key: 'settings', label: t('tabs.settings') },
  ];
  const tabs = allTabs.filter((tab) => can(TAB_PERMISSIONS[tab.key]));

  const select = (key: string) => setParams(key === 'dashboard' ? {} : { tab: key });

  return (
    <AdminShell tabs={tabs} current={current} onSelect={select}>
      {current === 'dashboard' && <OverviewTab />}
      {current === 'schools' && <SchoolsTab />}
      {current === 'areas' && <AreasTab />}
      {current === 'drivers' && <DriversTab />}
      {current === 'settings' && <SettingsTab />}
      {current === 'terms' && <TermsTab />}
      <Suspense fallback={<PageLoader />}>
        {current === 'today' && <TodayTab />}
        {current === 'routes' && <RoutesTab />}
        {current === 'liveMap' && <LiveMapTab />}
        {current === 'students' && <StudentsTab />}
        {current === 'analytics' && <AnalyticsTab />}
        {current === 'auditLog' && <AuditLogTab />}
        {current === 'modificationRequests' && <ModificationRequestsTab />}
        {current === 'outbox' && <OutboxTab />}
        {current === 'fees' && <FeesTab />}
        {current === 'paymentProofs' && <PaymentProofsTab />}
        {current === 'onlinePayments' && <OnlinePaymentsTab />}
        {current === 'users' && <UsersTab />}
        {current === 'erasureRequests' && <ErasureRequestsTab />}
        {current === 'attendance' && <AttendanceTab />}
      </Suspense>
    </AdminShell>
  );
}
