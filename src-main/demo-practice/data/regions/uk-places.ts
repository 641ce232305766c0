/**
 * Places for the United Kingdom: real post towns with real outward codes (postcode districts) and the
 * county that is usually written with them, street names, and the place words businesses use.
 */

export interface UkTown {
  town: string;
  /** The traditional or ceremonial county; null where none is usually written (London, the big Scottish cities). */
  county: string | null;
  /** Real outward codes (postcode districts) in the town. */
  districts: readonly string[];
  weight: number;
}

export const UK_TOWNS: readonly UkTown[] = [
  { town: 'London', county: null, districts: ['EC1V', 'EC2A', 'EC4M', 'WC1N', 'WC2H', 'W1D', 'W1T', 'SW1P', 'SW11', 'SE1', 'SE15', 'E1', 'E14', 'N1', 'N7', 'NW1', 'NW3'], weight: 24 },
  { town: 'Manchester', county: 'Greater Manchester', districts: ['M1', 'M2', 'M3', 'M4', 'M14', 'M20', 'M21'], weight: 6 },
  { town: 'Salford', county: 'Greater Manchester', districts: ['M5', 'M6', 'M50'], weight: 2 },
  { town: 'Stockport', county: 'Cheshire', districts: ['SK1', 'SK4'], weight: 2 },
  { town: 'Leeds', county: 'West Yorkshire', districts: ['LS1', 'LS2', 'LS6', 'LS11', 'LS17'], weight: 5 },
  { town: 'Bradford', county: 'West Yorkshire', districts: ['BD1', 'BD3', 'BD9'], weight: 2 },
  { town: 'Huddersfield', county: 'West Yorkshire', districts: ['HD1', 'HD2'], weight: 2 },
  { town: 'Harrogate', county: 'North Yorkshire', districts: ['HG1', 'HG2'], weight: 1 },
  { town: 'York', county: 'North Yorkshire', districts: ['YO1', 'YO10', 'YO24'], weight: 2 },
  { town: 'Sheffield', county: 'South Yorkshire', districts: ['S1', 'S2', 'S10', 'S11'], weight: 3 },
  { town: 'Birmingham', county: 'West Midlands', districts: ['B1', 'B2', 'B3', 'B5', 'B15', 'B29'], weight: 6 },
  { town: 'Coventry', county: 'West Midlands', districts: ['CV1', 'CV5'], weight: 2 },
  { town: 'Leicester', county: 'Leicestershire', districts: ['LE1', 'LE2', 'LE3'], weight: 2 },
  { town: 'Nottingham', county: 'Nottinghamshire', districts: ['NG1', 'NG2', 'NG7'], weight: 2 },
  { town: 'Liverpool', county: 'Merseyside', districts: ['L1', 'L2', 'L3', 'L8', 'L17'], weight: 3 },
  { town: 'Chester', county: 'Cheshire', districts: ['CH1', 'CH2'], weight: 1 },
  { town: 'Preston', county: 'Lancashire', districts: ['PR1', 'PR2'], weight: 1 },
  { town: 'Lancaster', county: 'Lancashire', districts: ['LA1'], weight: 1 },
  { town: 'Newcastle upon Tyne', county: 'Tyne and Wear', districts: ['NE1', 'NE2', 'NE6'], weight: 3 },
  { town: 'Bristol', county: null, districts: ['BS1', 'BS2', 'BS6', 'BS8'], weight: 4 },
  { town: 'Bath', county: 'Somerset', districts: ['BA1', 'BA2'], weight: 1 },
  { town: 'Exeter', county: 'Devon', districts: ['EX1', 'EX2', 'EX4'], weight: 1 },
  { town: 'Southampton', county: 'Hampshire', districts: ['SO14', 'SO15', 'SO17'], weight: 2 },
  { town: 'Brighton', county: 'East Sussex', districts: ['BN1', 'BN2', 'BN3'], weight: 2 },
  { town: 'Reading', county: 'Berkshire', districts: ['RG1', 'RG2', 'RG4'], weight: 2 },
  { town: 'Oxford', county: 'Oxfordshire', districts: ['OX1', 'OX2', 'OX4'], weight: 2 },
  { town: 'Cambridge', county: 'Cambridgeshire', districts: ['CB1', 'CB2', 'CB4'], weight: 2 },
  { town: 'Milton Keynes', county: 'Buckinghamshire', districts: ['MK9', 'MK10'], weight: 1 },
  { town: 'Norwich', county: 'Norfolk', districts: ['NR1', 'NR2', 'NR3'], weight: 1 },
  { town: 'Cardiff', county: 'South Glamorgan', districts: ['CF10', 'CF11', 'CF24'], weight: 3 },
  { town: 'Swansea', county: 'West Glamorgan', districts: ['SA1', 'SA2'], weight: 1 },
  { town: 'Glasgow', county: null, districts: ['G1', 'G2', 'G3', 'G12', 'G41'], weight: 4 },
  { town: 'Edinburgh', county: null, districts: ['EH1', 'EH2', 'EH3', 'EH6', 'EH10'], weight: 4 },
  { town: 'Aberdeen', county: null, districts: ['AB10', 'AB11', 'AB25'], weight: 1 },
  { town: 'Belfast', county: 'County Antrim', districts: ['BT1', 'BT2', 'BT7', 'BT9'], weight: 2 },
];

/** Letters that may appear in the inward part of a postcode (no C, I, K, M, O or V). */
export const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export const UK_STREET_NAMES: readonly string[] = [
  'High', 'Station', 'Church', 'Victoria', 'Mill', 'Park', 'London', 'Queen', 'King', 'Manor', 'Chapel', 'Albert',
  'Grange', 'Springfield', 'Broad', 'North', 'South', 'West', 'Green', 'Bridge', 'Castle', 'Market', 'Mount',
  'Windsor', 'Richmond', 'York', 'Beech', 'Oak', 'Elm', 'Wellington', 'Nelson', 'Alexandra', 'Princes', 'Meadow',
  'Orchard', 'School', 'Water', 'Priory', 'Abbey', 'St John’s',
];
export const UK_STREET_TYPES: readonly string[] = [
  'Street', 'Street', 'Road', 'Road', 'Road', 'Lane', 'Avenue', 'Close', 'Drive', 'Way', 'Gardens', 'Place', 'Crescent',
  'Terrace', 'Grove', 'Row', 'Hill', 'Walk',
];
export const UK_NAMED_STREETS: readonly string[] = [
  'The Green', 'Market Place', 'The Parade', 'The Broadway', 'Kingsway', 'Deansgate', 'The Headrow', 'Corporation Street',
  'Sauchiehall Street', 'Princes Street', 'Bold Street', 'Fore Street', 'The Strand', 'Grainger Street', 'Royal Avenue',
];

export const UK_BUSINESS_PLACES: readonly string[] = [
  ...new Set(UK_TOWNS.map((t) => t.town)),
  'Cotswold', 'Pennine', 'Chiltern', 'Cornish', 'Yorkshire', 'Mersey', 'Thames', 'Severn', 'Tyne', 'Highland', 'Lakeland',
  'Wessex', 'Mercia', 'Solent', 'Fenland', 'Cambrian', 'Clyde', 'Tweed', 'Cheshire', 'Kentish', 'Sussex', 'Devon',
  'Norfolk', 'Suffolk', 'Dales', 'Peak', 'Moorgate', 'Shoreditch', 'Ancoats', 'Headingley', 'Clifton', 'Jesmond',
];
