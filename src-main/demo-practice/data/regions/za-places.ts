/**
 * Places for South Africa: real suburbs and towns with their street postal codes and provinces,
 * street names, and the place words businesses are named after.
 */

export type ZaProvince =
  | 'Gauteng'
  | 'Western Cape'
  | 'KwaZulu-Natal'
  | 'Eastern Cape'
  | 'Free State'
  | 'Limpopo'
  | 'Mpumalanga'
  | 'North West'
  | 'Northern Cape';

export interface ZaLocality {
  /** Written on the line above the city; null where the suburb is the town itself. */
  suburb: string | null;
  city: string;
  province: ZaProvince;
  postcode: string;
  weight: number;
}

export const ZA_LOCALITIES: readonly ZaLocality[] = [
  { suburb: 'City Centre', city: 'Cape Town', province: 'Western Cape', postcode: '8001', weight: 5 },
  { suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postcode: '8001', weight: 2 },
  { suburb: 'Sea Point', city: 'Cape Town', province: 'Western Cape', postcode: '8005', weight: 2 },
  { suburb: 'Rondebosch', city: 'Cape Town', province: 'Western Cape', postcode: '7700', weight: 2 },
  { suburb: 'Claremont', city: 'Cape Town', province: 'Western Cape', postcode: '7708', weight: 2 },
  { suburb: 'Bellville', city: 'Cape Town', province: 'Western Cape', postcode: '7530', weight: 2 },
  { suburb: 'Durbanville', city: 'Cape Town', province: 'Western Cape', postcode: '7550', weight: 1 },
  { suburb: null, city: 'Stellenbosch', province: 'Western Cape', postcode: '7600', weight: 2 },
  { suburb: null, city: 'Paarl', province: 'Western Cape', postcode: '7646', weight: 1 },
  { suburb: null, city: 'Somerset West', province: 'Western Cape', postcode: '7130', weight: 1 },
  { suburb: null, city: 'George', province: 'Western Cape', postcode: '6529', weight: 1 },
  { suburb: 'Braamfontein', city: 'Johannesburg', province: 'Gauteng', postcode: '2001', weight: 4 },
  { suburb: 'Sandton', city: 'Johannesburg', province: 'Gauteng', postcode: '2196', weight: 5 },
  { suburb: 'Rosebank', city: 'Johannesburg', province: 'Gauteng', postcode: '2196', weight: 3 },
  { suburb: 'Randburg', city: 'Johannesburg', province: 'Gauteng', postcode: '2194', weight: 2 },
  { suburb: 'Soweto', city: 'Johannesburg', province: 'Gauteng', postcode: '1804', weight: 2 },
  { suburb: 'Bedfordview', city: 'Germiston', province: 'Gauteng', postcode: '2007', weight: 1 },
  { suburb: null, city: 'Midrand', province: 'Gauteng', postcode: '1685', weight: 2 },
  { suburb: null, city: 'Kempton Park', province: 'Gauteng', postcode: '1619', weight: 1 },
  { suburb: null, city: 'Boksburg', province: 'Gauteng', postcode: '1459', weight: 1 },
  { suburb: 'Pretoria Central', city: 'Pretoria', province: 'Gauteng', postcode: '0002', weight: 2 },
  { suburb: 'Arcadia', city: 'Pretoria', province: 'Gauteng', postcode: '0083', weight: 2 },
  { suburb: null, city: 'Centurion', province: 'Gauteng', postcode: '0157', weight: 2 },
  { suburb: null, city: 'Durban', province: 'KwaZulu-Natal', postcode: '4001', weight: 4 },
  { suburb: 'Umhlanga', city: 'Durban', province: 'KwaZulu-Natal', postcode: '4319', weight: 2 },
  { suburb: 'Westville', city: 'Durban', province: 'KwaZulu-Natal', postcode: '3629', weight: 1 },
  { suburb: 'Pinetown', city: 'Durban', province: 'KwaZulu-Natal', postcode: '3610', weight: 1 },
  { suburb: null, city: 'Pietermaritzburg', province: 'KwaZulu-Natal', postcode: '3201', weight: 2 },
  { suburb: null, city: 'Ballito', province: 'KwaZulu-Natal', postcode: '4420', weight: 1 },
  { suburb: 'Central', city: 'Gqeberha', province: 'Eastern Cape', postcode: '6001', weight: 2 },
  { suburb: 'Summerstrand', city: 'Gqeberha', province: 'Eastern Cape', postcode: '6001', weight: 1 },
  { suburb: null, city: 'East London', province: 'Eastern Cape', postcode: '5201', weight: 1 },
  { suburb: null, city: 'Makhanda', province: 'Eastern Cape', postcode: '6139', weight: 1 },
  { suburb: null, city: 'Bloemfontein', province: 'Free State', postcode: '9301', weight: 2 },
  { suburb: null, city: 'Polokwane', province: 'Limpopo', postcode: '0700', weight: 1 },
  { suburb: null, city: 'Mbombela', province: 'Mpumalanga', postcode: '1201', weight: 1 },
  { suburb: null, city: 'eMalahleni', province: 'Mpumalanga', postcode: '1035', weight: 1 },
  { suburb: null, city: 'Rustenburg', province: 'North West', postcode: '0299', weight: 1 },
  { suburb: null, city: 'Potchefstroom', province: 'North West', postcode: '2531', weight: 1 },
  { suburb: null, city: 'Mahikeng', province: 'North West', postcode: '2745', weight: 1 },
  { suburb: null, city: 'Kimberley', province: 'Northern Cape', postcode: '8301', weight: 1 },
  { suburb: null, city: 'Upington', province: 'Northern Cape', postcode: '8801', weight: 1 },
];

export const ZA_STREET_NAMES: readonly string[] = [
  'Long',
  'Bree',
  'Loop',
  'Main',
  'Church',
  'Kerk',
  'Oxford',
  'Rivonia',
  'Jan Smuts',
  'Voortrekker',
  'Beach',
  'Marine',
  'Kloof',
  'Victoria',
  'Protea',
  'Jacaranda',
  'Acacia',
  'Fig Tree',
  'Nelson Mandela',
  'Albertina Sisulu',
  'Florida',
  'Pretorius',
  'Market',
  'Buitengracht',
  'Strand',
  'Dorp',
  'Station',
  'Eloff',
  'Commissioner',
  'Anton Lembede',
  'Musgrave',
  'Umhlanga Rocks',
  'Lilian Ngoyi',
  'Steve Biko',
  'Chris Hani',
  'Govan Mbeki',
  'Walter Sisulu',
];
export const ZA_STREET_TYPES: readonly string[] = [
  'Street',
  'Street',
  'Street',
  'Road',
  'Road',
  'Avenue',
  'Drive',
  'Crescent',
  'Lane',
  'Close',
  'Boulevard',
];

export const ZA_BUSINESS_PLACES: readonly string[] = [
  ...new Set(ZA_LOCALITIES.map((l) => l.suburb ?? l.city).filter((p) => p !== 'City Centre' && p !== 'Central')),
  'Highveld',
  'Bushveld',
  'Lowveld',
  'Karoo',
  'Boland',
  'Overberg',
  'Garden Route',
  'West Coast',
  'Drakensberg',
  'Waterberg',
  'Table Bay',
  'Table Mountain',
  'Hout Bay',
  'Zululand',
  'Vaal',
  'Magaliesberg',
  'Cederberg',
  'Kalahari',
];
