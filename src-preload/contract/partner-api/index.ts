/** The Partner API contract as zod schemas. See docs/partner-api-decisions.md for every "not shown" choice. */
export * from './common';
export * from './auth';
export * from './entities';
export * from './contacts';
export * from './users';
export * from './onboardings';
export * from './eforms';
export * from './leads';
export * from './proposals';
export * from './bills';
export * from './adhoc-bill-rules';
export * from './payments';
export * from './recurring-billing';
export * from './debtors';
export * from './statements';
export * from './id-verifications';
export * from './webhooks';
