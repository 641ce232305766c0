import { screenViews } from '../../context/store-hooks';
import type { LeadView } from './lead-filter';

const DEFAULT_LEAD_VIEW: LeadView = { query: '', status: '' };

/** The Leads screen's search and status for this session: opening a lead and coming back finds the list as it was left. */
const leadViews = screenViews<LeadView>('leads', DEFAULT_LEAD_VIEW);
export const useLeadViews = leadViews.useViews;
export const useLeadView = leadViews.useView;
