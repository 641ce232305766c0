import type { Queryable } from './database';

export interface PracticeIdentity {
  practiceKey: string;
  practiceName?: string;
  clientId: string;
}

/**
 * Binds the database to one practice: the first start records the practice key and Client ID; every later
 * start must bring the same. Another practice would mix two practices' clients in one mirror; another Client
 * ID of the same practice would elect a second mirror leader (the lock is per Client ID) and pay twice.
 */
export async function bindToPractice(db: Queryable, identity: PracticeIdentity): Promise<void> {
  // ON CONFLICT: two processes starting on a new database at once both read the row the first one wrote.
  await db.query(
    `INSERT INTO hub_practice (practice_key, client_id) VALUES ($1, $2) ON CONFLICT (only_row) DO NOTHING`,
    [identity.practiceKey, identity.clientId],
  );
  const [bound] = await db.query<{ practice_key: string; client_id: string }>(
    'SELECT practice_key, client_id FROM hub_practice',
  );
  if (!bound) throw new Error('The hub database has no practice recorded.');
  const named = identity.practiceName ? `${identity.practiceName} (${identity.practiceKey})` : identity.practiceKey;
  if (bound.practice_key !== identity.practiceKey)
    throw new Error(
      `This hub database mirrors practice ${bound.practice_key}, but these credentials are for practice ${named}. ` +
        'Give each practice its own database (DATABASE_URL or --data).',
    );
  if (bound.client_id !== identity.clientId)
    throw new Error(
      // Neither Client ID is printed: logs redact it like a credential.
      'This hub database is mirrored with another Client ID of this practice than the one this hub was started with. ' +
        'Start every hub of this database with the same Client ID, so only one of them spends its budget.',
    );
}
