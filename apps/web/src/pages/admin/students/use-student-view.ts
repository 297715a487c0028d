import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_STATUSES,
  SORT_ORDERS,
  STUDENT_PAGE_SIZE_DEFAULT,
  STUDENT_SORT_FIELDS,
  type PaymentStatus,
  type SortOrder,
  type StudentSortField,
} from '@school-transport/contracts';

/** What the Students tab shows, read from and written to the URL, so a view can be bookmarked and Back works. */
export interface StudentView {
  page: number;
  pageSize: number;
  search: string;
  schoolId: string;
  areaId: string;
  driverId: string;
  paymentStatus: PaymentStatus | '';
  unassigned: boolean;
  deleted: boolean;
  sort: StudentSortField;
  order: SortOrder;
}

/** The URL's keys are the API's query parameters, so the CSV link is the same query. */
const FILTER_KEYS = ['search', 'schoolId', 'areaId', 'driverId', 'paymentStatus', 'unassigned', 'deleted', 'sort', 'order'] as const;
export const PAGE_SIZES = [25, 50, 100, 200] as const;

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

function readView(params: URLSearchParams): StudentView {
  const sortParam = params.get('sort');
  const sort = STUDENT_SORT_FIELDS.includes(sortParam as StudentSortField) ? (sortParam as StudentSortField) : 'createdAt';
  const orderParam = params.get('order');
  const order = SORT_ORDERS.includes(orderParam as SortOrder) ? (orderParam as SortOrder) : sort === 'createdAt' ? 'desc' : 'asc';
  const payment = params.get('paymentStatus');
  const pageSize = positive(params.get('pageSize'), STUDENT_PAGE_SIZE_DEFAULT);
  return {
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : STUDENT_PAGE_SIZE_DEFAULT,
    search: params.get('search') ?? '',
    schoolId: params.get('schoolId') ?? '',
    areaId: params.get('areaId') ?? '',
    driverId: params.get('driverId') ?? '',
    paymentStatus: PAYMENT_STATUSES.includes(payment as PaymentStatus) ? (payment as PaymentStatus) : '',
    unassigned: params.get('unassigned') === '1',
    deleted: params.get('deleted') === '1',
    sort,
    order,
  };
}

/** The view's filters as API query parameters (no paging): for the list, the CSV export and the URL. */
export function filterParams(view: StudentView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.schoolId) params.set('schoolId', view.schoolId);
  if (view.areaId) params.set('areaId', view.areaId);
  if (view.driverId && !view.unassigned) params.set('driverId', view.driverId);
  if (view.paymentStatus) params.set('paymentStatus', view.paymentStatus);
  if (view.unassigned) params.set('unassigned', '1');
  if (view.deleted) params.set('deleted', '1');
  if (view.sort !== 'createdAt') params.set('sort', view.sort);
  if (view.order !== (view.sort === 'createdAt' ? 'desc' : 'asc')) params.set('order', view.order);
  return params;
}

export function useStudentView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);

  /** Changes the view; any change but the page itself starts again at page 1. Each change is a history entry. */
  const update = useCallback(
    (change: Partial<StudentView>) => {
      setParams((current) => {
        const next = { ...readView(current), ...(change.page === undefined ? { page: 1 } : {}), ...change };
        const result = new URLSearchParams();
        for (const [key, value] of current)
          if (!(FILTER_KEYS as readonly string[]).includes(key) && key !== 'page' && key !== 'pageSize') result.set(key, value);
        for (const [key, value] of filterParams(next)) result.set(key, value);
        if (next.page > 1) result.set('page', String(next.page));
        if (next.pageSize !== STUDENT_PAGE_SIZE_DEFAULT) result.set('pageSize', String(next.pageSize));
        return result;
      });
    },
    [setParams],
  );

  const editing = params.get('edit');
  const setEditing = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const result = new URLSearchParams(current);
        if (id) result.set('edit', id);
        else result.delete('edit');
        return result;
      }),
    [setParams],
  );

  return { view, update, editing, setEditing };
}
