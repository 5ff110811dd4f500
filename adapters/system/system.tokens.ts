import pino from 'pino';
import { token } from '../../core/shared/token';
import { AppConfig } from '../config/app-config';

export const APP_CONFIG = token<AppConfig>('AppConfig');
export const PINO_ROOT = token<pino.Logger>('PinoRoot');
