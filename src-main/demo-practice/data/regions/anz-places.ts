/**
 * Places for Australia and New Zealand: real localities with their real postcodes (weighted roughly by
 * how many businesses are there), street names, and the place words businesses are named after.
 */

export interface AuLocality {
  suburb: string;
  state: 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'TAS' | 'ACT' | 'NT';
  postcode: string;
  weight: number;
}

export const AU_LOCALITIES: readonly AuLocality[] = [
  { suburb: 'Sydney', state: 'NSW', postcode: '2000', weight: 10 },
  { suburb: 'Parramatta', state: 'NSW', postcode: '2150', weight: 6 },
  { suburb: 'North Sydney', state: 'NSW', postcode: '2060', weight: 4 },
  { suburb: 'Chatswood', state: 'NSW', postcode: '2067', weight: 4 },
  { suburb: 'Surry Hills', state: 'NSW', postcode: '2010', weight: 3 },
  { suburb: 'Bondi Junction', state: 'NSW', postcode: '2022', weight: 3 },
  { suburb: 'Manly', state: 'NSW', postcode: '2095', weight: 2 },
  { suburb: 'Hornsby', state: 'NSW', postcode: '2077', weight: 2 },
  { suburb: 'Liverpool', state: 'NSW', postcode: '2170', weight: 3 },
  { suburb: 'Cabramatta', state: 'NSW', postcode: '2166', weight: 2 },
  { suburb: 'Hurstville', state: 'NSW', postcode: '2220', weight: 2 },
  { suburb: 'Penrith', state: 'NSW', postcode: '2750', weight: 2 },
  { suburb: 'Newcastle', state: 'NSW', postcode: '2300', weight: 3 },
  { suburb: 'Wollongong', state: 'NSW', postcode: '2500', weight: 2 },
  { suburb: 'Melbourne', state: 'VIC', postcode: '3000', weight: 9 },
  { suburb: 'Richmond', state: 'VIC', postcode: '3121', weight: 3 },
  { suburb: 'Box Hill', state: 'VIC', postcode: '3128', weight: 3 },
  { suburb: 'Footscray', state: 'VIC', postcode: '3011', weight: 2 },
  { suburb: 'Brunswick', state: 'VIC', postcode: '3056', weight: 2 },
  { suburb: 'St Kilda', state: 'VIC', postcode: '3182', weight: 2 },
  { suburb: 'Glen Waverley', state: 'VIC', postcode: '3150', weight: 2 },
  { suburb: 'Dandenong', state: 'VIC', postcode: '3175', weight: 2 },
  { suburb: 'Geelong', state: 'VIC', postcode: '3220', weight: 2 },
  { suburb: 'Ballarat', state: 'VIC', postcode: '3350', weight: 1 },
  { suburb: 'Bendigo', state: 'VIC', postcode: '3550', weight: 1 },
  { suburb: 'Brisbane City', state: 'QLD', postcode: '4000', weight: 6 },
  { suburb: 'Fortitude Valley', state: 'QLD', postcode: '4006', weight: 2 },
  { suburb: 'South Brisbane', state: 'QLD', postcode: '4101', weight: 2 },
  { suburb: 'Southport', state: 'QLD', postcode: '4215', weight: 2 },
  { suburb: 'Maroochydore', state: 'QLD', postcode: '4558', weight: 1 },
  { suburb: 'Toowoomba', state: 'QLD', postcode: '4350', weight: 1 },
  { suburb: 'Townsville', state: 'QLD', postcode: '4810', weight: 1 },
  { suburb: 'Cairns', state: 'QLD', postcode: '4870', weight: 1 },
  { suburb: 'Perth', state: 'WA', postcode: '6000', weight: 5 },
  { suburb: 'Subiaco', state: 'WA', postcode: '6008', weight: 1 },
  { suburb: 'Fremantle', state: 'WA', postcode: '6160', weight: 1 },
  { suburb: 'Joondalup', state: 'WA', postcode: '6027', weight: 1 },
  { suburb: 'Adelaide', state: 'SA', postcode: '5000', weight: 4 },
  { suburb: 'Norwood', state: 'SA', postcode: '5067', weight: 1 },
  { suburb: 'Glenelg', state: 'SA', postcode: '5045', weight: 1 },
  { suburb: 'Hobart', state: 'TAS', postcode: '7000', weight: 2 },
  { suburb: 'Launceston', state: 'TAS', postcode: '7250', weight: 1 },
  { suburb: 'Canberra', state: 'ACT', postcode: '2601', weight: 2 },
  { suburb: 'Belconnen', state: 'ACT', postcode: '2617', weight: 1 },
  { suburb: 'Phillip', state: 'ACT', postcode: '2606', weight: 1 },
  { suburb: 'Darwin', state: 'NT', postcode: '0800', weight: 1 },
  { suburb: 'Palmerston', state: 'NT', postcode: '0830', weight: 1 },
  { suburb: 'Alice Springs', state: 'NT', postcode: '0870', weight: 1 },
];

