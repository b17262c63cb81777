import type { Queryable } from "../db/engines.ts";

/** A row of auth.mfa_factors, as read for a user. */
export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: string | Date;
  updated_at: string | Date;
  last_challenged_at: string | Date | null;
}

export const FACTOR_COLUMNS = "id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at, last_challenged_at";

/** A factor as GoTrue shows it (in `user.factors` and the admin API): never its secret. */
export function factorJson(row: FactorRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    factor_type: row.factor_type,
    status: row.status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    phone: "",
    last_challenged_at: row.last_challenged_at === null ? null : iso(row.last_challenged_at),
  };
}

/** The user's factors, oldest first, as GoTrue lists them. */
export async function factorsOf(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`, [userId]);
  return rows.map(factorJson);
}

/**
 * Sessions that the factor raised to aal2 go back to aal1 and lose its `amr` entry, as GoTrue does
 * when a factor is removed (their access tokens keep their claims until they expire).
 */
export async function downgradeSessionsOf(tx: Queryable, factorId: string): Promise<void> {
  await tx.query("delete from auth.mfa_amr_claims where authentication_method = 'totp' and session_id in (select id from auth.sessions where factor_id = $1)", [factorId]);
  await tx.query("update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1", [factorId]);
}

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}
