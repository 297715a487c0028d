import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { TermsVersionView } from '@school-transport/contracts';
import { AppError } from '../errors.js';

/** The answer's shape lives in the contracts; the office's terms (domain/admin/terms.ts) take it from here. */
export type { TermsVersionView };

export async function findActiveTerms(db: Kysely<Database>): Promise<TermsVersionView> {
  const row = await db.selectFrom('terms').selectAll().where('active', '=', true).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No terms are published yet');
  return toTermsView(row);
}

/** The answer's fields keep the order they had before the Arabic text: contentAr comes last. */
export function toTermsView(row: {
  id: string;
  version: number;
  content: string;
  contentAr: string | null;
  active: boolean;
  effectiveFrom: Date | null;
  createdAt: Date;
}): TermsVersionView {
  return {
    id: row.id,
    version: row.version,
    content: row.content,
    active: row.active,
    effectiveFrom: row.effectiveFrom ? row.effectiveFrom.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    contentAr: row.contentAr,
  };
}
