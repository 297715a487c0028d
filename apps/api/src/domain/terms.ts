import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { AppError } from '../errors.js';

export interface TermsVersionView {
  id: string;
  version: number;
  content: string;
  active: boolean;
  effectiveFrom: string | null;
  createdAt: string;
}

export async function findActiveTerms(db: Kysely<Database>): Promise<TermsVersionView> {
  const row = await db.selectFrom('terms').selectAll().where('active', '=', true).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No terms are published yet');
  return toTermsView(row);
}

export function toTermsView(row: { id: string; version: number; content: string; active: boolean; effectiveFrom: Date | null; createdAt: Date }): TermsVersionView {
  return {
    id: row.id,
    version: row.version,
    content: row.content,
    active: row.active,
    effectiveFrom: row.effectiveFrom ? row.effectiveFrom.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
