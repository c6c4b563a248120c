import { ServiceError } from '../errors/service-error';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Checks a service address: HTTPS only, except plain HTTP on loopback (the built-in simulator).
 * Returns it normalised without a trailing slash, e.g. `https://api.example.com/api/v2`.
 */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ServiceError('config', `"${raw}" is not a valid address. Use the form https://host/api/v2.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new ServiceError(
      'config',
      'Only https:// service addresses are allowed (plain http only for the built-in simulator on this computer).',
    );
  }
  if (url.username || url.password) {
    throw new ServiceError('config', 'The service address must not contain a user name or password.');
  }
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/** Whether a redirect target may be followed at all: the same rule as for the base address. */
export function isAllowedRedirectTarget(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
