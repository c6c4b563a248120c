/**
 * The client an estimate is for, as one name for a list: the customer's company, else the person,
 * else the e-mail; null when the customer names nobody. The service's party objects are loose: a
 * field may be missing or not text.
 */
export function clientName(customer: unknown): string | null {
  if (!customer || typeof customer !== 'object') return null;
  const party = customer as Record<string, unknown>;
  const field = (key: string): string => {
    const v = party[key];
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
  };
  const person = [field('firstname'), field('lastname')].filter(Boolean).join(' ');
  return field('company') || person || field('email') || null;
}