export interface NzLocality {
  /** Shown on the line above the city; null in a city centre. */
  suburb: string | null;
  city: string;
  postcode: string;
  weight: number;
}

export const NZ_LOCALITIES: readonly NzLocality[] = [
  { suburb: null, city: 'Auckland', postcode: '1010', weight: 8 },
  { suburb: 'Ponsonby', city: 'Auckland', postcode: '1011', weight: 2 },
  { suburb: 'Grey Lynn', city: 'Auckland', postcode: '1021', weight: 2 },
  { suburb: 'Newmarket', city: 'Auckland', postcode: '1023', weight: 2 },
  { suburb: 'Mount Eden', city: 'Auckland', postcode: '1024', weight: 2 },
  { suburb: 'Remuera', city: 'Auckland', postcode: '1050', weight: 2 },
  { suburb: 'Parnell', city: 'Auckland', postcode: '1052', weight: 2 },
  { suburb: 'Takapuna', city: 'Auckland', postcode: '0622', weight: 2 },
  { suburb: 'Albany', city: 'Auckland', postcode: '0632', weight: 2 },
  { suburb: 'Henderson', city: 'Auckland', postcode: '0612', weight: 2 },
  { suburb: 'Manukau', city: 'Auckland', postcode: '2104', weight: 2 },
  { suburb: null, city: 'Hamilton', postcode: '3204', weight: 3 },
  { suburb: 'Hamilton East', city: 'Hamilton', postcode: '3216', weight: 1 },
  { suburb: null, city: 'Tauranga', postcode: '3110', weight: 2 },
  { suburb: 'Mount Maunganui', city: 'Tauranga', postcode: '3116', weight: 1 },
  { suburb: null, city: 'Rotorua', postcode: '3010', weight: 1 },
  { suburb: null, city: 'Whangārei', postcode: '0110', weight: 1 },
  { suburb: null, city: 'Napier', postcode: '4110', weight: 1 },
  { suburb: null, city: 'Hastings', postcode: '4122', weight: 1 },
  { suburb: null, city: 'New Plymouth', postcode: '4310', weight: 1 },
  { suburb: null, city: 'Palmerston North', postcode: '4410', weight: 1 },
  { suburb: 'Te Aro', city: 'Wellington', postcode: '6011', weight: 4 },
  { suburb: 'Thorndon', city: 'Wellington', postcode: '6011', weight: 1 },
  { suburb: 'Kelburn', city: 'Wellington', postcode: '6012', weight: 1 },
  { suburb: 'Newtown', city: 'Wellington', postcode: '6021', weight: 1 },
  { suburb: 'Johnsonville', city: 'Wellington', postcode: '6037', weight: 1 },
  { suburb: null, city: 'Lower Hutt', postcode: '5010', weight: 1 },
  { suburb: 'Petone', city: 'Lower Hutt', postcode: '5012', weight: 1 },
  { suburb: null, city: 'Nelson', postcode: '7010', weight: 1 },
  { suburb: null, city: 'Christchurch', postcode: '8011', weight: 4 },
  { suburb: 'Merivale', city: 'Christchurch', postcode: '8014', weight: 1 },
  { suburb: 'Sydenham', city: 'Christchurch', postcode: '8023', weight: 1 },
  { suburb: 'Riccarton', city: 'Christchurch', postcode: '8041', weight: 1 },
  { suburb: 'Papanui', city: 'Christchurch', postcode: '8053', weight: 1 },
  { suburb: null, city: 'Queenstown', postcode: '9300', weight: 1 },
  { suburb: null, city: 'Dunedin', postcode: '9016', weight: 2 },
  { suburb: null, city: 'Invercargill', postcode: '9810', weight: 1 },
];

