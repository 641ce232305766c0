import type { z } from 'zod';
import {
  contactSchema,
  eformTemplateSchema,
  entitySchema,
  leadSchema,
  onboardingSchema,
  onboardingStatusSchema,
  proposalServiceSchema,
  userSchema,
} from '../../src-preload/contract/partner-api';

export interface SyncResource {
  name: string;
  path: string;
  schema: z.ZodType;
  key: (record: never) => string | number;
  /** 'paged' resources support lastUpdated and paging; 'snapshot' ones are re-read whole. */
  kind: 'paged' | 'snapshot';
  /** Extra query for a pass: soft-deleted contacts are asked for on incremental and reconcile passes. */
  query?: (mode: 'full' | 'incremental' | 'reconcile') => Record<string, string | boolean>;
}

/** In the order the user benefits from: clients first (the list appears after one page), then the rest. */
export const syncResources: readonly SyncResource[] = [
  { name: 'entities', path: '/entities/list', schema: entitySchema, key: (e: z.infer<typeof entitySchema>) => e.entityKey, kind: 'paged' },
  {
    name: 'contacts', path: '/contacts/list', schema: contactSchema, key: (c: z.infer<typeof contactSchema>) => c.entityContactID, kind: 'paged',
    query: (mode) => (mode === 'full' ? {} : { includeDeleted: true }),
  },
  { name: 'onboardings', path: '/onboardings/list', schema: onboardingSchema, key: (o: z.infer<typeof onboardingSchema>) => o.onboardingKey, kind: 'paged' },
  { name: 'leads', path: '/leads/list', schema: leadSchema, key: (l: z.infer<typeof leadSchema>) => l.leadKey, kind: 'paged' },
  { name: 'users', path: '/users/list', schema: userSchema, key: (u: z.infer<typeof userSchema>) => u.userKey, kind: 'snapshot' },
  { name: 'onboardingStatuses', path: '/onboardings/statuses', schema: onboardingStatusSchema, key: (s: z.infer<typeof onboardingStatusSchema>) => s.statusID, kind: 'snapshot' },
  { name: 'proposalServices', path: '/proposals/services', schema: proposalServiceSchema, key: (s: z.infer<typeof proposalServiceSchema>) => s.serviceID, kind: 'snapshot' },
  // So an eForm can be prepared offline from a template.
  { name: 'eformTemplates', path: '/eforms/templates', schema: eformTemplateSchema, key: (t: z.infer<typeof eformTemplateSchema>) => t.templateId, kind: 'snapshot' },
];
