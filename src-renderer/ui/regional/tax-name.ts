/** The sales tax a region's invoices name: GST in Australia and New Zealand, VAT in the UK and South Africa. */
export function taxNameOf(region: string | undefined): string {
  return region === 'UK' || region === 'ZA' ? 'VAT' : region === 'ANZ' ? 'GST' : 'tax';
}
