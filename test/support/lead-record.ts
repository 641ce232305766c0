import type { Lead } from '../../src-preload/contract/partner-api';

/** A lead as the contract shapes it, with empty or null fields unless the test names them. */
export const leadRecord = (patch: Partial<Lead> = {}): Lead => ({
  leadKey: '00000000-0000-4000-8000-000000000007',
  leadID: 7,
  name: 'Ana',
  surname: null,
  companyName: null,
  email: null,
  mobile: null,
  source: null,
  statusName: 'New',
  assignedUserKey: null,
  convertedEntityKey: null,
  noteCount: 0,
  createdOn: '',
  updatedOn: '',
  ...patch,
});
