import type { AnyRoute } from '../http/route-spec';
import { billRoutes } from './bill-routes';
import { clientRoutes } from './client-routes';
import { coreRoutes } from './core-routes';
import { eformRoutes } from './eform-routes';
import { identityRoutes } from './identity-routes';
import { moneyRoutes } from './money-routes';
import { onboardingRoutes } from './onboarding-routes';
import { proposalRoutes } from './proposal-routes';
import { proposalWriteRoutes } from './proposal-write-routes';
import { webhookRoutes } from './webhook-routes';

/** Every /api/v1 route of the contract: the server registers these and the OpenAPI document describes them. */
export const apiRoutes: readonly AnyRoute[] = [
  ...coreRoutes,
  ...clientRoutes,
  ...eformRoutes,
  ...onboardingRoutes,
  ...proposalRoutes,
  ...proposalWriteRoutes,
  ...billRoutes,
  ...moneyRoutes,
  ...identityRoutes,
  ...webhookRoutes,
];
