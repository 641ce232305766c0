import { screenViews } from '../../context/store-hooks';
import { DEFAULT_CLIENT_VIEW, type ClientView } from '../../search';

/**
 * The Clients screen's search, filters and sort for this session. Kept outside the component so that
 * opening a client and coming back finds the list as it was left.
 */
const clientViews = screenViews<ClientView>('clients', DEFAULT_CLIENT_VIEW);
export const useClientViews = clientViews.useViews;
export const useClientView = clientViews.useView;