export const AU_STREET_NAMES: readonly string[] = [
  'George', 'Pitt', 'Victoria', 'Church', 'High', 'King', 'Queen', 'Station', 'Railway', 'Bridge', 'Park', 'Beach',
  'Main', 'Wattle', 'Banksia', 'Jacaranda', 'Elizabeth', 'Macquarie', 'Collins', 'Bourke', 'Flinders', 'Chapel',
  'Smith', 'Hay', 'Murray', 'Hunter', 'Oxford', 'Albert', 'Edward', 'Mary', 'Ann', 'Adelaide', 'Wickham', 'Grey',
  'Stirling', 'Hindley', 'Rundle', 'Salamanca', 'Mitchell', 'Cavill', 'Ocean', 'Kings', 'Lonsdale', 'Sturt',
];
export const AU_STREET_TYPES: readonly string[] = [
  'Street', 'Street', 'Street', 'Road', 'Road', 'Avenue', 'Parade', 'Crescent', 'Drive', 'Lane', 'Place', 'Terrace', 'Court', 'Close', 'Way',
];
export const AU_NAMED_STREETS: readonly string[] = [
  'Pacific Highway', 'Anzac Parade', 'Military Road', 'Parramatta Road', 'Princes Highway', 'The Esplanade', 'The Strand',
  'Great Eastern Highway', 'Sydney Road', 'Old Cleveland Road', 'Canterbury Road', 'Gold Coast Highway',
];

export const NZ_STREET_NAMES: readonly string[] = [
  'Queen', 'Victoria', 'Karangahape', 'Ponsonby', 'Dominion', 'Great North', 'Lambton', 'Willis', 'Cuba', 'Courtenay',
  'Colombo', 'Riccarton', 'George', 'Princes', 'Cameron', 'Devonport', 'Grey', 'Hobson', 'Kauri', 'Rimu', 'Tōtara',
  'Pōhutukawa', 'Kōwhai', 'Manuka', 'Tui', 'Kererū', 'Main', 'Church', 'Station', 'Beach', 'Marine', 'Hinemoa',
];
export const NZ_STREET_TYPES: readonly string[] = [
  'Street', 'Street', 'Street', 'Road', 'Road', 'Avenue', 'Terrace', 'Crescent', 'Drive', 'Place', 'Lane', 'Parade', 'Way',
];

/** Suburbs, towns and regions that businesses are named after, on both sides of the Tasman. */
export const AU_BUSINESS_PLACES: readonly string[] = [
  ...new Set(AU_LOCALITIES.map((l) => l.suburb)),
  'Hunter Valley', 'Gold Coast', 'Sunshine Coast', 'Northern Beaches', 'Eastern Suburbs', 'Inner West', 'Hills District',
  'Barossa', 'Yarra Valley', 'Mornington', 'Illawarra', 'Riverina', 'Sutherland', 'Bayside', 'Swan Valley', 'Outback',
];
export const NZ_BUSINESS_PLACES: readonly string[] = [
  ...new Set(NZ_LOCALITIES.map((l) => l.suburb ?? l.city)),
  'Canterbury', 'Waikato', 'Bay of Plenty', 'Otago', "Hawke's Bay", 'Manawatū', 'Taranaki', 'Northland', 'Marlborough',
  'Southland', 'Coromandel', 'Kāpiti', 'Wairarapa', 'Central Otago', 'Tasman', 'Rangitoto',
];
