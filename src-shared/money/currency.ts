/** The fraction digits of a currency (2 for EUR, 0 for JPY); 2 when the code is unknown or absent. */
export function currencyDigits(currency: string | null | undefined): number {
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency.trim())) return 2;
  try {
    const nf = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.trim().toUpperCase() });
    return nf.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
