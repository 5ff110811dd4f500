import { token } from '../../shared/token';

/** The running build's version string, reported by every health endpoint. */
export const SERVICE_VERSION = token<string>('ServiceVersion');
