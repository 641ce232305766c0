import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../../../src-preload/contract/partner-api';
import { filterLeads, indexLeads } from '../../../../../src-renderer/features/leads/lead-filter';

let id = 0;
const lead = (patch: Partial<Lead>): Lead => ({
  leadKey: `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
  leadID: id,
  name: 'Ana',
  surname: 'Silva',
  companyName: null,
  email: null,
  mobile: null,
  source: 'Website',
  statusName: 'New',
  assignedUserKey: null,
  convertedEntityKey: null,
  noteCount: 0,
  createdOn: '2026-01-01T00:00:00Z',
  updatedOn: '2026-01-01T00:00:00Z',
  ...patch,
});

describe('lead search and status filter', () => {
  const zoe = lead({
    name: 'Zoë',
    surname: 'Ngāta',
    companyName: 'Ngāta Orchards Ltd',
    email: 'zoe@orchard.example',
    mobile: '+61 412 345 678',
    statusName: 'Qualified',
    updatedOn: '2026-03-01T00:00:00Z',
  });
  const bo = lead({
    name: 'Bo',
    surname: 'Lind',
    email: 'bo@lind.example',
    statusName: 'Lost',
    updatedOn: '2026-05-01T10:00:00+10:00',
  });
  const cy = lead({
    name: 'Cy',
    surname: null,
    mobile: '0412345999',
    statusName: 'New',
    updatedOn: '2026-04-01T00:00:00Z',
  });
  const index = indexLeads([zoe, bo, cy]);
  const keys = (view: { query: string; status: string }) => filterLeads(index, view).map((l) => l.name);

  it('lists the most recently changed first, comparing instants not strings', () => {
    expect(keys({ query: '', status: '' })).toEqual(['Bo', 'Cy', 'Zoë']);
  });

  it('finds by name with surname, company, email and mobile, ignoring case and accents', () => {
    expect(keys({ query: 'zoe ngata', status: '' })).toEqual(['Zoë']);
    expect(keys({ query: 'ORCHARDS', status: '' })).toEqual(['Zoë']);
    expect(keys({ query: 'lind.example', status: '' })).toEqual(['Bo']);
    expect(keys({ query: '412 345', status: '' })).toEqual(['Cy', 'Zoë']); // digits match however they were typed
    expect(keys({ query: 'nobody', status: '' })).toEqual([]);
  });

  it('narrows by status, combined with the search', () => {
    expect(keys({ query: '', status: 'Lost' })).toEqual(['Bo']);
    expect(keys({ query: '412', status: 'New' })).toEqual(['Cy']);
  });
});
