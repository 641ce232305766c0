import { timingSafeEqual } from 'node:crypto';
import type { Region } from '../../../src-preload/contract/partner-api';
import type { PracticeState } from '../state/practice-state';
import { ApiProblem } from './api-problem';

export interface Caller {
  practice: PracticeState;
  clientId: string;
  canWrite: boolean;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Reads X-Svc-Auth-ID / X-Svc-Auth-Key, or HTTP Basic (Client ID as user, secret as password). */
export function readCredentials(
  headers: Record<string, string | string[] | undefined>,
): { clientId: string; secret: string } | null {
  const id = headers['x-svc-auth-id'];
  const key = headers['x-svc-auth-key'];
  if (typeof id === 'string' && typeof key === 'string' && id && key) return { clientId: id.trim(), secret: key };
  const authorization = headers['authorization'];
  if (typeof authorization === 'string' && /^basic /i.test(authorization)) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  return null;
}

const unauthorized = (message: string) =>
  new ApiProblem(401, 'Unauthorized', message, {}, { 'WWW-Authenticate': 'Basic realm="Partner API"' });

/**
 * Finds the practice the credentials belong to. On a regional host (`/anz`, `/uk`, `/za`) only that
 * region's practices are known, so another region's credentials are answered 401 — the same as bad
 * credentials, since a regional host cannot know another region's practices (decisions doc).
 */
export function authenticate(
  practices: readonly PracticeState[],
  headers: Record<string, string | string[] | undefined>,
  hostRegion: Region | null,
): Caller {
  const presented = readCredentials(headers);
  if (!presented) throw unauthorized('Credentials are missing. Send X-Svc-Auth-ID and X-Svc-Auth-Key.');
  for (const practice of practices) {
    const { readWrite, readOnly } = practice.profile;
    for (const [credentials, canWrite] of [
      [readWrite, true],
      [readOnly, false],
    ] as const) {
      if (
        credentials.clientId.toLowerCase() === presented.clientId.toLowerCase() &&
        sameSecret(credentials.secret, presented.secret)
      ) {
        if (hostRegion && practice.profile.region !== hostRegion) {
          throw unauthorized('The credentials are not recognised by this regional host.');
        }
        return { practice, clientId: credentials.clientId, canWrite };
      }
    }
  }
  throw unauthorized('The credentials are not valid.');
}
